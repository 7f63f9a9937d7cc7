import type { OperationName } from '../api/endpoints.js';
import type { CatalogueError } from '../errors/catalogue-error.js';
import type { RequestQueueEvents } from '../queue/queue-events.js';
import type { SyncStatus } from './sync-status.js';

/** Pages done of a `pullList` (or items of another multi-request job). */
export interface ProgressEvent {
  readonly operation: OperationName;
  readonly done: number;
  readonly total: number;
}

/** A response reached the store: `stored` wrote records, `not-modified` only renewed freshness. */
export interface StoredEvent {
  readonly operation: OperationName;
  /** The store request key: credential-free (it names the user scope, never a session). */
  readonly requestKey: string;
  readonly outcome: 'stored' | 'not-modified';
  readonly at: number;
}

export interface QuarantinedEvent {
  readonly operation: OperationName;
  readonly requestKey: string;
  /** The dotted path of the first offending field. */
  readonly path: string;
  readonly message: string;
  readonly at: number;
}

export interface SyncErrorEvent {
  readonly operation: OperationName;
  readonly requestKey: string;
  /** Plain facts only: never the token, a session id or the request URL. */
  readonly error: {
    readonly name: string;
    readonly message: string;
    readonly status?: number;
    readonly statusCode?: number;
  };
  readonly at: number;
}

/** Change-feed items were applied to a stored episode (fields patched, or dependents marked stale). */
export interface ChangesAppliedEvent {
  readonly episodeId: number;
  /** The change keys that touched the store, e.g. `name`, `images`. */
  readonly keys: readonly string[];
}

/**
 * A change the service refused for good: its row is now `failed` and its optimistic change rolled back. Carries
 * the credential-free parameters and the user-scope id, never a session id.
 */
export interface MutationFailedEvent {
  readonly seq: number;
  readonly idempotencyKey: string;
  readonly operation: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly userScope: string;
  readonly error: SyncErrorEvent['error'];
  readonly at: number;
}

/** A change the service took (or found already done): its row left the outbox. */
export interface MutationSentEvent {
  readonly seq: number;
  readonly idempotencyKey: string;
  readonly operation: string;
  readonly userScope: string;
  readonly at: number;
}

/**
 * Browse data was evicted: after the store refused a write for quota (`quota`; the write was then retried once), or
 * to bring the accounted size under `maxBytes` (`max-bytes`). Plain facts: request keys are credential-free (browse
 * data is public), never a token or session id. User data, the outbox and configuration are never evicted.
 */
export interface EvictedEvent {
  readonly reason: 'quota' | 'max-bytes';
  /** The store request keys of the responses removed (each now `missing`: a view or `ensureFresh` refetches it). */
  readonly requestKeys: readonly string[];
  /** Rows deleted per table: `syncMeta`, `listPages` and the record tables. */
  readonly records: Readonly<Record<string, number>>;
  /** The JSON length of the rows deleted. */
  readonly bytes: number;
  readonly at: number;
}

/**
 * The current user changed: `signedIn` when a user becomes current (`setUser`, a session created, or the last
 * session restored on start), `signedOut` when the current one ends (`signOut` here or in another tab). Only the
 * scope id: never a session id.
 */
export interface UserEvent {
  readonly userScope: string;
  readonly kind: 'account' | 'guest';
  readonly at: number;
}

/** Everything `catalogue.on(…)` can listen to: the engine's events plus the request queue's. */
export type CatalogueEvents = RequestQueueEvents & {
  progress: [ProgressEvent];
  stored: [StoredEvent];
  quarantined: [QuarantinedEvent];
  error: [SyncErrorEvent];
  status: [SyncStatus];
  mutationFailed: [MutationFailedEvent];
  mutationSent: [MutationSentEvent];
  changesApplied: [ChangesAppliedEvent];
  evicted: [EvictedEvent];
  signedIn: [UserEvent];
  signedOut: [UserEvent];
  /**
   * The catalogue stopped for good on its own (not by `close()`): a newer release upgraded its database
   * (`NewerReleaseError`). Every call now rejects with the error and views show it; the page should reload.
   */
  stopped: [CatalogueError];
};
