/**
 * sync-main-thread's rows from its runs (see `sync-main-thread.ts`): per list kind, the 500-page figures against
 * raw Dexie with issue 33's goals, the 250-page and TanStack Query figures as references, the throttled run's long
 * tasks, growth from 250 to 500 pages, and the heap peak. Where a kind has the `rawNormalized` side (people), the
 * same figures against it as references, and that side against raw Dexie: the floor the store's contract sets
 * under a goal that is measured against raw.
 */
import { type BenchResult, type BenchRow, ratio, round } from '../benchmark.js';
import { SYNC_SIDES, type SyncKind, type SyncSide } from './sync-page/api.js';
import type { MainThreadTasks } from './trace.js';

export interface RunFigures extends MainThreadTasks {
  /** `cpu`'s figures, flat (null where the trace has no thread CPU time). */
  readonly cpuBusyMs: number | null;
  readonly cpuAtLeast50: number | null;
  readonly cpuLongestMs: number | null;
  readonly wallMs: number;
  readonly observedLongTasks: number;
  readonly taskDurationMs: number;
}

const METRICS = [
  'wallMs',
  'busyMs',
  'over16',
  'atLeast50',
  'tbtMs',
  'longestMs',
  'taskDurationMs',
  'observedLongTasks',
  'cpuBusyMs',
  'cpuAtLeast50',
  'cpuLongestMs',
] as const;
type Metric = (typeof METRICS)[number];

/** Issue 33's goals for each 500-page list kind. */
export const SYNC_GOALS = { busy: 1.4, wall: 1.25, growth: 1.1, heap: 1.3 } as const;

const median = (values: readonly number[]): number | null => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

export function syncResult(
  runs: Record<string, Record<SyncSide, RunFigures[]>>,
  heap: Record<string, Record<string, { peakMiB: number; rounds: number[] }>>,
  kinds: readonly SyncKind[],
  { small, large }: { small: number; large: number },
): BenchResult {
  const med = (size: string, side: SyncSide, metric: Metric): number | null => {
    const value = median(
      (runs[size]?.[side] ?? []).map((f) => f[metric]).filter((v): v is number => typeof v === 'number'),
    );
    return value === null ? null : round(value, 1);
  };
  const medians = Object.fromEntries(
    Object.keys(runs).map((size) => [
      size,
      Object.fromEntries(
        SYNC_SIDES.filter((side) => (runs[size]?.[side]?.length ?? 0) > 0).map((side) => [
          side,
          Object.fromEntries(METRICS.map((m) => [m, med(size, side, m)])),
        ]),
      ),
    ]),
  );
  const rows: BenchRow[] = [];
  const row = (metric: string, library: number | null, baseline: number | null, unit: string, goal?: number) => {
    const value = library === null ? null : ratio(library, baseline);
    rows.push({
      metric,
      library: library ?? 0,
      baseline,
      ratio: value,
      goal: goal === undefined ? '' : `≤ ${goal}`,
      unit,
      met: goal === undefined ? undefined : value !== null && value <= goal,
    });
  };
  const growths: Record<string, Record<string, { busy: number | null; wall: number | null }>> = {};
  for (const kind of kinds) {
    const [p1, p2, cpu4] = [`${kind}.p${small}`, `${kind}.p${large}`, `${kind}.p${large}cpu4`];
    const L = (size: string, m: Metric) => med(size, 'library', m);
    const R = (size: string, m: Metric) => med(size, 'raw', m);
    const Q = (size: string, m: Metric) => med(size, 'tanstackQuery', m);
    row(`${p2}.busyVsRaw`, L(p2, 'busyMs'), R(p2, 'busyMs'), 'ms', SYNC_GOALS.busy);
    row(`${p2}.wallVsRaw`, L(p2, 'wallMs'), R(p2, 'wallMs'), 'ms', SYNC_GOALS.wall);
    const fifty = L(cpu4, 'atLeast50');
    rows.push({
      metric: `${cpu4}.tasksAtLeast50`,
      library: fifty ?? 0,
      baseline: R(cpu4, 'atLeast50'),
      ratio: null,
      goal: '0',
      unit: 'tasks',
      met: fifty === 0,
    });
    row(`${cpu4}.longestTask`, L(cpu4, 'longestMs'), R(cpu4, 'longestMs'), 'ms');
    // The same from the main thread's CPU time: on a loaded machine a task's wall time includes waiting for a core.
    rows.push({
      metric: `${cpu4}.cpuTasksAtLeast50`,
      library: L(cpu4, 'cpuAtLeast50') ?? 0,
      baseline: R(cpu4, 'cpuAtLeast50'),
      ratio: null,
      goal: '',
      unit: 'tasks',
      met: undefined,
    });
    row(`${cpu4}.cpuLongestTask`, L(cpu4, 'cpuLongestMs'), R(cpu4, 'cpuLongestMs'), 'ms');
    row(`${p2}.cpuBusyVsRaw`, L(p2, 'cpuBusyMs'), R(p2, 'cpuBusyMs'), 'ms');
    row(`${cpu4}.busyVsRaw`, L(cpu4, 'busyMs'), R(cpu4, 'busyMs'), 'ms');
    row(`${p2}.busyVsQuery`, L(p2, 'busyMs'), Q(p2, 'busyMs'), 'ms');
    row(`${p2}.wallVsQuery`, L(p2, 'wallMs'), Q(p2, 'wallMs'), 'ms');
    row(`${p1}.busyVsRaw`, L(p1, 'busyMs'), R(p1, 'busyMs'), 'ms');
    row(`${p1}.wallVsRaw`, L(p1, 'wallMs'), R(p1, 'wallMs'), 'ms');
    const growth = (side: SyncSide, m: Metric) => {
      const [a, b] = [med(p2, side, m), med(p1, side, m)];
      return a === null ? null : ratio(a, b);
    };
    growths[kind] = Object.fromEntries(
      SYNC_SIDES.map((side) => [side, { busy: growth(side, 'busyMs'), wall: growth(side, 'wallMs') }]),
    );
    for (const [name, m] of [
      ['busy', 'busyMs'],
      ['wall', 'wallMs'],
    ] as const) {
      row(`${kind}.growth.${name}`, growth('library', m), growth('raw', m), `× ${small}→${large}`, SYNC_GOALS.growth);
    }
    row(
      `${kind}.heapPeak.p${large}`,
      heap[kind]?.library?.peakMiB ?? null,
      heap[kind]?.raw?.peakMiB ?? null,
      'MiB',
      SYNC_GOALS.heap,
    );
    if ((runs[p2]?.rawNormalized?.length ?? 0) > 0) {
      const N = (size: string, m: Metric) => med(size, 'rawNormalized', m);
      // The floor: raw Dexie itself, storing the rows the library's contract stores, against raw Dexie.
      row(`${p2}.floor.busyVsRaw`, N(p2, 'busyMs'), R(p2, 'busyMs'), 'ms');
      row(`${p2}.floor.wallVsRaw`, N(p2, 'wallMs'), R(p2, 'wallMs'), 'ms');
      row(`${p1}.floor.wallVsRaw`, N(p1, 'wallMs'), R(p1, 'wallMs'), 'ms');
      row(
        `${kind}.floor.heapPeak.p${large}`,
        heap[kind]?.rawNormalized?.peakMiB ?? null,
        heap[kind]?.raw?.peakMiB ?? null,
        'MiB',
      );
      rows.push({
        metric: `${cpu4}.floor.cpuTasksAtLeast50`,
        library: N(cpu4, 'cpuAtLeast50') ?? 0,
        baseline: R(cpu4, 'cpuAtLeast50'),
        ratio: null,
        goal: '',
        unit: 'tasks',
        met: undefined,
      });
      row(`${cpu4}.floor.cpuLongestTask`, N(cpu4, 'cpuLongestMs'), R(cpu4, 'cpuLongestMs'), 'ms');
      // The library against that floor.
      row(`${p2}.busyVsFloor`, L(p2, 'busyMs'), N(p2, 'busyMs'), 'ms');
      row(`${p2}.wallVsFloor`, L(p2, 'wallMs'), N(p2, 'wallMs'), 'ms');
      row(
        `${kind}.heapPeakVsFloor.p${large}`,
        heap[kind]?.library?.peakMiB ?? null,
        heap[kind]?.rawNormalized?.peakMiB ?? null,
        'MiB',
      );
    }
  }
  return { fields: { medians, growth: growths, heap, runs }, rows };
}
