/**
 * The benchmark runner: `npm run bench -- [name…] [--smoke] [--strict]`.
 *
 * Runs `bench/<name>.bench.ts` (every `*.bench.ts` when no name is given), writes
 * `bench/results/<name>.<env>.json` with the benchmark's fields plus its `rows`, and prints one table.
 * `--smoke` runs tiny counts to check that everything still runs; `--strict` exits 1 when a goal is not met.
 * This is a CLI entry: real time and the console are allowed here.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchContext, BenchEnv, Benchmark, BenchRow } from './benchmark.js';

const here = dirname(fileURLToPath(import.meta.url));
const SUFFIX = '.bench.ts';

function parseArgs(argv: readonly string[]) {
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  const unknown = [...flags].filter((f) => f !== '--smoke' && f !== '--strict');
  if (unknown.length > 0) throw new Error(`bench: unknown flag ${unknown.join(', ')}`);
  return { names: argv.filter((a) => !a.startsWith('--')), smoke: flags.has('--smoke'), strict: flags.has('--strict') };
}

async function benchmarkNames(requested: readonly string[]): Promise<string[]> {
  const available = (await readdir(here)).filter((f) => f.endsWith(SUFFIX)).map((f) => f.slice(0, -SUFFIX.length));
  for (const name of requested) {
    if (!available.includes(name)) throw new Error(`bench: no bench/${name}${SUFFIX} (have: ${available.join(', ')})`);
  }
  return requested.length > 0 ? [...requested] : available.sort();
}

function cell(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'number' ? String(value) : String(value);
}

/** One table for all benchmarks: metric, library, baseline, ratio, goal (and whether it is met). */
function formatTable(rows: readonly (BenchRow & { bench: string })[], smoke: boolean): string {
  const header = ['metric', 'library', 'baseline', 'ratio', 'goal', 'unit', 'met'];
  const lines = rows.map((r) => [
    `${r.bench}.${r.metric}`,
    cell(r.library),
    cell(r.baseline),
    cell(r.ratio),
    r.goal || '—',
    r.unit,
    // Goals are for full runs: a smoke run's tiny counts make its figures meaningless.
    r.met === undefined ? '' : smoke ? 'n/a' : r.met ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const format = (l: readonly string[]) =>
    l
      .map((c, i) => c.padEnd(widths[i] as number))
      .join('  ')
      .trimEnd();
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...lines.map(format)].join('\n');
}

async function main(): Promise<number> {
  const { names, smoke, strict } = parseArgs(process.argv.slice(2));
  const env: BenchEnv = 'node';
  const all: (BenchRow & { bench: string })[] = [];
  await mkdir(join(here, 'results'), { recursive: true });
  for (const name of await benchmarkNames(names)) {
    const module = (await import(pathToFileURL(join(here, `${name}${SUFFIX}`)).href)) as { default?: Benchmark };
    if (typeof module.default !== 'function') throw new Error(`bench: ${name}${SUFFIX} has no default export`);
    const context: BenchContext = { smoke, env, log: (message) => process.stderr.write(`[${name}] ${message}\n`) };
    const started = performance.now();
    const result = await module.default(context);
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    // Smoke runs keep their own file, so checking that a benchmark still runs never overwrites a real result.
    const file = join(here, 'results', `${name}.${env}${smoke ? '.smoke' : ''}.json`);
    const body = { name, env, smoke, date: new Date().toISOString(), seconds, ...result.fields, rows: result.rows };
    await writeFile(file, `${JSON.stringify(body, null, 2)}\n`);
    context.log(`done in ${seconds} s → ${file}`);
    all.push(...result.rows.map((row) => ({ ...row, bench: name })));
  }
  process.stdout.write(`${formatTable(all, smoke)}\n`);
  const unmet = all.filter((r) => r.met === false);
  if (unmet.length > 0 && !smoke) process.stderr.write(`bench: ${unmet.length} goal(s) not met\n`);
  return strict && !smoke && unmet.length > 0 ? 1 : 0;
}

main().then(
  (code) => {
    // Exit explicitly: a baseline may leave timers behind (TanStack Query's cache keeps 5-minute GC timers), and a
    // benchmark run must end when its results are written.
    process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
