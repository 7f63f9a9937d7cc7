import type { ResponseOf } from './api/endpoints.js';
import type { Configuration } from './api/schemas/configuration.js';
import { type CatalogueOptions, resolveCatalogueOptions } from './catalogue-options.js';
import { MemoryStorageError } from './errors/memory-storage-error.js';
import { frontDoor } from './front-door.js';
import { lazyFeatures } from './lazy-features.js';
import type { LocalQueries, OperationViews, ViewArgs } from './query/create-views.js';
import type { ImageKind, ImageUrlOptions } from './query/image-url.js';
import type { OutboxView } from './query/outbox-view.js';
import type { PagesView } from './query/pages-view.js';
import type { StoreView } from './query/store-view.js';
import type { UserView } from './query/user-view.js';
import type { OptionalArgs } from './query/view-options.js';
import type { QueueStats } from './queue/queue-stats.js';
import type { KindFigures } from './store/eviction/storage-figures.js';
import type { StoredOperation } from './store/mappings/store-mappings.js';
import type { DataKind } from './store/tables/data-kinds.js';
import type { CatalogueEvents } from './sync/catalogue-events.js';
import type { CatalogueSync } from './sync/catalogue-sync.js';
import type { EpisodeTracking } from './sync/changes/change-feed.js';
import type { AccountMutations, ListMutations } from './sync/mutations.js';
import type { CatalogueNews } from './sync/news/news-types.js';
import type { CatalogueParams } from './sync/prepare-call.js';
import type { ListOperation, PullOperation } from './sync/sync-engine.js';
import type { SyncStatus } from './sync/sync-status.js';
import type { UserCredentials } from './sync/user-scope.js';
import type { SignedIn, SignOutOptions } from './sync/user-sessions.js';

export { databaseOf } from './catalogue-databases.js';

/** `catalogue.auth`: sessions. Request tokens and session ids are never returned to events, logs or keys. */
export interface CatalogueAuth {
  /** Resolves once the user of the last session on this database is restored (or there was none). */
  ready(): Promise<void>;
  /** `GET /3/authentication`: whether the access token is accepted. */
  validate(): Promise<ResponseOf<'validateToken'>>;
  /** A request token for the user to approve on the service's site; never stored. */
  createRequestToken(): Promise<ResponseOf<'createRequestToken'>>;
  /** Exchanges an approved request token for a session and signs its account in. */
  createSession(requestToken: string): Promise<SignedIn>;
  /** Opens a guest session (it can only rate) and signs it in. */
  createGuestSession(): Promise<SignedIn>;
}

/**
 * A catalogue: one live view method per stored operation (`catalogue.trendingTv({ time_window: 'day' })`,
 * `catalogue.seasonCredits({ series_id, season_number })`, …), plus the members below.
 */
export interface Catalogue extends OperationViews {
  /**
   * The live view of any stored operation's answer (also `configuration`). Options after the parameters:
   * `{ enabled: false }`: nothing validated, read or fetched (`DISABLED_VIEW`, showing `DISABLED_SNAPSHOT`).
   */
  view<O extends StoredOperation>(operation: O, ...args: OptionalArgs<ViewArgs<O>>): StoreView<O>;
  /**
   * Pages 1..n of a list as one growing envelope, ids de-duplicated across pages: `fetchNextPage()`. The options
   * of `view`, after the parameters.
   */
  pages<O extends ListOperation>(operation: O, ...args: OptionalArgs<ViewArgs<O>>): PagesView<O>;
  /** Queries over the cached records only: they work offline and never touch the network. */
  readonly local: LocalQueries;
  readonly sync: CatalogueSync;
  /** Episodes kept fresh from change feeds: `track.episode(id)`, `track.series(id)`. */
  readonly track: EpisodeTracking;
  /** What's new for a set of series (changed or aired episodes since a time), from the store: `news.since(t, ids)`. */
  readonly news: CatalogueNews;
  /** The engine's immutable status snapshot: a new object on every change. */
  readonly status: SyncStatus;
  /** The request queue's immutable counters snapshot. */
  readonly queueStats: QueueStats;
  /** Subscribes to a typed event (engine and queue events); returns the unsubscribe function. */
  on<E extends keyof CatalogueEvents>(event: E, listener: (...args: CatalogueEvents[E]) => void): () => void;
  /** The stored answer of a call, as served, or undefined; never touches the network. */
  read<O extends PullOperation>(operation: O, params?: CatalogueParams<O>): Promise<ResponseOf<O> | undefined>;
  /** Who per-user operations act for. Credentials stay in memory; keys and rows carry a scope id instead. */
  setUser(credentials: UserCredentials): Promise<void>;
  /**
   * Signs the current user out: revokes an account session, removes their account states, watchlist, outbox and
   * session. Rejects with `PendingMutationsError` (its `count`) while their changes wait, unless `{ force: true }`.
   */
  signOut(options?: SignOutOptions): Promise<void>;
  /** Sessions: token check, request token, session from an approved token, guest session. */
  readonly auth: CatalogueAuth;
  /** List changes, applied optimistically and sent through the outbox. */
  readonly lists: ListMutations;
  /** Favorite, watchlist and rating changes, applied optimistically and sent through the outbox. */
  readonly account: AccountMutations;
  /** The live outbox of the signed-in user: pending and failed changes with their errors. */
  readonly outbox: OutboxView;
  /** The user scope id (`account:<id>` or `guest:<hash>`), or undefined. */
  readonly userScopeId: string | undefined;
  /**
   * The signed-in user as a store (`subscribe`/`getSnapshot`, `Symbol.observable`): undefined while nobody is.
   * The `signedIn` and `signedOut` events say the same as events.
   */
  readonly user: UserView;
  /**
   * The configuration, fetched once and then refreshed by its own freshness (stale: served, revalidated in
   * the background). Image helpers use the last one loaded.
   */
  configuration(): Promise<Configuration>;
  /** `imageUrl` over the loaded configuration; `configuration()` must have resolved once. */
  imageUrl(
    path: string | null | undefined,
    kind: ImageKind,
    size: string,
    options?: ImageUrlOptions,
  ): string | undefined;
  srcSet(path: string | null | undefined, kind: ImageKind, options?: ImageUrlOptions): string | undefined;
  /** Resolves when no request is queued or in flight. */
  onIdle(): Promise<void>;
  /**
   * Empties the browse data (public records, lists and their freshness); views showing it fetch it again. With
   * `{ userData: true }`, every user's account states, lists and watchlist pages go too. The outbox and the
   * signed-in sessions always stay (`signOut` drops a user's).
   */
  clear(options?: { userData?: boolean }): Promise<void>;
  /** Closes the catalogue and deletes its database (other tabs' connections close to let it). */
  delete(): Promise<void>;
  /** Rows and bytes by kind (`browse`, `user`, `outbox`, `bookkeeping`) and table, and the origin's estimate. */
  storage(): Promise<CatalogueStorage>;
  /** Stops the queue and connectivity listener and closes the database. */
  close(): Promise<void>;
}

/** What `catalogue.storage()` reports. */
export interface CatalogueStorage {
  readonly byKind: Readonly<Record<DataKind, KindFigures>>;
  readonly byTable: Readonly<Record<string, KindFigures>>;
  /** `navigator.storage.estimate()` where there is one: the origin's usage and quota, every database included. */
  readonly estimate: { readonly usage?: number; readonly quota?: number } | undefined;
}

/**
 * Every member of a `Catalogue` but its per-operation view methods (which are derived from the registry): what a
 * catalogue's core provides and what the front door writes out, member by member, so a member left out does not
 * compile.
 */
export type CatalogueMembers = Omit<Catalogue, keyof OperationViews>;

/**
 * Creates a catalogue, showing what the last session stored before the rest of the library has loaded: options
 * and each view's parameters are validated at once, first answers are read from a one-store database, and the
 * core (Dexie, the queue, the outbox, change feeds) arrives by dynamic import (`front-door.ts`). Where `import()`
 * is not allowed (a service worker) use `catalogue-sync/eager`: the same front door with its core already there.
 */
export function createCatalogue(options: CatalogueOptions): Catalogue {
  const resolved = resolveCatalogueOptions(options);
  return frontDoor(resolved, {
    // In memory the core never loads: every call that needs it rejects with this error, and views show it.
    load: () =>
      resolved.storage === 'memory'
        ? Promise.reject(new MemoryStorageError())
        : import('./catalogue-core.js').then((core) => ({
            createCore: (given, early) => core.createCore(given, early ?? [], lazyFeatures),
          })),
    early: () => import('./first-read/early-client.js'),
  });
}
