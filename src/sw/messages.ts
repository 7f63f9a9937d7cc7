import type { RefreshResult } from '../sync/sync-engine.js';

/**
 * The messages between pages and the service worker: plain data (they cross `postMessage`), each tagged with
 * `protocol` so a worker that also talks other protocols can tell them apart. A request carries an `id` the reply
 * repeats; replies go to the request's `MessagePort` when it sent one, else to the client that sent it.
 *
 *   page → worker   { refresh-now, id }   → worker → page   { refreshed, id, run }   (or { failed, id, error })
 *   page → worker   { status, id }        → worker → page   { status, id, status }
 *   worker → every page after each run     { run-finished, run }
 */
export const PROTOCOL = 'catalogue-sync/background' as const;

/** What woke the worker's refresh. */
export type RefreshTrigger = 'periodicsync' | 'sync' | 'message';

/** A plain error: names and messages cross `postMessage`, class instances do not. */
export interface PlainError {
  readonly name: string;
  readonly message: string;
}

/** One background refresh, as the worker ran it. */
export interface BackgroundRun {
  readonly trigger: RefreshTrigger;
  readonly startedAt: number;
  readonly finishedAt: number;
  /** `done`: finished within the budget; `timed-out`: stopped at `budgetMs`; `failed`: threw. */
  readonly outcome: 'done' | 'timed-out' | 'failed';
  readonly result?: RefreshResult;
  readonly error?: PlainError;
}

export interface BackgroundStatus {
  /** The worker's sync tag. */
  readonly tag: string;
  /** A refresh is running now. */
  readonly running: boolean;
  /** Refreshes run since the worker started. */
  readonly runs: number;
  readonly lastRun?: BackgroundRun;
}

export type PageMessage =
  | { readonly protocol: typeof PROTOCOL; readonly type: 'refresh-now'; readonly id: number }
  | { readonly protocol: typeof PROTOCOL; readonly type: 'status'; readonly id: number };

export type WorkerMessage =
  | { readonly protocol: typeof PROTOCOL; readonly type: 'refreshed'; readonly id: number; readonly run: BackgroundRun }
  | { readonly protocol: typeof PROTOCOL; readonly type: 'failed'; readonly id: number; readonly error: PlainError }
  | {
      readonly protocol: typeof PROTOCOL;
      readonly type: 'status';
      readonly id: number;
      readonly status: BackgroundStatus;
    }
  | { readonly protocol: typeof PROTOCOL; readonly type: 'run-finished'; readonly run: BackgroundRun };

function tagged(value: unknown): value is { protocol: string; type: unknown; id?: unknown } {
  return typeof value === 'object' && value !== null && (value as { protocol?: unknown }).protocol === PROTOCOL;
}

/** Whether a `message` event's data is a page's request of this protocol (anything else is left alone). */
export function isPageMessage(value: unknown): value is PageMessage {
  return tagged(value) && (value.type === 'refresh-now' || value.type === 'status') && Number.isSafeInteger(value.id);
}

/** Whether data a page received is the worker's message of this protocol. */
export function isWorkerMessage(value: unknown): value is WorkerMessage {
  if (!tagged(value)) return false;
  if (value.type === 'run-finished') return typeof (value as { run?: unknown }).run === 'object';
  return (
    (value.type === 'refreshed' || value.type === 'failed' || value.type === 'status') && Number.isSafeInteger(value.id)
  );
}

export function plainError(error: unknown): PlainError {
  const e = error as { name?: unknown; message?: unknown } | null;
  return {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: typeof e?.message === 'string' ? e.message : String(error),
  };
}
