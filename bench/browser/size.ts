/**
 * `npm run size`: the bundle table (esbuild and Vite, min+gzip, every reachable chunk; see `bundle.ts`) and exit 1
 * when an esbuild figure is above its issue-24 budget. `--enforce=client,catalogueView` judges only the named
 * entries (CI enforces the budgets that are met, so none of them can regress; the table still shows every row).
 * This is a CLI entry: the console is allowed here.
 */
import { printTable } from '../report.js';
import { BUDGETS, type EntryName, runBundle } from './bundle.js';

function enforced(argv: readonly string[]): readonly EntryName[] {
  const flag = argv.find((arg) => arg.startsWith('--enforce='));
  if (!flag) return Object.keys(BUDGETS) as EntryName[];
  const names = flag.slice('--enforce='.length).split(',');
  for (const name of names) {
    if (!(name in BUDGETS)) throw new TypeError(`size: unknown entry ${name} (entries: ${Object.keys(BUDGETS)})`);
  }
  return names as EntryName[];
}

const judged = enforced(process.argv.slice(2));

runBundle().then(
  (result) => {
    printTable(
      result.rows.map((row) => ({ ...row, bench: 'bundle' })),
      false,
    );
    const over = judged.filter((entry) => {
      const size = (result.fields.esbuild as Record<EntryName, { gzipKB: number }>)[entry].gzipKB;
      return size > BUDGETS[entry];
    });
    process.stdout.write(`size: enforced ${judged.join(', ')}; over budget: ${over.join(', ') || 'none'}\n`);
    process.exit(over.length > 0 ? 1 : 0);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
