/**
 * What the benchmark page exposes on `window.bench` for `bench/browser/run.ts` to drive through
 * `page.evaluate`, and the functions the runner exposes to the page (`window.benchHost`): progress lines and
 * the heap through the DevTools protocol. Every answer is plain data.
 */
import type { BenchResult } from '../benchmark.js';
import type { IngestPeaks, RetainedFigures } from '../heap.bench.js';
import type { ViewsFigures } from '../views.bench.js';

/** Warm start per side (ms) per N (`n1000`), the first of each database in a new browser process. */
export type FirstStarts = Record<string, Record<string, number>>;

export interface BenchPageApi {
  ingest(smoke: boolean): Promise<BenchResult>;
  notify(smoke: boolean): Promise<BenchResult>;
  /** Ingests every N (kept for the restart and heap phases) and measures warm starts and the change. */
  views(smoke: boolean): Promise<ViewsFigures>;
  /** Ingests the views datasets that are not stored yet (the heap phase's, when views did not run). */
  ensureViewsData(smoke: boolean): Promise<void>;
  /** In a new browser process: each side's first warm start per N, after a warm-up on a tiny dataset. */
  firstStarts(smoke: boolean): Promise<FirstStarts>;
  heapPeak(smoke: boolean): Promise<IngestPeaks>;
  heapRetained(smoke: boolean): Promise<Record<string, RetainedFigures>>;
}

/** Exposed by the runner with `page.exposeFunction`. */
export interface BenchHost {
  benchLog(message: string): Promise<void>;
  /** `HeapProfiler.collectGarbage` over CDP. */
  benchGc(): Promise<void>;
  /** `Runtime.getHeapUsage().usedSize` over CDP, bytes. */
  benchHeapUsed(): Promise<number>;
}

declare global {
  interface Window extends BenchHost {
    bench: BenchPageApi;
  }
}
