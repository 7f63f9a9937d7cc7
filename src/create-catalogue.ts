import { EventEmitter } from 'eventemitter3';
import { createApiClient } from './api/create-api-client.js';
import type { ResponseOf } from './api/endpoints.js';
import type { Configuration } from './api/schemas/configuration.js';
import { type CatalogueOptions, type ResolvedCatalogueOptions, resolveCatalogueOptions } from './catalogue-options.js';
import { closedGuard } from './closed-guard.js';
import { ClosedError } from './errors/closed-error.js';
import { platformIndexedDB } from './platform-indexed-db.js';
import { createViews, type LocalQueries, type OperationViews, type ViewArgs } from './query/create-views.js';
import { type ImageKind, type ImageUrlOptions, imageUrl, srcSet } from './query/image-url.js';
import { createOutboxView, type OutboxView } from './query/outbox-view.js';
import type { PagesView } from './query/pages-view.js';
import type { StoreView } from './query/store-view.js';
import { createUserView, type UserView } from './query/user-view.js';
import { createRequestQueue } from './queue/create-request-queue.js';
import type { RequestQueueEvents } from './queue/queue-events.js';
import type { QueueStats } from './queue/queue-stats.js';
import { type CatalogueDatabase, openCatalogueDatabase } from './store/catalogue-database.js';
import { clearStoredData } from './store/clear-stored-data.js';
import { createFirstAnswers } from './store/create-first-answers.js';
import type { DataKind } from './store/data-kinds.js';
import { deleteFirstAnswersDb, firstAnswersLocation } from './store/first-answers-db.js';
import { type KindFigures, storageFigures } from './store/storage-figures.js';
import type { StoredOperation } from './store/store-mappings.js';
import type { CatalogueEvents } from './sync/catalogue-events.js';
import { type CatalogueSync, createCatalogueSync } from './sync/catalogue-sync.js';
import { ChangeFeed, type EpisodeTracking } from './sync/changes/change-feed.js';
import { ConfigurationLoader } from './sync/configuration-loader.js';
import { coordinateInstance } from './sync/instance-coordination.js';
import { type AccountMutations, createMutations, type ListMutations } from './sync/mutations.js';
import { Outbox } from './sync/outbox.js';
import type { CatalogueParams } from './sync/prepare-call.js';
import { type ListOperation, type PullOperation, SyncEngine } from './sync/sync-engine.js';
import { initialSyncStatus, type SyncStatus } from './sync/sync-status.js';
import type { UserCredentials } from './sync/user-scope.js';
import { type SignedIn, type SignOutOptions, UserSessions } from './sync/user-sessions.js';

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
  /** The live view of any stored operation's answer (also `configuration`). */
  view<O extends StoredOperation>(operation: O, ...args: ViewArgs<O>): StoreView<O>;
  /** Pages 1..n of a list as one growing envelope, ids de-duplicated across pages: `fetchNextPage()`. */
  pages<O extends ListOperation>(operation: O, ...args: ViewArgs<O>): PagesView<O>;
  /** Queries over the cached records only: they work offline and never touch the network. */
  readonly local: LocalQueries;
  readonly sync: CatalogueSync;
  /** Episodes kept fresh from change feeds: `track.episode(id)`, `track.series(id)`. */
  readonly track: EpisodeTracking;
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

function storageEstimate(): Promise<{ usage?: number; quota?: number } | undefined> {
  const storage = (globalThis as { navigator?: { storage?: { estimate?: () => Promise<StorageEstimate> } } }).navigator
    ?.storage;
  if (typeof storage?.estimate !== 'function') return Promise.resolve(undefined);
  return storage.estimate().then(
    ({ usage, quota }) => ({ usage, quota }),
    () => undefined,
  );
}

const QUEUE_EVENTS: readonly (keyof RequestQueueEvents)[] = [
  'request',
  'response',
  'retry',
  'rateLimited',
  'deduped',
  'idle',
  'stats',
];

/**
 * Creates a catalogue with the whole library loaded at once: the API client, the rate-aware queue, the IndexedDB
 * store and the sync engine, wired together over the injected effects. Nothing is fetched until something asks.
 * The main entry's `createCatalogue` (`first-read/create-catalogue.ts`) shows first answers first and loads this
 * by dynamic import; Node, tests and workers may call this one directly.
 */
export function createCatalogue(options: CatalogueOptions): Catalogue {
  return createResolvedCatalogue(resolveCatalogueOptions(options));
}

/** `createCatalogue` over options already resolved (the first-read path resolved them to validate at once). */
export function createResolvedCatalogue(resolved: ResolvedCatalogueOptions): Catalogue {
  const { clock, connectivity } = resolved;
  const client = createApiClient({
    baseUrl: resolved.baseUrl,
    accessToken: resolved.accessToken,
    fetch: resolved.fetch,
    clock,
    timeoutMs: resolved.timeoutMs,
    maxBodyBytes: resolved.maxBodyBytes,
  });
  const queue = createRequestQueue({
    client,
    clock,
    random: resolved.random,
    connectivity,
    logger: resolved.logger,
    rateLimit: resolved.rateLimit,
    retry: resolved.retry,
    // The engine single-flights its pulls per store key: the queue's GET dedupe would be a second single-flight.
    dedupe: false,
  });
  // One syncer and one rate budget across the tabs and the worker of the origin (DESIGN: "Tabs, worker, lock, budget").
  const coordination = coordinateInstance(resolved, queue);
  const idb = resolved.indexedDB ?? platformIndexedDB();
  const firstAnswersAt = firstAnswersLocation(idb.indexedDB, resolved.indexedDB === undefined);
  const firstAnswers = createFirstAnswers({
    indexedDB: firstAnswersAt,
    dbName: resolved.dbName,
    now: () => clock.now(),
  });
  const db = openCatalogueDatabase({ name: resolved.dbName, ...idb, firstAnswers });
  const emitter = new EventEmitter<CatalogueEvents>();
  const engine = new SyncEngine({ options: resolved, db, queue, emitter }, initialSyncStatus(connectivity.isOnline()));
  const forwarders = QUEUE_EVENTS.map((event) => {
    const forward = (...args: unknown[]) => (emitter.emit as (e: string, ...a: unknown[]) => boolean)(event, ...args);
    return queue.on(event, forward as never);
  });
  const unsubscribeConnectivity = connectivity.subscribe((online) => engine.transition({ type: 'online', online }));
  const views = createViews({ db, engine, clock });
  const outbox = new Outbox({
    db,
    queue,
    clock,
    connectivity,
    random: resolved.random,
    logger: resolved.logger,
    emitter,
    leaseMs: resolved.outboxLeaseMs,
    guardWrite: (write) => engine.retryOnQuota(write),
    liveness: coordination.sharedLocks && { locks: coordination.sharedLocks, dbName: resolved.dbName },
  });
  const sessions = new UserSessions({
    db,
    engine,
    queue,
    outbox,
    clock,
    logger: resolved.logger,
    scopes: coordination.scopes,
  });
  const mutations = createMutations({ engine, outbox, sessions, language: resolved.language });
  const outboxView = createOutboxView(db, {
    drain: () => sessions.ready.then(() => outbox.drain()),
    discard: (seq) => outbox.discard(seq),
  });
  const changes = new ChangeFeed({ options: resolved, db, queue, emitter, engine });

  const configuration = new ConfigurationLoader(engine);

  const guard = <T extends object>(calls: T): T => closedGuard(calls, () => engine.closed);
  let closing: Promise<void> | undefined;
  /** Once: a second call waits for the first. */
  function close(): Promise<void> {
    closing ??= (async () => {
      engine.close();
      for (const off of forwarders) off();
      unsubscribeConnectivity();
      // Before the database closes: the rows this instance is sending are handed back.
      await outbox.close();
      await engine.flushReads();
      await engine.firstAnswersKept();
      coordination.close();
      queue.close();
      db.close();
      firstAnswers.close();
    })();
    return closing;
  }

  const catalogue = {
    view: views.view,
    pages: views.pages,
    local: views.local,
    sync: guard(
      createCatalogueSync({
        engine,
        changes,
        lock: coordination.lock,
        beforeRefresh: () => sessions.ready,
        outbox,
      }),
    ),
    track: changes.tracking,
    get status() {
      return engine.status;
    },
    get queueStats() {
      return queue.stats;
    },
    on(event, listener) {
      emitter.on(event, listener as never);
      return () => emitter.off(event, listener as never);
    },
    read: (operation, params) => engine.read(operation, params),
    async clear(clearOptions = {}) {
      if (engine.closed) throw new ClosedError();
      await clearStoredData(db, clearOptions);
    },
    async delete() {
      await close();
      await Promise.all([db.delete({ disableAutoOpen: true }), deleteFirstAnswersDb(firstAnswersAt, resolved.dbName)]);
    },
    async storage() {
      if (engine.closed) throw new ClosedError();
      const [figures, estimate] = await Promise.all([storageFigures(db), storageEstimate()]);
      return { ...figures, estimate };
    },
    async setUser(credentials) {
      if (engine.closed) throw new ClosedError();
      await sessions.setUser(credentials);
    },
    signOut: (signOutOptions) => (engine.closed ? Promise.reject(new ClosedError()) : sessions.signOut(signOutOptions)),
    auth: guard({
      ready: () => sessions.ready,
      validate: () => sessions.validate(),
      createRequestToken: () => sessions.createRequestToken(),
      createSession: (requestToken) => sessions.createSession(requestToken),
      createGuestSession: () => sessions.createGuestSession(),
    }),
    lists: guard(mutations.lists),
    account: guard(mutations.account),
    outbox: outboxView,
    get userScopeId() {
      return engine.user?.id;
    },
    user: createUserView(engine),
    configuration: () => (engine.closed ? Promise.reject(new ClosedError()) : configuration.load()),
    imageUrl: (path, kind, size, imageOptions) => imageUrl(configuration.loaded(), path, kind, size, imageOptions),
    srcSet: (path, kind, imageOptions) => srcSet(configuration.loaded(), path, kind, imageOptions),
    onIdle: () => queue.onIdle(),
    close,
  } satisfies Omit<Catalogue, keyof OperationViews>;
  const created = Object.assign(catalogue, views.operations);
  databases.set(created, db);
  return created;
}

const databases = new WeakMap<Catalogue, CatalogueDatabase>();

/**
 * The Dexie database of a catalogue, for tests and benchmarks that inspect the store. Not public (`src/index.ts`
 * does not export it): a user reads through views, and writes belong to the engine.
 */
export function databaseOf(catalogue: Catalogue): CatalogueDatabase {
  const db = databases.get(catalogue);
  if (!db) throw new TypeError('databaseOf: not a catalogue made by createCatalogue');
  return db;
}
