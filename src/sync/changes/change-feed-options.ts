import type { Priority } from '../../queue/priority.js';

export interface RefreshChangesOptions {
  /** The most requests one run may send (feeds, change lists and fallback revalidations). @default 100 */
  budget?: number;
  /** @default 'background' */
  priority?: Priority;
  signal?: AbortSignal;
}

export interface RefreshChangesResult {
  /** Episodes whose feed was fetched and applied. */
  readonly polled: number;
  /** Episode rows written by patches. */
  readonly patched: number;
  /** Episodes found unchanged by the series change list, advanced without a request of their own. */
  readonly quiet: number;
  /** Episodes past the 14-day window (or never stored) whose stored resources were revalidated instead. */
  readonly fallback: number;
  /** Freshness rows marked stale by unpatchable keys. */
  readonly staled: number;
  /** Episodes whose poll or revalidation failed (their cursors stay where they were). */
  readonly failed: number;
  /** Tracked episodes left for a later run (over the budget). */
  readonly remaining: number;
  /** Requests sent. */
  readonly requests: number;
}

export interface TrackSeriesOptions {
  /**
   * The seasons to track. Without it, seasons are fetched from 1 upward until the service answers 404 (there is
   * no series-details operation in the registry yet).
   */
  seasons?: readonly number[];
  signal?: AbortSignal;
}

export function resolveBudget(budget: unknown): number {
  const value = budget ?? 100;
  if (!(typeof value === 'number' && Number.isInteger(value) && value >= 0)) {
    throw new TypeError(`refreshChanges: budget must be an integer ≥ 0, got ${String(budget)}`);
  }
  return value;
}
