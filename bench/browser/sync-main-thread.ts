/**
 * sync-main-thread (issues 24, 33): what a sync costs the page's main thread, for the library beside raw Dexie and
 * TanStack Query's per-query persister, on a built page (`bench/browser/sync-page/`, Vite production build) in
 * headless Chromium on real IndexedDB. The fake runs OUTSIDE the page, on its own server (127.0.0.1, its own port,
 * open CORS, rate limit off): the page's heap and main thread hold only the sides' work, each side fetching over
 * HTTP as an app would.
 *
 * - Kinds, each its own rows: one list of discover/tv (flat summaries) and popular people (each person's
 *   `known_for` nests works the library stores as movies and series). Per kind: 250 and 500 pages (`--smoke`: 10
 *   and 20), and the 500 again with the CPU throttled 4× (`Emulation.setCPUThrottlingRate`: a phone's CPU; library
 *   and raw Dexie only, one round: it is four times as long, and what it judges is whether any task reaches 50 ms).
 *   People add a reference side at every size, raw Dexie storing the library's normalized rows (`rawNormalized`:
 *   the floor of the store's contract, see `sync-page/api.ts`), to the timed, throttled and heap runs.
 *   The sides take turns in each round (3 rounds; 1 in smoke), each run on a new database,
 *   after a forced GC; medians are reported. Each kind gets one unmeasured run per side first (the JIT, the page's
 *   first IndexedDB work and the fake's first answers of those pages).
 * - wall: in the page, from the side's first call (its database opened in it) to its last page stored.
 * - busy, tasks > 16 ms, tasks ≥ 50 ms, total blocking time: from a trace over the run (`Tracing`, category
 *   `toplevel`; see `trace.ts`): top-level tasks of the renderer main thread. A trace rather than the Performance
 *   domain's `TaskDuration` delta because it gives every task's duration and the busy figure from the same tasks;
 *   `TaskDuration` is kept as a cross-check field. The page's own `longtask` PerformanceObserver count beside it.
 *   The same figures from the thread's CPU time (`tdur`) as reference rows (`cpu*`): on a loaded machine a task's
 *   wall duration includes the time its thread waited for a core.
 * - growth: busy and wall at 500 pages ÷ at 250, per side and kind; the library's against raw Dexie's.
 * - heap peak per kind, 500 pages, library vs raw Dexie: `Runtime.getHeapUsage` polled every 50 ms during a run
 *   of its own (not a timed one: polling costs the main thread), minus the heap after a forced GC before it. A
 *   peak depends on when the collector runs, so the sides take turns over the rounds and medians are compared.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { serveFakeService } from '../../src/testing/node.js';
import { launchChromium } from '../../test/e2e/support/chromium.js';
import { type BenchResult, round } from '../benchmark.js';
import { buildPage } from './build-pages.js';
import { windowLists } from './lists.js';
import { type RunFigures, syncResult } from './sync-figures.js';
import { SYNC_SIDES, type SyncKind, type SyncList, type SyncRun, type SyncSide } from './sync-page/api.js';
import { MainThreadTrace } from './trace.js';

export type { RunFigures } from './sync-figures.js';

const SIDES: readonly SyncSide[] = ['library', 'raw', 'tanstackQuery'];
const THROTTLED_SIDES: readonly SyncSide[] = ['library', 'raw'];
/** The sides of a kind: people add raw Dexie storing the library's normalized rows. */
const withFloor = (kind: SyncKind, sides: readonly SyncSide[]): readonly SyncSide[] =>
  kind === 'popularPeople' ? [...sides, 'rawNormalized'] : sides;
type HeapSide = 'library' | 'raw' | 'rawNormalized';
const MiB = 1024 * 1024;
export const KINDS: readonly SyncKind[] = ['discoverTv', 'popularPeople'];

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function taskDuration(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

type Runner = (side: SyncSide, lists: SyncList[]) => Promise<SyncRun>;

async function measureRun(cdp: CDPSession, trace: MainThreadTrace, run: Runner, side: SyncSide, lists: SyncList[]) {
  await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((resolve) => setTimeout(resolve, 200));
  await trace.start();
  const before = await taskDuration(cdp);
  const result = await run(side, lists);
  const after = await taskDuration(cdp);
  const tasks = await trace.stop();
  return {
    ...tasks,
    cpuBusyMs: tasks.cpu?.busyMs ?? null,
    cpuAtLeast50: tasks.cpu?.atLeast50 ?? null,
    cpuLongestMs: tasks.cpu?.longestMs ?? null,
    wallMs: round(result.wallMs, 1),
    observedLongTasks: result.longTasks.length,
    taskDurationMs: round(after - before, 1),
  } satisfies RunFigures;
}

/** Heap peak above the heap after a forced GC, while one side pulls `lists`. */
async function heapPeak(cdp: CDPSession, run: Runner, side: SyncSide, lists: SyncList[]) {
  await cdp.send('HeapProfiler.collectGarbage');
  await new Promise((resolve) => setTimeout(resolve, 200));
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
  await run(side, lists);
  running = false;
  await poll;
  return round((peak - base) / MiB, 2);
}

/** The list of each kind: discover's first year window (≥ 500 pages), popular people (one list, no params). */
async function listOf(kind: SyncKind, pages: number): Promise<SyncList> {
  if (kind === 'popularPeople') return { kind, params: {}, pages };
  const [first] = await windowLists();
  if (!first) throw new Error('sync-main-thread: no discover list');
  return { kind, params: first.params, pages };
}

export async function runSyncMainThread(smoke: boolean, log: (message: string) => void): Promise<BenchResult> {
  const dir = await buildPage('sync-page');
  const api = await serveFakeService({ rateLimit: false, scale: 'large', cacheMaxAge: 'full' });
  const served = await serveFakeService({ rateLimit: false, staticDir: dir, pageOrigins: { api: [api.url] } });
  const profile = await mkdtemp(join(tmpdir(), 'catalogue-bench-sync-'));
  const context = await launchChromium(profile);
  try {
    const page: Page = await context.newPage();
    page.on('pageerror', (error) => log(`page error: ${error.message}`));
    await page.goto(`${served.url}/`);
    await page.waitForFunction(() => 'syncBench' in window);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const trace = new MainThreadTrace(cdp);
    const run: Runner = (side, lists) =>
      page.evaluate(({ s, l, a }) => window.syncBench.run(s, l, a), { s: side, l: lists, a: api.url });
    const small = smoke ? 10 : 250;
    const large = smoke ? 20 : 500;
    const rounds = smoke ? 1 : 3;
    const runs: Record<string, Record<SyncSide, RunFigures[]>> = {};
    const heap: Record<string, Partial<Record<HeapSide, number[]>>> = {};
    for (const kind of KINDS) {
      const sizes = [
        { size: `${kind}.p${small}`, pages: small, cpu: 1, sides: withFloor(kind, SIDES) },
        { size: `${kind}.p${large}`, pages: large, cpu: 1, sides: withFloor(kind, SIDES) },
        { size: `${kind}.p${large}cpu4`, pages: large, cpu: 4, sides: withFloor(kind, THROTTLED_SIDES), rounds: 1 },
      ];
      const warm = [await listOf(kind, large)];
      for (const side of withFloor(kind, SIDES)) await run(side, warm);
      for (const { size, pages, cpu, sides, rounds: only } of sizes) {
        const lists = [await listOf(kind, pages)];
        const bySide = Object.fromEntries(SYNC_SIDES.map((s) => [s, [] as RunFigures[]])) as Record<
          SyncSide,
          RunFigures[]
        >;
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
        for (let r = 0; r < (only ?? rounds); r++) {
          for (const side of sides) {
            const figures = await measureRun(cdp, trace, run, side, lists);
            bySide[side].push(figures);
            log(
              `${size} ${side} round ${r + 1}: wall ${figures.wallMs} ms, busy ${figures.busyMs} ms, >16 ms ${figures.over16}, ≥50 ms ${figures.atLeast50}, longest ${figures.longestMs} ms`,
            );
          }
        }
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        runs[size] = bySide;
      }
      const heapSides = withFloor(kind, ['library', 'raw']) as readonly HeapSide[];
      const peaks: Partial<Record<HeapSide, number[]>> = Object.fromEntries(heapSides.map((side) => [side, []]));
      for (let r = 0; r < rounds; r++) {
        // The sides take turns, each round starting one side later: a peak depends on when the collector runs.
        for (const side of heapSides.map((_, i) => heapSides[(i + r) % heapSides.length] as HeapSide)) {
          const peak = await heapPeak(cdp, run, side, warm);
          peaks[side]?.push(peak);
          log(`${kind} heap ${side} round ${r + 1}: peak ${peak} MiB`);
        }
      }
      heap[kind] = peaks;
    }
    const heapMedians = Object.fromEntries(
      Object.entries(heap).map(([kind, sides]) => [
        kind,
        Object.fromEntries(
          Object.entries(sides).map(([side, list = []]) => [side, { peakMiB: median(list), rounds: list }]),
        ),
      ]),
    );
    return syncResult(runs, heapMedians, KINDS, { small, large });
  } finally {
    await context.close().catch(() => {});
    await served.close().catch(() => {});
    await api.close().catch(() => {});
    await rm(profile, { recursive: true, force: true }).catch(() => {});
  }
}
