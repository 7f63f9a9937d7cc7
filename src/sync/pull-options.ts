import type { endpoints } from '../api/endpoints.js';
import type { Priority } from '../queue/priority.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { WriteResult } from '../store/records/write-response.js';
import type { Freshness } from './freshness.js';

/** Operations whose answers the store keeps (every GET). */
export type PullOperation = StoredOperation;
/** Paged operations, for `pullList`. */
export type ListOperation = {
  [O in PullOperation]: (typeof endpoints)[O]['kind'] extends 'list' ? O : never;
}[PullOperation];

export interface PullOptions {
  /** @default 'interactive' */
  priority?: Priority;
  /** Fetch even when fresh, unconditionally (no If-None-Match). @default false */
  force?: boolean;
  signal?: AbortSignal;
}

export interface PullListOptions extends Omit<PullOptions, 'force'> {
  /** How many pages from page 1: a number, or `'all'` (up to `total_pages`, clamped to the service's 500). */
  pages: number | 'all';
}

export interface PullListResult {
  /** Pages fetched. */
  readonly pages: number;
  /** Ids in served order, each once: pages drift on the service, so an id may be served on two pages. */
  readonly ids: readonly (number | string)[];
  readonly total_results: number;
}

export interface RefreshOptions {
  /** The most requests one refresh may send. @default 100 */
  budget?: number;
  /** @default 'background' */
  priority?: Priority;
  signal?: AbortSignal;
}

export interface RefreshResult {
  /** Stale entries revalidated and changed (records written). */
  readonly updated: number;
  /** Stale entries revalidated and unchanged (304 or the same ETag: freshness only). */
  readonly unchanged: number;
  readonly failed: number;
  /** Stale entries left for a later refresh (over the budget). */
  readonly remaining: number;
}

export interface EnsureFreshResult {
  readonly freshness: Freshness;
  /** The revalidation started for stale data (stale-while-revalidate), or the fetch of missing data. */
  readonly pending: Promise<WriteResult> | undefined;
}
