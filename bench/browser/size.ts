/**
 * `npm run size`: the bundle table (esbuild and Vite, min+gzip, every reachable chunk; see `bundle.ts`) and exit 1
 * when an esbuild figure is above its issue-24 budget. `--enforce=client,catalogueView` judges only the named
 * entries (CI enforces the budgets that are met, so none of them can regress; the table still shows every row).
 * `--ceiling=catalogueView:106` also fails an entry above a ceiling of its own, in KB: for a budget not met yet, so
 * that it cannot grow meanwhile. This is a CLI entry: the console is allowed here.
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

function ceilings(argv: readonly string[]): Partial<Record<EntryName, number>> {
  const flag = argv.find((arg) => arg.startsWith('--ceiling='));
  if (!flag) return {};
  const found: Partial<Record<EntryName, number>> = {};
  for (const pair of flag.slice('--ceiling='.length).split(',')) {
    const [name, kb] = pair.split(':');
    const limit = Number(kb);
    if (!name || !(name in BUDGETS) || !Number.isFinite(limit) || limit <= 0) {
      throw new TypeError(`size: expected --ceiling=<entry>:<KB>[,…], got ${pair} (entries: ${Object.keys(BUDGETS)})`);
    }
    found[name as EntryName] = limit;
  }
  return found;
}

const judged = enforced(process.argv.slice(2));
const limits = ceilings(process.argv.slice(2));

runBundle().then(
  (result) => {
    printTable(
      result.rows.map((row) => ({ ...row, bench: 'bundle' })),
      false,
    );
    const sizeOf = (entry: EntryName) => (result.fields.esbuild as Record<EntryName, { gzipKB: number }>)[entry].gzipKB;
    const over = judged.filter((entry) => sizeOf(entry) > BUDGETS[entry]);
    const aboveCeiling = (Object.entries(limits) as [EntryName, number][])
      .filter(([entry, limit]) => sizeOf(entry) > limit)
      .map(([entry, limit]) => `${entry} (${sizeOf(entry)} > ${limit})`);
    process.stdout.write(
      `size: enforced ${judged.join(', ')}; over budget: ${over.join(', ') || 'none'}; ` +
        `ceilings ${JSON.stringify(limits)}; above a ceiling: ${aboveCeiling.join(', ') || 'none'}\n`,
    );
    process.exit(over.length > 0 || aboveCeiling.length > 0 ? 1 : 0);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
