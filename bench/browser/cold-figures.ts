/**
 * The figures of `cold-first-content.ts`: what one load records, and the rows (DESIGN's benchmark contract) from
 * the loads of a run. Apart from the runner so that the rows can be checked without a browser.
 */
import { type BenchResult, type BenchRow, median, ratio } from '../benchmark.js';

export const SIDES = ['library', 'tanstackQuery', 'fetch'] as const;
export type ColdSide = (typeof SIDES)[number];

/** The goals of issue 33 for a cold first visit at CPU 4×. */
export const COLD_GOALS = { vsQuery: 1.15, vsFetch: 1.4, criticalPathKB: 45 } as const;
const KB = 1000;

/** When things happened in one load, ms from navigation start (null: not seen before first content). */
export interface LoadChain {
  readonly apiStart: number | null;
  readonly apiEnd: number | null;
  /** GET requests to the service in the whole load (the engine must send its one request once). */
  readonly apiRequests: number;
  /** How long each CORS preflight took on the wire (DevTools' link emulation does not delay them). */
  readonly preflightMs: readonly number[];
  /** The largest script fetched before first content, and when it finished. */
  readonly coreChunk: string | null;
  readonly coreChunkEnd: number | null;
  readonly firstIdbOpen: number | null;
  readonly scripts: readonly { name: string; start: number; end: number; bytes: number }[];
}

export interface ColdLoad {
  /** Navigation start → the 20th row in the DOM. */
  readonly ms: number;
  readonly firstId: string;
  /** On the wire (headers and compressed bodies) before first content: everything, and the scripts. */
  readonly bytes: number;
  readonly scriptBytes: number;
  readonly encodings: Record<string, string>;
  /** The service URLs the page asked for. */
  readonly urls: readonly string[];
  readonly chain: LoadChain;
}

/** Loads by CPU rate (`cpu4`, `cpu1`) and side. */
export type ColdLoads = Record<string, Record<ColdSide, readonly ColdLoad[]>>;

const nullableMedian = (values: readonly (number | null)[]) => {
  const seen = values.filter((v): v is number => v !== null);
  return seen.length === 0 ? null : median(seen, 1);
};

function sideMedians(loads: readonly ColdLoad[]) {
  const of = (pick: (load: ColdLoad) => number) => median(loads.map(pick), 1);
  const ofChain = (pick: (chain: LoadChain) => number | null) => nullableMedian(loads.map((l) => pick(l.chain)));
  return {
    ms: of((l) => l.ms),
    kb: of((l) => l.bytes / KB),
    scriptKb: of((l) => l.scriptBytes / KB),
    apiStart: ofChain((c) => c.apiStart),
    apiEnd: ofChain((c) => c.apiEnd),
    coreChunkEnd: ofChain((c) => c.coreChunkEnd),
    firstIdbOpen: ofChain((c) => c.firstIdbOpen),
    maxApiRequests: Math.max(0, ...loads.map((l) => l.chain.apiRequests)),
  };
}

type Medians = ReturnType<typeof sideMedians>;

/**
 * Rows: library ÷ TanStack per-query and library ÷ fetch per CPU rate (goals at CPU 4× only; other rates are
 * reference rows), then the critical path's bytes at the first rate (the library's goal is absolute: ≤ 45 KB).
 */
export function coldResult(loads: ColdLoads, meta: Record<string, unknown>): BenchResult {
  const rows: BenchRow[] = [];
  const medians: Record<string, Record<ColdSide, Medians>> = {};
  for (const [cpu, bySide] of Object.entries(loads)) {
    const at = Object.fromEntries(SIDES.map((s) => [s, sideMedians(bySide[s])])) as Record<ColdSide, Medians>;
    medians[cpu] = at;
    const judged = cpu === 'cpu4';
    for (const [baseline, goal] of [
      ['tanstackQuery', COLD_GOALS.vsQuery],
      ['fetch', COLD_GOALS.vsFetch],
    ] as const) {
      const r = ratio(at.library.ms, at[baseline].ms);
      rows.push({
        metric: `${cpu}.vs${baseline === 'fetch' ? 'Fetch' : 'Query'}`,
        library: at.library.ms,
        baseline: at[baseline].ms,
        ratio: r,
        goal: judged ? `≤ ${goal}` : '',
        unit: 'ms',
        met: judged ? r !== null && r <= goal : undefined,
      });
    }
  }
  const first = Object.values(medians)[0];
  if (first) {
    for (const [metric, key, goal] of [
      ['criticalPath', 'kb', COLD_GOALS.criticalPathKB],
      ['criticalPathScripts', 'scriptKb', undefined],
    ] as const) {
      for (const baseline of ['tanstackQuery', 'fetch'] as const) {
        const judged = goal !== undefined && baseline === 'tanstackQuery';
        rows.push({
          metric: `${metric}.vs${baseline === 'fetch' ? 'Fetch' : 'Query'}`,
          library: first.library[key],
          baseline: first[baseline][key],
          ratio: ratio(first.library[key], first[baseline][key]),
          goal: judged ? `≤ ${goal} KB` : '',
          unit: 'KB',
          met: judged ? first.library[key] <= goal : undefined,
        });
      }
    }
  }
  const samples = Object.fromEntries(
    Object.entries(loads).map(([cpu, bySide]) => [
      cpu,
      Object.fromEntries(SIDES.map((s) => [s, bySide[s].map((l) => l.ms)])),
    ]),
  );
  const libraryChains = Object.fromEntries(
    Object.entries(loads).map(([cpu, bySide]) => [cpu, bySide.library.map((l) => l.chain)]),
  );
  const encodings = Object.fromEntries(SIDES.map((s) => [s, Object.values(loads)[0]?.[s][0]?.encodings ?? {}]));
  return {
    fields: { ...meta, medians, samples, encodings, libraryChains, bytesPerKB: KB },
    rows,
  };
}
