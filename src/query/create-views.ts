import type { ResponseOf } from '../api/endpoints.js';
import type { Clock } from '../env.js';
import type { CatalogueDatabase } from '../store/catalogue-database.js';
import type { StoredOperation } from '../store/store-mappings.js';
import type { CatalogueParams } from '../sync/prepare-call.js';
import type { ListOperation, SyncEngine } from '../sync/sync-engine.js';
import { HandleCache } from './handle-cache.js';
import { discoverLocally } from './local-discover.js';
import { localDiscoverParams, localSearchPage } from './local-params.js';
import { type LocalSearchResult, searchLocally } from './local-search.js';
import { type LocalView, LocalViewSource } from './local-view.js';
import { type PagesView, PagesViewSource } from './pages-view.js';
import { createStoreView, type StoreView } from './store-view.js';

/** The declared parameters without index signatures (an operation with none has `Record<string, never>`). */
type DeclaredParams<O extends StoredOperation> = {
  [K in keyof CatalogueParams<O> as string extends K ? never : K]: CatalogueParams<O>[K];
};

/** The arguments of an operation's view: optional when every parameter is. */
export type ViewArgs<O extends StoredOperation> =
  Record<never, never> extends DeclaredParams<O> ? [params?: CatalogueParams<O>] : [params: CatalogueParams<O>];

/**
 * One method per stored (GET) operation, named after it: `catalogue.trendingTv({ time_window: 'day' })`.
 * `configuration` is left out: `catalogue.configuration()` loads it (use `catalogue.view('configuration')`).
 */
export type OperationViews = {
  [O in Exclude<StoredOperation, 'configuration'>]: (...args: ViewArgs<O>) => StoreView<O>;
};

export interface LocalQueries {
  /**
   * Discover over the cached series, offline: the service's filters and sort orders, its envelope, 20 a page.
   * Parameters are validated like the service's (`InvalidParamsError`).
   */
  discoverTv(filters?: CatalogueParams<'discoverTv'>): LocalView<ResponseOf<'discoverTv'>>;
  /** Cached series, movies and people whose title or name contains `text` (case- and accent-insensitive). */
  search(text: string, options?: { page?: number }): LocalView<LocalSearchResult>;
}

export interface Views {
  view<O extends StoredOperation>(operation: O, ...args: ViewArgs<O>): StoreView<O>;
  pages<O extends ListOperation>(operation: O, ...args: ViewArgs<O>): PagesView<O>;
  readonly local: LocalQueries;
}

export interface ViewsDeps {
  /** Local queries read the record tables directly (they never fetch). */
  readonly db: CatalogueDatabase;
  readonly engine: SyncEngine;
  readonly clock: Clock;
}

/** How many view handles are remembered for `view(...)` to hand back the same object. */
const HANDLES = 512;

/** The read side of a catalogue: views over the engine's key entries; it only reads, the engine writes. */
export function createViews(deps: ViewsDeps): Views {
  const { engine } = deps;
  const handles = new HandleCache<StoreView<StoredOperation>>(HANDLES);
  const pageHandles = new HandleCache<PagesView<ListOperation>>(HANDLES);
  const view = <O extends StoredOperation>(operation: O, ...args: ViewArgs<O>): StoreView<O> => {
    // Validated and keyed once, here (`InvalidParamsError` at once); the handle travels with the prepared call.
    const call = engine.prepare(operation, args[0]);
    return handles.get(
      call.requestKey,
      () => createStoreView(engine, call, args[0]) as unknown as StoreView<StoredOperation>,
    ) as unknown as StoreView<O>;
  };
  const { db, clock } = deps;
  return {
    view,
    pages: <O extends ListOperation>(operation: O, ...args: ViewArgs<O>): PagesView<O> => {
      // Keyed by page 1's call (validated at once): the same list gives the same object, its pages kept.
      const key = engine.prepare(operation, { ...(args[0] ?? {}), page: 1 } as never).requestKey;
      return pageHandles.get(
        key,
        () => new PagesViewSource(engine, operation, args[0]) as unknown as PagesView<ListOperation>,
      ) as unknown as PagesView<O>;
    },
    local: {
      discoverTv(filters) {
        const params = localDiscoverParams(filters);
        return new LocalViewSource(async () => discoverLocally(await db.tvSeries.toArray(), params), clock);
      },
      search(text, options = {}) {
        const page = localSearchPage(text, options);
        return new LocalViewSource(async () => {
          const [tv, movies, people] = await Promise.all([
            db.tvSeries.toArray(),
            db.movies.toArray(),
            db.people.toArray(),
          ]);
          return searchLocally({ tv, movies, people }, text, page);
        }, clock);
      },
    },
  };
}
