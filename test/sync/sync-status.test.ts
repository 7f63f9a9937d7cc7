import { describe, expect, it } from 'vitest';
import { nextSyncStatus } from '../../src/sync/next-sync-status.js';
import { initialSyncStatus, type SyncStatus } from '../../src/sync/sync-status.js';

const error = { name: 'NetworkError', message: 'down', operation: 'trendingTv' as const, at: 5 };

describe('sync status', () => {
  it('follows a whole timeline of pulls, going offline and back', () => {
    const timeline: SyncStatus[] = [initialSyncStatus(true)];
    const push = (event: Parameters<typeof nextSyncStatus>[1]) =>
      timeline.push(nextSyncStatus(timeline.at(-1) as SyncStatus, event));
    push({ type: 'started' });
    push({ type: 'started' });
    push({ type: 'succeeded', at: 10 });
    push({ type: 'online', online: false });
    push({ type: 'failed', error });
    push({ type: 'online', online: true });
    push({ type: 'started' });
    push({ type: 'quarantined', error: { ...error, name: 'SchemaValidationError' } });
    push({ type: 'started' });
    push({ type: 'succeeded', at: 20 });

    expect(timeline.map((s) => [s.state, s.pending, s.done, s.failed, s.quarantined])).toEqual([
      ['idle', 0, 0, 0, 0],
      ['syncing', 1, 0, 0, 0],
      ['syncing', 2, 0, 0, 0],
      ['syncing', 1, 1, 0, 0],
      ['paused-offline', 1, 1, 0, 0],
      ['paused-offline', 0, 2, 1, 0],
      ['error', 0, 2, 1, 0],
      ['syncing', 1, 2, 1, 0],
      ['error', 0, 3, 2, 1],
      ['syncing', 1, 3, 2, 1],
      ['idle', 0, 4, 2, 1],
    ]);
    expect(timeline.at(-1)?.lastSyncedAt).toBe(20);
    expect(timeline.at(-1)?.lastError?.name).toBe('SchemaValidationError');
  });

  it('is immutable and returns the same object when nothing changes', () => {
    const status = initialSyncStatus(true);
    expect(Object.isFrozen(status)).toBe(true);
    expect(nextSyncStatus(status, { type: 'online', online: true })).toBe(status);
    const next = nextSyncStatus(status, { type: 'started' });
    expect(next).not.toBe(status);
    expect(Object.isFrozen(next)).toBe(true);
    expect(status.pending).toBe(0);
  });

  it('starts paused when created offline', () => {
    expect(initialSyncStatus(false).state).toBe('paused-offline');
  });
});
