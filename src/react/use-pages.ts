import { useMemo, useSyncExternalStore } from 'react';
import type { ViewArgs } from '../query/create-views.js';
import type { PagesSnapshot } from '../query/pages-view.js';
import type { OptionalArgs } from '../query/view-options.js';
import type { ListOperation } from '../sync/sync-engine.js';
import { useCatalogue } from './catalogue-context.js';
import { usePrevious } from './use-previous.js';
import type { ViewOptions } from './view-options.js';

export interface UsePagesResult<O extends ListOperation> extends PagesSnapshot<O> {
  /** Adds the next page; resolves when it is stored (or at once when there is none, or the hook is disabled). */
  fetchNextPage(): Promise<void>;
  /** Revalidates page 1, then only the deeper pages that are stale. */
  refresh(): Promise<void>;
  /** Set on a disabled hook's result only (`{ enabled: false }`). */
  readonly disabled?: true;
}

/**
 * An infinite list: pages 1..n as one envelope, ids de-duplicated; the same list keeps its pages across renders.
 * With `{ enabled: false }` (after the parameters) no call is made: no page, and `fetchNextPage` does nothing;
 * `{ keepPrevious: true }` shows the last list's rows, marked `placeholder: 'previous'`, until the new one has its own.
 */
export function usePages<O extends ListOperation>(
  operation: O,
  ...args: [...ViewArgs<O>, options?: ViewOptions]
): UsePagesResult<O> {
  const catalogue = useCatalogue();
  const options = args[1] as ViewOptions | undefined;
  const pagesArgs = [args[0], { enabled: options?.enabled }] as unknown as OptionalArgs<ViewArgs<O>>;
  const view = usePrevious(catalogue.pages(operation, ...pagesArgs), options?.keepPrevious);
  const snapshot = useSyncExternalStore(view.subscribe, view.getSnapshot, view.getSnapshot);
  return useMemo(
    () =>
      ({
        ...snapshot,
        fetchNextPage: view.fetchNextPage,
        refresh: view.refresh,
      }) as UsePagesResult<O>,
    [snapshot, view],
  );
}
