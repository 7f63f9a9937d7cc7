import { describe, expect, it } from 'vitest';
import { memoSelection, type StatusSource, selectStatus } from '../../src/query/select-status.js';
import { initialSyncStatus, type SyncStatus } from '../../src/sync/sync-status.js';

/** A status source whose status the test replaces, as the engine does (a new frozen object per change). */
function source(): StatusSource & { next(patch: Partial<SyncStatus>): void } {
  let status = initialSyncStatus(true);
  const listeners = new Set<(status: SyncStatus) => void>();
  return {
    get status() {
      return status;
    },
    on(_event, listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    next(patch) {
      status = Object.freeze({ ...status, ...patch });
      for (const listener of listeners) listener(status);
    },
  };
}

describe('selectStatus', () => {
  it('calls back only when the selected part changes, with the new value', () => {
    const status = source();
    const seen: boolean[] = [];
    const stop = selectStatus(
      status,
      (s) => s.online,
      (online) => seen.push(online),
    );
    for (let i = 1; i <= 20; i++) status.next({ pending: i, state: 'syncing' });
    expect(seen).toEqual([]);
    status.next({ online: false, state: 'paused-offline' });
    status.next({ pending: 3 });
    status.next({ online: true });
    expect(seen).toEqual([false, true]);
    stop();
    status.next({ online: false });
    expect(seen).toEqual([false, true]);
  });

  it('takes an equality for selections that build objects', () => {
    const status = source();
    const seen: unknown[] = [];
    selectStatus(
      status,
      (s) => ({ state: s.state, failed: s.failed }),
      (value) => seen.push(value),
      (a, b) => a.state === b.state && a.failed === b.failed,
    );
    status.next({ pending: 1 });
    status.next({ pending: 2 });
    status.next({ failed: 1 });
    expect(seen).toEqual([{ state: 'idle', failed: 1 }]);
  });
});

describe('memoSelection (the hook’s getSnapshot)', () => {
  it('returns the same value while the selection is equal, even from a new selector each call', () => {
    const status = source();
    const select = memoSelection<{ online: boolean }>(
      () => status.status,
      (a, b) => a.online === b.online,
    );
    const first = select((s) => ({ online: s.online }));
    expect(select((s) => ({ online: s.online }))).toBe(first);
    status.next({ pending: 5 });
    expect(select((s) => ({ online: s.online }))).toBe(first);
    status.next({ online: false });
    const offline = select((s) => ({ online: s.online }));
    expect(offline).not.toBe(first);
    expect(offline).toEqual({ online: false });
  });
});
