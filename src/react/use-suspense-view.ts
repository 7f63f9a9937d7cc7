import { useSyncExternalStore } from 'react';
import type { ResponseOf } from '../api/endpoints.js';
import type { ViewArgs } from '../query/create-views.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';
import { useCatalogue } from './catalogue-context.js';
import { suspendFor } from './suspend-for.js';

/**
 * `useView` for a Suspense boundary: the component suspends until the view has data (or has read that it has none
 * and fetches nothing), and the view's error is thrown to the nearest error boundary. Then it follows the view like
 * `useView`. On a server (a memory catalogue) it throws `MemoryStorageError`: React renders the fallback there and
 * the browser renders the boundary with its data after hydration.
 */
export function useSuspenseView<O extends StoredOperation>(
  operation: O,
  ...args: ViewArgs<O>
): ViewSnapshot<ResponseOf<O>> {
  const catalogue = useCatalogue();
  const view = catalogue.view(operation, ...args);
  suspendFor(catalogue, view);
  return useSyncExternalStore(view.subscribe, view.getSnapshot, view.getSnapshot);
}
