import type { ResponseOf } from '../api/endpoints.js';
import { parseParams } from '../api/parse-params.js';
import { type StoredOperation, storeMappings } from '../store/store-mappings.js';
import type { CatalogueParams } from '../sync/prepare-call.js';
import type { ListOperation } from '../sync/sync-engine.js';
import { discoverLocally } from './local-discover.js';
import { type LocalSearchResult, searchLocally } from './local-search.js';
import { LocalView } from './local-view.js';
import { type PagesView, PagesViewSource } from './pages-view.js';
import { createStoreView, type StoreSourceRegistry, type StoreView } from './store-view.js';
import type { StoreViewDeps } from './store-view-source.js';
import { ViewRegistry } from './view-registry.js';

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
  readonly operations: OperationViews;
}

// From the store's mappings: an operation added there gets its view here with nothing else to change.
const OPERATIONS = Object.keys(storeMappings).filter((operation) => operation !== 'configuration') as Exclude<
  StoredOperation,
  'configuration'
>[];

/** The read side of a catalogue: views over the store that only ask the engine for freshness. */
export function createViews(deps: StoreViewDeps): Views {
  const registry: StoreSourceRegistry = new ViewRegistry();
  const view = <O extends StoredOperation>(operation: O, ...args: ViewArgs<O>): StoreView<O> =>
    createStoreView(deps, registry, operation, args[0]);
  const operations = Object.fromEntries(
    OPERATIONS.map((operation) => [operation, (params?: never) => view(operation, params as never)]),
  ) as unknown as OperationViews;
  const { db, clock } = deps;
  return {
    view,
    pages: (operation, ...args) => new PagesViewSource(deps, registry, operation, args[0]),
    operations,
    local: {
      discoverTv(filters) {
        const { language: _language, ...params } = parseParams('discoverTv', { ...(filters ?? {}) });
        return new LocalView(async () => discoverLocally(await db.tvSeries.toArray(), params), clock);
      },
      search(text, options = {}) {
        if (typeof text !== 'string') throw new TypeError('local.search: text must be a string');
        const page = options.page ?? 1;
        if (!(Number.isInteger(page) && page >= 1)) throw new TypeError('local.search: page must be an integer ≥ 1');
        return new LocalView(async () => {
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
