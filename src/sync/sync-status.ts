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

export const initialSyncStatus = (online: boolean): SyncStatus =>
  Object.freeze({
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

/** The state word follows from the counts: computed in one place so snapshots never contradict themselves. */
function stateOf(status: Omit<SyncStatus, 'state'>): SyncState {
  if (status.pending > 0) return status.online ? 'syncing' : 'paused-offline';
  if (!status.online) return 'paused-offline';
  return status.lastOutcome === 'failed' ? 'error' : 'idle';
}

export type SyncStatusEvent =
  | { type: 'online'; online: boolean }
  | { type: 'started' }
  | { type: 'succeeded'; at: number }
  | { type: 'failed'; error: SyncErrorInfo }
  | { type: 'quarantined'; error: SyncErrorInfo };

/** Pure transition: returns the same object when nothing changes. */
export function nextSyncStatus(status: SyncStatus, event: SyncStatusEvent): SyncStatus {
  let next: Omit<SyncStatus, 'state'>;
  switch (event.type) {
    case 'online':
      if (event.online === status.online) return status;
      next = { ...status, online: event.online };
      break;
    case 'started':
      next = { ...status, pending: status.pending + 1 };
      break;
    case 'succeeded':
      next = {
        ...status,
        pending: Math.max(0, status.pending - 1),
        done: status.done + 1,
        lastSyncedAt: event.at,
        lastOutcome: 'succeeded',
      };
      break;
    case 'failed':
      next = {
        ...status,
        pending: Math.max(0, status.pending - 1),
        done: status.done + 1,
        failed: status.failed + 1,
        lastError: event.error,
        lastOutcome: 'failed',
      };
      break;
    case 'quarantined':
      next = {
        ...status,
        pending: Math.max(0, status.pending - 1),
        done: status.done + 1,
        failed: status.failed + 1,
        quarantined: status.quarantined + 1,
        lastError: event.error,
        lastOutcome: 'failed',
      };
      break;
  }
  return Object.freeze({ ...next, state: stateOf(next) });
}
