import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { OutboxSnapshot } from '../query/outbox-view.js';
import { memoSelection } from '../query/select-status.js';
import type { UserState } from '../query/user-view.js';
import type { SyncStatus } from '../sync/sync-status.js';
import { useCatalogue } from './catalogue-context.js';

const whole = (status: SyncStatus) => status;

/**
 * The engine's status (online, syncing, last sync, last error). With a selector, the component re-renders only when
 * the selected value changes (`isEqual`, `Object.is` unless given): `useStatus((s) => s.online)` is not re-rendered
 * by every request's progress. Without one, on every change.
 */
export function useStatus(): SyncStatus;
export function useStatus<T>(select: (status: SyncStatus) => T, isEqual?: (a: T, b: T) => boolean): T;
export function useStatus<T>(
  select: (status: SyncStatus) => T = whole as (status: SyncStatus) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const catalogue = useCatalogue();
  const subscribe = useCallback((listener: () => void) => catalogue.on('status', listener), [catalogue]);
  const selection = useMemo(() => memoSelection<T>(() => catalogue.status, isEqual), [catalogue, isEqual]);
  const getSnapshot = () => selection(select);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The signed-in user's outbox: pending and failed changes. */
export function useOutbox(): OutboxSnapshot {
  const { outbox } = useCatalogue();
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
}

/**
 * Where the user stands: `{ status: 'restoring' }` until the last session's user is read back at start, then
 * `{ status: 'signedIn', user }` (scope id and kind) or `{ status: 'signedOut' }`.
 */
export function useUser(): UserState {
  const { user } = useCatalogue();
  return useSyncExternalStore(user.subscribe, user.getSnapshot, user.getSnapshot);
}
