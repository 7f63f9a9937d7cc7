import type { ResponseOf } from '../api/endpoints.js';
import type { Clock } from '../env.js';
import { isInvalidParamsError } from '../errors/invalid-params-error.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { MovieRow, PersonRow, TvSeriesRow } from '../store/tables/rows.js';
import { type CatalogueParams, NOBODY, type PreparedCall, prepareCall } from '../sync/prepare-call.js';
import type { ListOperation, SyncEngine } from '../sync/sync-engine.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';
import { localKit } from './local-kit.js';
import { localDiscoverParams, localSearchPage, SUMMARY_TABLES, summaryArgs } from './local-params.js';
import type { LocalSearchResult } from './local-search.js';
import { type LocalView, LocalViewSource } from './local-view.js';
import { type PagesView, PagesViewSource } from './pages-view.js';
import { createPendingItems } from './pending-items.js';
import { itemKeysOf, withPendingMarks } from './pending-marks.js';
import { createStoreView, type StoreView } from './store-view.js';
import type { View } from './view.js';
import type { OptionalArgs } from './view-options.js';

/** The declared parameters without index signatures (an operation with none has `Record<string, never>`). */
type DeclaredParams<O extends StoredOperation> = {
  [K in keyof CatalogueParams<O> as string extends K ? never : K]: CatalogueParams<O>[K];
};

/** The arguments of an operation's view: optional when every parameter is. */
export type ViewArgs<O extends StoredOperation> =
  Record<never, never> extends DeclaredParams<O> ? [params?: CatalogueParams<O>] : [params: CatalogueParams<O>];

/**
 * One method per stored (GET) operation, named after it: `catalogue.trendingTv({ time_window: 'day' })`, with the
 * options of `catalogue.view` after the parameters (`catalogue.tvAccountStates({ series_id }, { enabled })`).
 * `configuration` is left out: `catalogue.configuration()` loads it (use `catalogue.view('configuration')`).
 */
export type OperationViews = {
  [O in Exclude<StoredOperation, 'configuration'>]: (...args: OptionalArgs<ViewArgs<O>>) => StoreView<O>;
};

export interface LocalQueries {
  /**
   * Discover over the cached series, offline: the service's filters and sort orders, its envelope, 20 a page.
   * Parameters are validated like the service's (`InvalidParamsError`).
   */
  discoverTv(filters?: CatalogueParams<'discoverTv'>): LocalView<ResponseOf<'discoverTv'>>;
  /** Cached series, movies and people whose title or name contains `text` (case- and accent-insensitive). */
  search(text: string, options?: { page?: number }): LocalView<LocalSearchResult>;
  /**
   * The stored summary of one title or person (what a list showed of it: name, poster, year, rating, overview),
   * `undefined` when no list brought it: a detail screen's placeholder while its details are not stored (offline,
   * a title never opened). Never the details themselves, and never kept as a first answer.
   */
  summary<K extends SummaryKind>(kind: K, id: number): LocalView<StoredSummary<K> | undefined>;
}

/** What `local.summary` reads: a movie, a series or a person. */
export type SummaryKind = 'movie' | 'tv' | 'person';

/** The stored summary of a kind: the row lists merged into its record table. */
export type StoredSummary<K extends SummaryKind> = K extends 'movie'
  ? MovieRow
  : K extends 'tv'
    ? TvSeriesRow
    : PersonRow;

/**
 * The read side of a catalogue's core, over calls prepared once: the front door prepares a view's call, keeps the
 * handle per key (one cache) and makes the live view here from that call, so nothing is parsed or keyed again.
 */
export interface Views {
  /**
   * Validates and keys a call for the current user (`InvalidParamsError` at once); a per-user call no one signed in
   * can make is keyed for `NOBODY`, and its view waits, disabled, for a user who can.
   */
  prepare<O extends StoredOperation>(operation: O, params: CatalogueParams<O> | undefined): PreparedCall<O>;
  /** The live view of a prepared call; `params` are the caller's, for another user's call of a per-user view. */
  storeView<O extends StoredOperation>(call: PreparedCall<O>, params: CatalogueParams<O> | undefined): StoreView<O>;
  /** The growing list from its page 1's prepared call. */
  pagesView<O extends ListOperation>(pageOne: PreparedCall<O>, params: CatalogueParams<O> | undefined): PagesView<O>;
  readonly local: LocalQueries;
}

export interface ViewsDeps {
  /** Local queries read the record tables directly (they never fetch). */
  readonly db: CatalogueDatabase;
  readonly engine: SyncEngine;
  readonly clock: Clock;
  readonly language: string;
  /**
   * Local discover's and search's work, loaded when the first of their views is subscribed to (`lazy-features.ts`;
   * `member` names the caller in the `NetworkError` of a failed load).
   */
  readonly localQueries: (member: string) => Promise<typeof import('./stored-local-queries.js')>;
}

/** The read side of a catalogue: views over the engine's key entries; it only reads, the engine writes. */
export function createViews(deps: ViewsDeps): Views {
  const { engine, db, clock, language, localQueries } = deps;
  const pending = createPendingItems(db);
  const kit = localKit();
  /** The view, marking its items that have a change waiting (when it shows any a change can act on). */
  const marked = <V extends View<ViewSnapshot<unknown>>>(operation: StoredOperation, params: unknown, view: V): V => {
    const itemKeys = itemKeysOf(operation, params);
    return itemKeys ? withPendingMarks(view, pending, itemKeys) : view;
  };
  return {
    prepare(operation, params) {
      try {
        return engine.prepare(operation, params);
      } catch (error) {
        // Bad parameters (or a closed engine) throw again here; only the missing user is waited for.
        if (!isInvalidParamsError(error)) throw error;
        return prepareCall(operation, params, { language, user: NOBODY });
      }
    },
    storeView: (call, params) => marked(call.operation, params, createStoreView(engine, call, params)),
    pagesView: (pageOne, params) => marked(pageOne.operation, params, new PagesViewSource(engine, pageOne, params)),
    local: {
      discoverTv(filters) {
        const params = localDiscoverParams(filters);
        const arrives = () =>
          localQueries('local.discoverTv').then((work) => () => work.discoverStored(db, params, kit));
        return new LocalViewSource({ arrives }, clock);
      },
      search(text, options = {}) {
        const page = localSearchPage(text, options);
        const arrives = () => localQueries('local.search').then((work) => () => work.searchStored(db, text, page, kit));
        return new LocalViewSource({ arrives }, clock);
      },
      summary(kind, id) {
        summaryArgs(kind, id);
        const table = SUMMARY_TABLES[kind];
        return new LocalViewSource(async () => (await db.table(table).get(id)) as never, clock);
      },
    },
  };
}
