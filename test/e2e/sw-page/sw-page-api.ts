/**
 * What the service-worker test page exposes on `window.swE2E`, for tests to drive through `page.evaluate`. One
 * catalogue per tab, on the database its worker shares; every answer is plain data.
 */
import type { OperationName } from '../../../src/api/endpoints.js';
import type { WriteResult } from '../../../src/store/records/write-response.js';
import type { BackgroundRefreshMode, BackgroundRun, BackgroundStatus } from '../../../src/sw/index.js';
import type { RefreshResult } from '../../../src/sync/sync-engine.js';

export type PageParams = Record<string, unknown>;

export interface SwOpenOptions {
  /** @default SW_DB_NAME, the worker's */
  dbName?: string;
  /** A lock of this tab's own instead of the origin's Web Lock: the control that shows what the lock prevents. */
  ownLock?: boolean;
  /** @default { perSecond: 40, concurrency: 8 } (the library's) */
  rateLimit?: { perSecond: number; concurrency?: number };
  /** Lifetime overrides in seconds, e.g. `{ trendingTv: 1 }`. */
  freshness?: Record<string, number>;
}

/** The page's live view of the cached series (`catalogue.local.discoverTv()`), as last emitted. */
export interface WatchedSeries {
  readonly status: string;
  readonly ids: readonly number[];
  readonly total: number;
  /** Snapshots emitted since `watchSeries()`. */
  readonly emissions: number;
}

export interface SwE2EPageApi {
  open(options?: SwOpenOptions): void;
  pull(operation: OperationName, params?: PageParams): Promise<WriteResult>;
  /** Pulls every call at once; resolves when all settled, with the failures' names. */
  pullAll(operation: OperationName, calls: readonly PageParams[]): Promise<{ stored: number; failed: string[] }>;
  read(operation: OperationName, params?: PageParams): Promise<unknown>;
  /** `catalogue.sync.refresh()` at the wall-clock time `at` (ms since the epoch): tabs start at one moment. */
  refreshAt(at: number): Promise<RefreshResult>;
  /** Starts `catalogue.sync.refresh()` and returns at once; poll it with `refreshState()`. */
  startRefresh(): void;
  refreshState():
    | { state: 'none' | 'pending' }
    | { state: 'fulfilled'; value: RefreshResult }
    | { state: 'rejected'; error: string };
  watchSeries(): void;
  watchedSeries(): WatchedSeries;
  /** Registers `/sw.js` (module) and the background refresh; the mode it chose. */
  registerWorker(): Promise<{ mode: BackgroundRefreshMode; fallbackReason?: string }>;
  workerStatus(): Promise<BackgroundStatus>;
  refreshInWorker(): Promise<BackgroundRun>;
  /** The worker's `run-finished` broadcasts heard so far. */
  workerRuns(): readonly BackgroundRun[];
  /** Requests this tab's catalogue put on the wire (its queue's `request` events). */
  requestsSent(): number;
  /** Starts per second this tab's queue allows now: its share of the origin's budget. */
  currentRate(): number;
  close(): Promise<void>;
}

declare global {
  interface Window {
    swE2E: SwE2EPageApi;
  }
}
