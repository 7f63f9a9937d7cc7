import { useCallback, useSyncExternalStore } from 'react';
import type { OutboxSnapshot } from '../query/outbox-view.js';
import type { CatalogueUser } from '../query/user-view.js';
import type { SyncStatus } from '../sync/sync-status.js';
import { useCatalogue } from './catalogue-context.js';

/** The engine's status (online, syncing, last sync, last error), re-rendering on each change. */
export function useStatus(): SyncStatus {
  const catalogue = useCatalogue();
  const subscribe = useCallback((listener: () => void) => catalogue.on('status', listener), [catalogue]);
  const getSnapshot = useCallback(() => catalogue.status, [catalogue]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** The signed-in user's outbox: pending and failed changes. */
export function useOutbox(): OutboxSnapshot {
  const { outbox } = useCatalogue();
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
}

/** Who is signed in (scope id and kind), or undefined. */
export function useUser(): CatalogueUser | undefined {
  const { user } = useCatalogue();
  return useSyncExternalStore(user.subscribe, user.getSnapshot, user.getSnapshot);
}
