/** What the sync page exposes on `window.syncBench` for `bench/browser/sync-main-thread.ts`. */
import type { ListSpec } from '../sides/shared.js';

export type SyncSide = 'library' | 'raw' | 'tanstackQuery';

export interface SyncRun {
  /** From the side's first call (its database opened in it) to the last page stored. */
  readonly wallMs: number;
  /** `longtask` entries (≥ 50 ms) seen by a PerformanceObserver during the run, ms. */
  readonly longTasks: readonly number[];
  readonly pages: number;
}

export interface SyncPageApi {
  /** Asks the in-page fake for every page of `lists` and keeps the answers (body and headers) for `run`. */
  prepare(lists: readonly ListSpec[]): Promise<{ prepared: number; ms: number }>;
  /** One side pulls `lists` into a new database from the prepared answers; the database is deleted after. */
  run(side: SyncSide, lists: readonly ListSpec[]): Promise<SyncRun>;
  /** Drops the prepared answers. */
  forget(): void;
}

declare global {
  interface Window {
    syncBench: SyncPageApi;
  }
}
