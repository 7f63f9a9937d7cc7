/**
 * sync-main-thread (issue 24): what a sync costs the page's main thread, for the library beside raw Dexie and
 * TanStack Query's per-query persister, on a built page (`bench/browser/sync-page/`, Vite production build) in
 * headless Chromium on real IndexedDB. The fake's answers are prepared in the page before any timing (a Map
 * served by a trivial fetch), so only the client's work is measured; rate limits are off on both sides.
 *
 * - Sizes: 250 pages (one list) and 1,000 pages (2 lists × 500); `--smoke`: 25 and 2 × 50. The sides take turns
 *   in each round (3 rounds; 1 in smoke), each run on a new database, after a forced GC; medians are reported.
 * - wall: in the page, from the side's first call (its database opened in it) to its last page stored.
 * - busy, tasks > 16 ms, tasks ≥ 50 ms, total blocking time: from a trace over the run (`Tracing`, category
 *   `toplevel`; see `trace.ts`): top-level tasks of the renderer main thread. A trace rather than the Performance
 *   domain's `TaskDuration` delta because it gives every task's duration (tasks > 16 ms and TBT need them) and the
 *   busy figure from the same tasks; `TaskDuration` is kept as a cross-check field (it reads higher: it also counts
 *   work outside top-level tasks). The page's own `longtask` PerformanceObserver count is kept beside it.
 * - growth: busy and wall at 1,000 pages ÷ at 250, per side; the library's against raw Dexie's (goal: within 10 %).
 * - a phone's CPU: the 250 pages again with the CPU throttled 4× (`Emulation.setCPUThrottlingRate`), the same
 *   rounds and figures, as reference rows (`p250cpu4.*`, no goals): whether a sync would cost frames on a slower
 *   device, which is what a worker mode would be for.
 * - heap peak while ingesting 100k records (`--smoke`: 2k), library vs raw Dexie: `Runtime.getHeapUsage` polled
 *   every 50 ms during the run, minus the heap after a forced GC before it (the prepared answers are in both). A
 *   peak depends on when the collector runs, so the sides take turns over 3 rounds (1 in smoke) and the medians
 *   are compared; every round's peak is kept in the fields.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { serveFakeService } from '../../src/testing/node.js';
import { launchChromium } from '../../test/e2e/support/chromium.js';
import { type BenchResult, type BenchRow, ratio, round } from '../benchmark.js';
import { buildPage } from './build-pages.js';
import { listsFor, windowLists } from './lists.js';
import type { ListSpec } from './sides/shared.js';
import type { SyncRun, SyncSide } from './sync-page/api.js';
import { type MainThreadTasks, MainThreadTrace } from './trace.js';

const SIDES: readonly SyncSide[] = ['library', 'raw', 'tanstackQuery'];
const MiB = 1024 * 1024;

export interface RunFigures extends MainThreadTasks {
  readonly wallMs: number;
  readonly observedLongTasks: number;
  readonly taskDurationMs: number;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function taskDuration(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

async function measureRun(page: Page, cdp: CDPSession, trace: MainThreadTrace, side: SyncSide, lists: ListSpec[]) {
  await cdp.send('HeapProfiler.collectGarbage');
  await page.waitForTimeout(200);
  await trace.start();
  const before = await taskDuration(cdp);
  const run: SyncRun = await page.evaluate(({ s, l }) => window.syncBench.run(s, l), { s: side, l: lists });
  const after = await taskDuration(cdp);
  const tasks = await trace.stop();
  return {
    ...tasks,
    wallMs: round(run.wallMs, 1),
    observedLongTasks: run.longTasks.length,
    taskDurationMs: round(after - before, 1),
  } satisfies RunFigures;
}

/** Heap peak above the heap after a forced GC, while one side ingests `lists`. */
async function heapPeak(page: Page, cdp: CDPSession, side: SyncSide, lists: ListSpec[]) {
  await cdp.send('HeapProfiler.collectGarbage');
  await page.waitForTimeout(200);
  await cdp.send('HeapProfiler.collectGarbage');
  const base = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  let peak = base;
  let running = true;
  const poll = (async () => {
    while (running) {
      peak = Math.max(peak, (await cdp.send('Runtime.getHeapUsage')).usedSize);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  await page.evaluate(({ s, l }) => window.syncBench.run(s, l), { s: side, l: lists });
  running = false;
  await poll;
  return { peakMiB: round((peak - base) / MiB, 2), seconds: round((performance.now() - started) / 1000, 1) };
}

export async function runSyncMainThread(smoke: boolean, log: (message: string) => void): Promise<BenchResult> {
  const dir = await buildPage('sync-page');
  const served = await serveFakeService({ rateLimit: false, staticDir: dir });
  const profile = await mkdtemp(join(tmpdir(), 'catalogue-bench-sync-'));
  const context = await launchChromium(profile);
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto(`${served.url}/`);
    await page.waitForFunction(() => 'syncBench' in window);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const trace = new MainThreadTrace(cdp);
    const [first, second] = (await windowLists()) as [ListSpec, ListSpec];
    const small = smoke ? 25 : 250;
    const half = smoke ? 50 : 500;
    const smallLists = [{ params: first.params, pages: small }];
    const phone = `p${small}cpu4`;
    // Each size with the CPU throttling it runs under (1: none).
    const sizes: Record<string, { lists: ListSpec[]; cpu: number }> = {
      [`p${small}`]: { lists: smallLists, cpu: 1 },
      [`p${half * 2}`]: {
        lists: [
          { params: first.params, pages: half },
          { params: second.params, pages: half },
        ],
        cpu: 1,
      },
      [phone]: { lists: smallLists, cpu: 4 },
    };
    const rounds = smoke ? 1 : 3;
    const runs: Record<string, Record<SyncSide, RunFigures[]>> = {};
    for (const [size, { lists, cpu }] of Object.entries(sizes)) {
      const ready = await page.evaluate((l) => window.syncBench.prepare(l), lists);
      log(`${size}: ${ready.prepared} answers prepared in ${Math.round(ready.ms)} ms`);
      // One unmeasured run of each side first: the JIT and the page's first IndexedDB work.
      if (size === `p${small}`)
        for (const side of SIDES) await page.evaluate(({ s, l }) => window.syncBench.run(s, l), { s: side, l: lists });
      const bySide = Object.fromEntries(SIDES.map((s) => [s, [] as RunFigures[]])) as Record<SyncSide, RunFigures[]>;
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      for (let r = 0; r < rounds; r++) {
        for (const side of SIDES) {
          const figures = await measureRun(page, cdp, trace, side, lists);
          bySide[side].push(figures);
          log(
            `${size} ${side} round ${r + 1}: wall ${figures.wallMs} ms, busy ${figures.busyMs} ms, >16 ms ${figures.over16}, ≥50 ms ${figures.atLeast50}, longest ${figures.longestMs} ms`,
          );
        }
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      runs[size] = bySide;
    }
    await page.evaluate(() => window.syncBench.forget());
    const heapN = smoke ? 2000 : 100_000;
    const heapLists = await listsFor(heapN);
    const ready = await page.evaluate((l) => window.syncBench.prepare(l), heapLists);
    log(`heap: ${ready.prepared} answers prepared in ${Math.round(ready.ms)} ms`);
    const heapRuns: Record<'library' | 'raw', { peakMiB: number; seconds: number }[]> = { library: [], raw: [] };
    for (let r = 0; r < rounds; r++) {
      for (const side of r % 2 === 0 ? (['library', 'raw'] as const) : (['raw', 'library'] as const)) {
        const figures = await heapPeak(page, cdp, side, heapLists);
        heapRuns[side].push(figures);
        log(`heap ${side} round ${r + 1}: peak ${figures.peakMiB} MiB in ${figures.seconds} s`);
      }
    }
    const heap = Object.fromEntries(
      Object.entries(heapRuns).map(([side, list]) => [
        side,
        {
          peakMiB: median(list.map((f) => f.peakMiB)),
          seconds: median(list.map((f) => f.seconds)),
          rounds: list.map((f) => f.peakMiB),
        },
      ]),
    );
    await page.evaluate(() => window.syncBench.forget());
    return syncResult(runs, heap, heapN, [`p${small}`, `p${half * 2}`] as const, phone);
  } finally {
    await context.close().catch(() => {});
    await served.close().catch(() => {});
    await rm(profile, { recursive: true, force: true }).catch(() => {});
  }
}

type Metric =
  | 'wallMs'
  | 'busyMs'
  | 'over16'
  | 'atLeast50'
  | 'tbtMs'
  | 'longestMs'
  | 'taskDurationMs'
  | 'observedLongTasks';

export function syncResult(
  runs: Record<string, Record<SyncSide, RunFigures[]>>,
  heap: Record<string, { peakMiB: number; seconds: number; rounds: number[] }>,
  heapN: number,
  [small, large]: readonly [string, string],
  phone?: string,
): BenchResult {
  const med = (size: string, side: SyncSide, metric: Metric) =>
    round(median((runs[size]?.[side] ?? []).map((f) => f[metric])), 1);
  const medians = Object.fromEntries(
    Object.keys(runs).map((size) => [
      size,
      Object.fromEntries(
        SIDES.map((side) => [
          side,
          Object.fromEntries(
            (
              [
                'wallMs',
                'busyMs',
                'over16',
                'atLeast50',
                'tbtMs',
                'longestMs',
                'taskDurationMs',
                'observedLongTasks',
              ] as const
            ).map((m) => [m, med(size, side, m)]),
          ),
        ]),
      ),
    ]),
  );
  const growth = (side: SyncSide, metric: Metric) => ratio(med(large, side, metric), med(small, side, metric));
  const rows: BenchRow[] = [];
  const row = (
    metric: string,
    library: number,
    baseline: number | null,
    value: number | null,
    goal: string,
    met: boolean | undefined,
    unit: string,
  ) => rows.push({ metric, library, baseline, ratio: value, goal, unit, met });
  for (const size of phone !== undefined && runs[phone] ? [small, large, phone] : [small, large]) {
    // The throttled run is a reference: its rows carry no goal.
    const judged = size !== phone;
    const L = (m: Metric) => med(size, 'library', m);
    const R = (m: Metric) => med(size, 'raw', m);
    const Q = (m: Metric) => med(size, 'tanstackQuery', m);
    const busy = ratio(L('busyMs'), R('busyMs'));
    const wall = ratio(L('wallMs'), R('wallMs'));
    row(
      `${size}.busyVsRaw`,
      L('busyMs'),
      R('busyMs'),
      busy,
      judged ? '≤ 1.5' : '',
      judged ? busy !== null && busy <= 1.5 : undefined,
      'ms',
    );
    row(
      `${size}.wallVsRaw`,
      L('wallMs'),
      R('wallMs'),
      wall,
      judged ? '≤ 1.3' : '',
      judged ? wall !== null && wall <= 1.3 : undefined,
      'ms',
    );
    row(`${size}.busyVsQuery`, L('busyMs'), Q('busyMs'), ratio(L('busyMs'), Q('busyMs')), '', undefined, 'ms');
    row(`${size}.wallVsQuery`, L('wallMs'), Q('wallMs'), ratio(L('wallMs'), Q('wallMs')), '', undefined, 'ms');
    const atLarge = size === large;
    row(
      `${size}.tasksAtLeast50`,
      L('atLeast50'),
      R('atLeast50'),
      null,
      atLarge ? '0' : '',
      atLarge ? L('atLeast50') === 0 : undefined,
      'tasks',
    );
    row(`${size}.tasksOver16`, L('over16'), R('over16'), null, '', undefined, 'tasks');
    row(`${size}.tbt`, L('tbtMs'), R('tbtMs'), null, '', undefined, 'ms');
    row(
      `${size}.longestTask`,
      L('longestMs'),
      R('longestMs'),
      ratio(L('longestMs'), R('longestMs')),
      '',
      undefined,
      'ms',
    );
  }
  for (const metric of ['busyMs', 'wallMs'] as const) {
    const library = growth('library', metric) ?? 0;
    const raw = growth('raw', metric);
    const value = raw === null ? null : ratio(library, raw);
    const name = metric === 'busyMs' ? 'busy' : 'wall';
    row(`growth.${name}`, library, raw, value, '≤ 1.1', value !== null && value <= 1.1, `× ${small}→${large}`);
  }
  const heapLib = heap.library?.peakMiB ?? 0;
  const heapRaw = heap.raw?.peakMiB ?? null;
  const heapRatio = ratio(heapLib, heapRaw);
  row(`heapPeak.n${heapN}`, heapLib, heapRaw, heapRatio, '≤ 1.2', heapRatio !== null && heapRatio <= 1.2, 'MiB');
  const fields = {
    medians,
    growth: Object.fromEntries(SIDES.map((s) => [s, { busy: growth(s, 'busyMs'), wall: growth(s, 'wallMs') }])),
    heap: { records: heapN, ...heap },
    runs,
  };
  return { fields, rows };
}
