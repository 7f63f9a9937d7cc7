/**
 * What both runners (`bench/run.ts` in Node, `bench/browser/run.ts` in Chromium) do with results: write
 * `bench/results/<name>.<env>[.smoke].json` and print one table.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchEnv, BenchResult, BenchRow } from './benchmark.js';

/** `bench/results` of the package, whether this module runs as source or compiled (`.bench-build/bench/`). */
const here = dirname(fileURLToPath(import.meta.url));
export const RESULTS_DIR = join(
  basename(dirname(here)) === '.bench-build' ? dirname(dirname(here)) : dirname(here),
  'bench',
  'results',
);

/** A row of the printed table: the benchmark's row under its benchmark's name. */
export type TableRow = BenchRow & { readonly bench: string };

/** Writes one benchmark's results file and returns its path. */
export async function writeResult(
  name: string,
  env: BenchEnv,
  smoke: boolean,
  seconds: number,
  result: BenchResult,
): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  // Smoke runs keep their own file, so checking that a benchmark still runs never overwrites a real result.
  const file = join(RESULTS_DIR, `${name}.${env}${smoke ? '.smoke' : ''}.json`);
  const body = { name, env, smoke, date: new Date().toISOString(), seconds, ...result.fields, rows: result.rows };
  await writeFile(file, `${JSON.stringify(body, null, 2)}\n`);
  return file;
}

function cell(value: unknown): string {
  return value === null || value === undefined ? '—' : String(value);
}

/** One table for all benchmarks: metric, library, baseline, ratio, goal (and whether it is met). */
export function formatTable(rows: readonly TableRow[], smoke: boolean): string {
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

/** Prints the table and says how many goals a full run missed; returns that count. */
export function printTable(rows: readonly TableRow[], smoke: boolean): number {
  process.stdout.write(`${formatTable(rows, smoke)}\n`);
  const unmet = rows.filter((r) => r.met === false).length;
  if (unmet > 0 && !smoke) process.stderr.write(`bench: ${unmet} goal(s) not met\n`);
  return unmet;
}
