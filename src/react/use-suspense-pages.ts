import { useMemo, useSyncExternalStore } from 'react';
import type { ViewArgs } from '../query/create-views.js';
import type { ListOperation } from '../sync/sync-engine.js';
import { useCatalogue } from './catalogue-context.js';
import { suspendFor } from './suspend-for.js';
import type { UsePagesResult } from './use-pages.js';

/**
 * `usePages` for a Suspense boundary: suspends until page 1 has rows (its error to the error boundary), then
 * follows the list; a next page is shown by `fetchingNextPage`, never by suspending again. On a server it throws
 * `MemoryStorageError` for the fallback, as `useSuspenseView` does.
 */
export function useSuspensePages<O extends ListOperation>(operation: O, ...args: ViewArgs<O>): UsePagesResult<O> {
  const catalogue = useCatalogue();
  const view = catalogue.pages(operation, ...args);
  suspendFor(catalogue, view);
  const snapshot = useSyncExternalStore(view.subscribe, view.getSnapshot, view.getSnapshot);
  return useMemo(
    () => ({ ...snapshot, fetchNextPage: view.fetchNextPage, refresh: view.refresh }) as UsePagesResult<O>,
    [snapshot, view],
  );
}
