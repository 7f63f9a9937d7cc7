/**
 * The read side: live views over the store (Dexie `liveQuery`) that render at once from IndexedDB, update
 * themselves when anything underneath changes, and only ask the engine for freshness; infinite lists; local
 * (offline) discover and search over cached records; image URLs from the stored configuration.
 *
 * A catalogue builds them (`createViews`), one method per stored operation: `catalogue.trendingTv(params)`.
 */
export {
  createViews,
  type LocalQueries,
  type OperationViews,
  type ViewArgs,
  type Views,
} from './create-views.js';
export { type ImageKind, type ImageUrlOptions, imageUrl, srcSet } from './image-url.js';
export { discoverLocally, LOCAL_PAGE_SIZE } from './local-discover.js';
export { foldText, type LocalSearchItem, type LocalSearchResult, searchLocally } from './local-search.js';
export type { LocalView } from './local-view.js';
export {
  type InteropObservable,
  type ObservableSubscription,
  type Observer,
  observableSymbol,
} from './observable.js';
export type { PagesSnapshot, PagesView } from './pages-view.js';
export type { StoreView } from './store-view.js';
export type { Demand } from './store-view-source.js';
export type { SnapshotOf, View } from './view.js';
export type { ViewSnapshot, ViewStatus } from './view-snapshot.js';
