import { useMemo, useSyncExternalStore } from 'react';
import type { ViewArgs } from '../query/create-views.js';
import type { PagesSnapshot } from '../query/pages-view.js';
import type { ListOperation } from '../sync/sync-engine.js';
import { useCatalogue } from './catalogue-context.js';
import { DISABLED_SNAPSHOT, enabledArgs, noSubscription, type ViewOptions } from './view-options.js';

export interface UsePagesResult<O extends ListOperation> extends PagesSnapshot<O> {
  /** Adds the next page; resolves when it is stored (or at once when there is none, or the hook is disabled). */
  fetchNextPage(): Promise<void>;
  /** Revalidates page 1, then only the deeper pages that are stale. */
  refresh(): Promise<void>;
  /** Set on a disabled hook's result only (`{ enabled: false }`). */
  readonly disabled?: true;
}

/** What a disabled `usePages` shows: no page, none to add. */
const DISABLED_PAGES = Object.freeze({
  ...DISABLED_SNAPSHOT,
  hasNextPage: false,
  pageCount: 0,
  fetchingNextPage: false,
});
const nothing = async () => {};
const disabledPages = () => DISABLED_PAGES;

/**
 * An infinite list: pages 1..n as one envelope, ids de-duplicated; the same list keeps its pages across renders.
 * With `{ enabled: false }` (after the parameters) no view is made: no page, and `fetchNextPage` does nothing.
 */
export function usePages<O extends ListOperation>(
  operation: O,
  ...args: [...ViewArgs<O>, options?: ViewOptions]
): UsePagesResult<O> {
  const catalogue = useCatalogue();
  const viewArgs = enabledArgs<ViewArgs<O>>(args);
  const view = viewArgs && catalogue.pages(operation, ...viewArgs);
  const snapshot = useSyncExternalStore(
    view?.subscribe ?? noSubscription,
    view?.getSnapshot ?? disabledPages,
    view?.getSnapshot ?? disabledPages,
  );
  return useMemo(
    () =>
      ({
        ...snapshot,
        fetchNextPage: view?.fetchNextPage ?? nothing,
        refresh: view?.refresh ?? nothing,
      }) as UsePagesResult<O>,
    [snapshot, view],
  );
}
