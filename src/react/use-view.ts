import { useSyncExternalStore } from 'react';
import type { ResponseOf } from '../api/endpoints.js';
import type { ViewArgs } from '../query/create-views.js';
import type { StoredOperation } from '../store/store-mappings.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';
import { useCatalogue } from './catalogue-context.js';

/**
 * The live snapshot of one call: `useView('trendingTv', { time_window: 'day' })`. Parameters may be a new object
 * on every render: the same call gives the same view (validated once per render, `InvalidParamsError` thrown to
 * the nearest error boundary), and every component showing a key shares its one entry and its one fetch.
 */
export function useView<O extends StoredOperation>(operation: O, ...args: ViewArgs<O>): ViewSnapshot<ResponseOf<O>> {
  const view = useCatalogue().view(operation, ...args);
  return useSyncExternalStore(view.subscribe, view.getSnapshot, view.getSnapshot);
}
