import { useSyncExternalStore } from 'react';
import type { ResponseOf } from '../api/endpoints.js';
import type { ViewArgs } from '../query/create-views.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';
import { useCatalogue } from './catalogue-context.js';
import { DISABLED_SNAPSHOT, enabledArgs, type HookSnapshot, noSubscription, type ViewOptions } from './view-options.js';

const disabled = () => DISABLED_SNAPSHOT;

/**
 * The live snapshot of one call: `useView('trendingTv', { time_window: 'day' })`. Parameters may be a new object
 * on every render: the same call gives the same view (validated once per render, `InvalidParamsError` thrown to
 * the nearest error boundary), and every component showing a key shares its one entry and its one fetch. With
 * `{ enabled: false }` (after the parameters) no view is made and `DISABLED_SNAPSHOT` is returned.
 */
export function useView<O extends StoredOperation>(
  operation: O,
  ...args: [...ViewArgs<O>, options?: ViewOptions]
): HookSnapshot<ViewSnapshot<ResponseOf<O>>> {
  const catalogue = useCatalogue();
  const viewArgs = enabledArgs<ViewArgs<O>>(args);
  const view = viewArgs && catalogue.view(operation, ...viewArgs);
  return useSyncExternalStore(
    view?.subscribe ?? noSubscription,
    view?.getSnapshot ?? disabled,
    view?.getSnapshot ?? disabled,
  );
}
