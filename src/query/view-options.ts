import { DeferredView } from '../first-read/deferred-view.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';
import { DISABLED_SNAPSHOT, PAGES_DISABLED } from './disabled-snapshot.js';
import type { PagesView } from './pages-view.js';
import type { StoreView } from './store-view.js';

/**
 * Options of a plain view (`catalogue.view(op, params, options)`, `catalogue.pages(…)`, `catalogue.trendingTv(…)`),
 * after its parameters. (To show an earlier key's data while a new one loads, see `keepPrevious(view, earlier)`:
 * a function of its own, so the first-read path does not carry it.)
 */
export interface CatalogueViewOptions {
  /**
   * `false`: the view does nothing: its parameters are not validated, nothing is read or fetched, nothing is
   * thrown, and it shows `DISABLED_SNAPSHOT` (`disabled: true`, `status: 'loading'`); `refresh()` and
   * `fetchNextPage()` resolve at once. @default true
   */
  readonly enabled?: boolean | undefined;
}

/** A plain view's arguments: its parameters (optional when every one is), then its options. */
export type OptionalArgs<P extends unknown[]> = [...P, options?: CatalogueViewOptions];

/** Whether a view's arguments (parameters, options) disable it. */
export const disabled = (args: readonly unknown[]): boolean => (args[1] as CatalogueViewOptions)?.enabled === false;

const nothing = async () => {};

/**
 * A disabled view: a store that never changes and does nothing; one shape for views and lists. A deferred view
 * never attached, the first-read path's own store: the front door carries this, so it reuses what it has.
 */
const disabledView = (snapshot: object) =>
  Object.assign(new DeferredView(snapshot as ViewSnapshot<never>), {
    requestKey: '',
    hasNextPage: false,
    refresh: nothing,
    fetchNextPage: nothing,
  }) as never;

/** What `catalogue.view(op, params, { enabled: false })` returns: it has no key (`requestKey` is `''`). */
export const DISABLED_VIEW: StoreView<never> = disabledView(DISABLED_SNAPSHOT);

/** What `catalogue.pages(op, params, { enabled: false })` returns: no page asked for, and none to add. */
export const DISABLED_PAGES_VIEW: PagesView<never> = disabledView(PAGES_DISABLED);
