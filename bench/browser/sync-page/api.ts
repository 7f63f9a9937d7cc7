/** What the sync page exposes on `window.syncBench` for `bench/browser/sync-main-thread.ts`. */

/**
 * `rawNormalized` is a reference for people only: raw Dexie storing the rows the library's store contract asks for
 * (each `known_for` work its own row of a movies or series table, the person keeping references), one transaction
 * a page like `raw`. It is the floor of that contract, so a goal set against `raw` can be read against it.
 */
export const SYNC_SIDES = ['library', 'raw', 'rawNormalized', 'tanstackQuery'] as const;
export type SyncSide = (typeof SYNC_SIDES)[number];

/** The two kinds of list a sync pulls: flat summaries, and people whose `known_for` nests works. */
export type SyncKind = 'discoverTv' | 'popularPeople';

/** One list to pull: its kind, its params (without page and language) and how many pages from page 1. */
export interface SyncList {
  readonly kind: SyncKind;
  readonly params: Record<string, string>;
  readonly pages: number;
}

export interface SyncRun {
  /** From the side's first call (its database opened in it) to the last page stored. */
  readonly wallMs: number;
  /** `longtask` entries (≥ 50 ms) seen by a PerformanceObserver during the run, ms. */
  readonly longTasks: readonly number[];
  readonly pages: number;
}

export interface SyncPageApi {
  /**
   * One side pulls `lists` from the fake at `api` (another origin: the fake runs outside the page) into a new
   * database; the database is deleted after.
   */
  run(side: SyncSide, lists: readonly SyncList[], api: string): Promise<SyncRun>;
}

declare global {
  interface Window {
    syncBench: SyncPageApi;
  }
}
