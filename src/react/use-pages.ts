import { useMemo, useSyncExternalStore } from 'react';
import type { ViewArgs } from '../query/create-views.js';
import type { PagesSnapshot } from '../query/pages-view.js';
import type { ListOperation } from '../sync/sync-engine.js';
import { useCatalogue } from './catalogue-context.js';

export interface UsePagesResult<O extends ListOperation> extends PagesSnapshot<O> {
  /** Adds the next page; resolves when it is stored (or at once when there is none). */
  fetchNextPage(): Promise<void>;
  /** Revalidates page 1, then only the deeper pages that are stale. */
  refresh(): Promise<void>;
}

/** An infinite list: pages 1..n as one envelope, ids de-duplicated; the same list keeps its pages across renders. */
export function usePages<O extends ListOperation>(operation: O, ...args: ViewArgs<O>): UsePagesResult<O> {
  const view = useCatalogue().pages(operation, ...args);
  const snapshot = useSyncExternalStore(view.subscribe, view.getSnapshot, view.getSnapshot);
  return useMemo(() => ({ ...snapshot, fetchNextPage: view.fetchNextPage, refresh: view.refresh }), [snapshot, view]);
}
