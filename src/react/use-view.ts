import { useSyncExternalStore } from 'react';
import type { ResponseOf } from '../api/endpoints.js';
import type { ViewArgs } from '../query/create-views.js';
import type { OptionalArgs } from '../query/view-options.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';
import { useCatalogue } from './catalogue-context.js';
import { usePrevious } from './use-previous.js';
import type { HookSnapshot, ViewOptions } from './view-options.js';

/**
 * The live snapshot of one call: `useView('trendingTv', { time_window: 'day' })`. Parameters may be a new object
 * on every render: the same call gives the same view (validated once per render, `InvalidParamsError` thrown to
 * the nearest error boundary), and every component showing a key shares its one entry and its one fetch. With
 * `{ enabled: false }` (after the parameters) no call is made and `DISABLED_SNAPSHOT` is returned; with
 * `{ keepPrevious: true }` a new key shows the last key's data, marked `placeholder: 'previous'`, until it has its own.
 */
export function useView<O extends StoredOperation>(
  operation: O,
  ...args: [...ViewArgs<O>, options?: ViewOptions]
): HookSnapshot<ViewSnapshot<ResponseOf<O>>> {
  const catalogue = useCatalogue();
  const options = args[1] as ViewOptions | undefined;
  // The parameters as given, the options the hook's view takes (`keepPrevious` is the hook's: it knows the last view).
  const viewArgs = [args[0], { enabled: options?.enabled }] as unknown as OptionalArgs<ViewArgs<O>>;
  const view = usePrevious(catalogue.view(operation, ...viewArgs), options?.keepPrevious);
  return useSyncExternalStore(view.subscribe, view.getSnapshot, view.getSnapshot);
}
