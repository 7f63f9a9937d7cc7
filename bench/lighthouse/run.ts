/**
 * `npm run lighthouse [-- --smoke]`: builds the demo as `npm run demo` does, serves it with the embedded fake on
 * 127.0.0.1, and runs Lighthouse 12.2.3 against the home page in Debian's Chromium, desktop and mobile presets,
 * 3 runs each (1 with `--smoke`), each a first visit on a fresh profile. Prints the medians as the benchmarks'
 * table and writes `bench/results/lighthouse.chromium[.smoke].json`; the audits that did not pass go to stderr.
 * This is a CLI entry: real time and the console are allowed here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDemo } from '../../demo/build-demo.js';
import { serveDemo } from '../../demo/serve-demo.js';
import {
  type LighthouseFigures,
  type LighthousePreset,
  runLighthouse,
} from '../../test/e2e/support/lighthouse-audit.js';
import type { BenchRow } from '../benchmark.js';
import { printTable, writeResult } from '../report.js';

const PRESETS: readonly LighthousePreset[] = ['desktop', 'mobile'];

/** The demo's goals, per preset: [figure, goal in words, unit, whether a value meets it]. */
const GOALS: readonly (readonly [
  keyof Omit<LighthouseFigures, 'failing'>,
  (preset: LighthousePreset) => string,
  string,
  (value: number, preset: LighthousePreset) => boolean,
])[] = [
  ['performance', (p) => (p === 'desktop' ? '≥ 95' : '≥ 90'), 'score', (v, p) => v >= (p === 'desktop' ? 95 : 90)],
  ['accessibility', () => '= 100', 'score', (v) => v === 100],
  ['bestPractices', () => '= 100', 'score', (v) => v === 100],
  ['cls', () => '≤ 0.05', '', (v) => v <= 0.05],
  ['lcpMs', () => '', 'ms', () => true],
  ['tbtMs', () => '', 'ms', () => true],
];

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

const round = (value: number, unit: string) => (unit === '' ? Math.round(value * 1000) / 1000 : Math.round(value));

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const unknown = argv.filter((arg) => arg !== '--smoke');
  if (unknown.length > 0) throw new Error(`lighthouse: unknown argument ${unknown.join(', ')}`);
  const smoke = argv.includes('--smoke');
  const runs = smoke ? 1 : 3;
  const started = performance.now();
  const dir = await mkdtemp(join(tmpdir(), 'catalogue-lighthouse-'));
  try {
    process.stderr.write('[lighthouse] building the demo…\n');
    await buildDemo(dir);
    const served = await serveDemo({ dir, port: 0 });
    const rows: (BenchRow & { bench: string })[] = [];
    const fields: Record<string, unknown> = { runs, url: '/' };
    try {
      for (const preset of PRESETS) {
        const results: LighthouseFigures[] = [];
        for (let run = 1; run <= runs; run++) {
          process.stderr.write(`[lighthouse] ${preset} run ${run}/${runs}…\n`);
          results.push(await runLighthouse(`${served.url}/`, preset));
        }
        const medians: Record<string, number> = {};
        for (const [figure, goal, unit, meets] of GOALS) {
          const value = round(median(results.map((result) => result[figure])), unit);
          medians[figure] = value;
          const hasGoal = goal(preset) !== '';
          rows.push({
            bench: 'lighthouse',
            metric: `${preset}.${figure}`,
            library: value,
            baseline: null,
            ratio: null,
            goal: goal(preset),
            unit,
            met: hasGoal ? meets(value, preset) : undefined,
          });
        }
        fields[preset] = { medians, runs: results.map(({ failing: _failing, ...figures }) => figures) };
        const failing = [...new Set(results.flatMap((result) => result.failing))];
        if (failing.length > 0)
          process.stderr.write(`[lighthouse] ${preset}, not passed:\n  ${failing.join('\n  ')}\n`);
      }
    } finally {
      await served.close();
    }
    const seconds = Math.round((performance.now() - started) / 1000);
    const file = await writeResult('lighthouse', 'chromium', smoke, seconds, { fields, rows });
    printTable(rows, smoke);
    process.stderr.write(`[lighthouse] wrote ${file}\n`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
