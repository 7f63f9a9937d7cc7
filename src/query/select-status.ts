import type { SyncStatus } from '../sync/sync-status.js';

/** What `selectStatus` needs of a catalogue: its status and its `status` event. */
export interface StatusSource {
  readonly status: SyncStatus;
  on(event: 'status', listener: (status: SyncStatus) => void): () => void;
}

/**
 * Calls `listener` with the part of the catalogue's status that `select` picks, each time that part changes (by
 * `isEqual`, `Object.is` unless given): a header that shows "online" is not told of every request's progress.
 * Returns the unsubscribe. The listener is not called for the current value: read it with `select(source.status)`.
 */
export function selectStatus<T>(
  source: StatusSource,
  select: (status: SyncStatus) => T,
  listener: (selected: T) => void,
  isEqual: (a: T, b: T) => boolean = Object.is,
): () => void {
  let selected = select(source.status);
  return source.on('status', (status) => {
    const next = select(status);
    if (isEqual(selected, next)) return;
    selected = next;
    listener(next);
  });
}

/**
 * A `getSnapshot` for `useSyncExternalStore` that returns the same selected value while `isEqual` says it is the
 * same: a selector that builds an object each call would otherwise render on every status change, or loop.
 */
export function memoSelection<T>(
  read: () => SyncStatus,
  isEqual: (a: T, b: T) => boolean,
): (select: (status: SyncStatus) => T) => T {
  let last: { status: SyncStatus; select: (status: SyncStatus) => T; value: T } | undefined;
  return (select) => {
    const status = read();
    if (last !== undefined && last.status === status && last.select === select) return last.value;
    const value = select(status);
    const kept = last !== undefined && isEqual(last.value, value) ? last.value : value;
    last = { status, select, value: kept };
    return kept;
  };
}
