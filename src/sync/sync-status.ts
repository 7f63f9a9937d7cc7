import type { OperationName } from '../api/endpoints.js';

/**
 * What the engine is doing, as one word: `paused-offline` when work waits for the network, `error` when the
 * last pull failed and nothing has succeeded since, `syncing` while requests are queued or in flight.
 */
export type SyncState = 'idle' | 'syncing' | 'paused-offline' | 'error';

export interface SyncErrorInfo {
  readonly name: string;
  readonly message: string;
  readonly operation: OperationName;
  readonly at: number;
}

/**
 * An immutable snapshot, replaced on every change: `catalogue.status === previous` means nothing changed, so it
 * works as a React external store and as a cheap change check.
 */
export interface SyncStatus {
  /** `memory`: nothing is stored or fetched and changes are refused (a server render; `storage: 'memory'`). */
  readonly storage: 'indexeddb' | 'memory';
  readonly state: SyncState;
  readonly online: boolean;
  /** Pulls waiting for the queue or the network. */
  readonly pending: number;
  /** Pulls finished since creation (stored, not modified, or failed). */
  readonly done: number;
  readonly failed: number;
  readonly quarantined: number;
  readonly lastSyncedAt: number | undefined;
  readonly lastError: SyncErrorInfo | undefined;
  /** How the most recent pull ended: the `error` state lasts until a pull succeeds. */
  readonly lastOutcome: 'none' | 'succeeded' | 'failed';
}

export const initialSyncStatus = (online: boolean, storage: 'indexeddb' | 'memory' = 'indexeddb'): SyncStatus =>
  Object.freeze({
    storage,
    state: online ? 'idle' : 'paused-offline',
    online,
    pending: 0,
    done: 0,
    failed: 0,
    quarantined: 0,
    lastSyncedAt: undefined,
    lastError: undefined,
    lastOutcome: 'none',
  });
