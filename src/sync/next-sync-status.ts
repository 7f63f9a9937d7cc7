import type { SyncErrorInfo, SyncState, SyncStatus } from './sync-status.js';

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
