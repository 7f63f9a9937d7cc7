import type { ResponseOf } from '../api/endpoints.js';
import { assertStoredOperation, STORED_OPERATIONS } from '../api/stored-operations.js';
import { type CatalogueOptions, resolveCatalogueOptions } from '../catalogue-options.js';
import type { Catalogue, CatalogueAuth } from '../create-catalogue.js';
import { platformIndexedDB } from '../platform-indexed-db.js';
import type { LocalQueries, OperationViews, ViewArgs } from '../query/create-views.js';
import { localDiscoverParams, localSearchPage } from '../query/local-params.js';
import type { OutboxSnapshot, OutboxView } from '../query/outbox-view.js';
import { combinePages, failedPages } from '../query/pages-snapshot.js';
import type { PagesView } from '../query/pages-view.js';
import type { StoreView } from '../query/store-view.js';
import type { CatalogueUser, UserView } from '../query/user-view.js';
import type { View } from '../query/view.js';
import { initialQueueStats, type QueueStats } from '../queue/queue-stats.js';
import {
  type FirstAnswerRow,
  firstAnswersLocation,
  openFirstAnswersDb,
  readFirstAnswer,
} from '../store/first-answers-db.js';
import type { StoredOperation } from '../store/store-mappings.js';
import type { CatalogueEvents } from '../sync/catalogue-events.js';
import type { CatalogueSync } from '../sync/catalogue-sync.js';
import type { EpisodeTracking } from '../sync/changes/change-feed.js';
import type { AccountMutations, ListMutations } from '../sync/mutations.js';
import { type CatalogueParams, prepareCall } from '../sync/prepare-call.js';
import type { ListOperation } from '../sync/pull-options.js';
import { initialSyncStatus, type SyncStatus } from '../sync/sync-status.js';
import { failedSnapshot, loadingSnapshot } from '../sync/view-snapshot.js';
import { DeferredPagesView } from './deferred-pages-view.js';
import { DeferredStoreView } from './deferred-store-view.js';
import { DeferredView } from './deferred-view.js';
import { firstSnapshot } from './first-snapshot.js';
import { forwardCalls } from './forward-calls.js';

type Core = Catalogue;

/** What the image helpers say before `configuration()` has resolved (it cannot have before the library loaded). */
const NO_CONFIGURATION = 'image helpers need the configuration: await catalogue.configuration() first';

/** What a deferred store shows when the library could not load: its error where its snapshot has one. */
function failedStore<S>(initial: S, error: unknown): S {
  return typeof initial === 'object' && initial !== null && 'error' in initial ? { ...initial, error } : initial;
}

/**
 * Creates a catalogue, showing what the last session stored before the library has loaded. This small path
 * validates the options and each view's parameters at once (the same `TypeError`s and `InvalidParamsError`s as
 * the whole library), keys views with the engine's own `prepareCall`, and reads their first answers from a
 * one-store database; the rest of the library (Dexie, the queue, the outbox, change feeds) arrives by dynamic
 * import, once those reads are done or as soon as a call needs it. Every member then forwards to it.
 */
export function createCatalogue(options: CatalogueOptions): Catalogue {
  const resolved = resolveCatalogueOptions(options);
  const idb = resolved.indexedDB ?? platformIndexedDB();
  const { clock, connectivity, language } = resolved;

  let core: Core | undefined;
  let loading: Promise<Core> | undefined;
  let loadError: unknown;
  const attachers: ((core: Core) => void)[] = [];
  const load = (): Promise<Core> => {
    loading ??= import('../create-catalogue.js').then(
      (module) => {
        // The options as resolved: an injected IndexedDB and the platform's coordinate differently (tabs).
        core = module.createResolvedCatalogue(resolved);
        for (const attach of attachers.splice(0)) attach(core);
        deferred.length = 0;
        settleReads();
        return core;
      },
      (error: unknown) => {
        loadError = error;
        for (const view of deferred) view.failed(error);
        throw error;
      },
    );
    return loading;
  };
  /** Runs `attach` with the loaded catalogue: now, or when it arrives. */
  const whenLoaded = (attach: (core: Core) => void): void => {
    if (core) attach(core);
    else attachers.push(attach);
  };

  // First answers are read while nothing else competes for the page's thread; the library loads after them. The
  // database opens at once: its open overlaps the views' validation, and after a browser restart it is most of
  // the wait. Once the library has loaded and the reads are done, this connection closes (the library has its own).
  let reading = 0;
  let firstDb: Promise<IDBDatabase | undefined> | undefined = openFirstAnswersDb(
    firstAnswersLocation(idb.indexedDB, resolved.indexedDB === undefined),
    resolved.dbName,
  );
  const settleReads = () => {
    if (reading > 0) return;
    if (core && firstDb) {
      void firstDb.then((db) => db?.close());
      firstDb = undefined;
    }
    if (!core) void load().catch(() => {});
  };
  queueMicrotask(settleReads);
  const readFirst = (key: string, offer: (row: FirstAnswerRow) => void): void => {
    const opened = firstDb;
    if (!opened) return;
    reading += 1;
    void opened
      .then((db) => (db && !core ? readFirstAnswer(db, key) : undefined))
      .then((row) => {
        if (row) offer(row);
      })
      .finally(() => {
        reading -= 1;
        settleReads();
      });
  };

  const deferred: { failed(error: unknown): void }[] = [];

  const handles = new Map<string, StoreView<StoredOperation>>();
  const view = <O extends StoredOperation>(operation: O, ...args: ViewArgs<O>): StoreView<O> => {
    if (core) {
      // A view made before the library loaded stays the view of its call.
      const made = core.view(operation, ...args);
      return (handles.get(made.requestKey) as unknown as StoreView<O> | undefined) ?? made;
    }
    assertStoredOperation(operation);
    // Validated and keyed as the engine does; no user is known yet, as in the engine before `auth.ready()`.
    const key = prepareCall(operation, args[0] as CatalogueParams<O> | undefined, {
      language,
      user: undefined,
    }).requestKey;
    // The same call gives the same view, as the loaded catalogue's `view` does (a view made in a render is safe).
    const known = handles.get(key);
    if (known) return known as unknown as StoreView<O>;
    const made: DeferredStoreView<O> = new DeferredStoreView<O>(key, load, () =>
      readFirst(key, (row) => made.offer(firstSnapshot(row, clock.now()))),
    );
    deferred.push({ failed: (error) => made.offer(failedSnapshot<ResponseOf<O>>(error)) });
    whenLoaded((loaded) => made.attach(loaded.view(operation, ...args)));
    handles.set(key, made as unknown as StoreView<StoredOperation>);
    return made;
  };

  const pageHandles = new Map<string, PagesView<ListOperation>>();
  /** Page 1's key for a signed-out caller: what pages views made before the library loaded are kept under. */
  const pageOneKey = <O extends ListOperation>(operation: O, params: CatalogueParams<O> | undefined) =>
    prepareCall(operation, { ...(params ?? {}), page: 1 } as unknown as CatalogueParams<O>, {
      language,
      user: undefined,
    }).requestKey;
  const pages = <O extends ListOperation>(operation: O, ...args: ViewArgs<O>): PagesView<O> => {
    if (core) {
      const made = core.pages(operation, ...args);
      // A pages view made before the library loaded stays the view of its list (public lists only had one).
      if (pageHandles.size === 0) return made;
      let key: string;
      try {
        key = pageOneKey(operation, args[0] as CatalogueParams<O> | undefined);
      } catch {
        return made; // a user's list: none was made before the library loaded
      }
      return (pageHandles.get(key) as unknown as PagesView<O> | undefined) ?? made;
    }
    assertStoredOperation(operation);
    const key = pageOneKey(operation, args[0] as CatalogueParams<O> | undefined);
    const known = pageHandles.get(key);
    if (known) return known as unknown as PagesView<O>;
    const made: DeferredPagesView<O> = new DeferredPagesView<O>(load, () =>
      readFirst(key, (row) => made.offer(Object.freeze(combinePages<O>([firstSnapshot(row, clock.now())], 1)))),
    );
    deferred.push({ failed: (error) => made.offer(failedPages<O>(error)) });
    whenLoaded((loaded) => made.attach(loaded.pages(operation, ...args)));
    pageHandles.set(key, made as unknown as PagesView<ListOperation>);
    return made;
  };

  const operations = Object.fromEntries(
    STORED_OPERATIONS.filter((operation) => operation !== 'configuration').map((operation) => [
      operation,
      (params?: never) => view(operation, params as never),
    ]),
  ) as unknown as OperationViews;

  /** A view of the loaded catalogue's (`local`, `user`, `outbox`): `initial` until it has loaded. */
  const later = <S>(initial: S, real: (core: Core) => View<never>): View<never> => {
    const made = new DeferredView(initial as never, () => void load().catch(() => {}));
    deferred.push({ failed: (error) => made.offer(failedStore(initial, error) as never) });
    whenLoaded((loaded) => made.attach(real(loaded)));
    return made;
  };

  const local: LocalQueries = {
    discoverTv(filters) {
      if (core) return core.local.discoverTv(filters);
      // Validated at once, as the loaded catalogue does.
      localDiscoverParams(filters);
      return later(loadingSnapshot(), (loaded) => loaded.local.discoverTv(filters) as View<never>);
    },
    search(text, searchOptions = {}) {
      if (core) return core.local.search(text, searchOptions);
      localSearchPage(text, searchOptions);
      return later(loadingSnapshot(), (loaded) => loaded.local.search(text, searchOptions) as View<never>);
    },
  };

  const listeners: { event: keyof CatalogueEvents; listener: (...args: never[]) => void; off?: () => void }[] = [];
  const loaded = () => {
    if (core) return Promise.resolve(core);
    if (loadError !== undefined) return Promise.reject(loadError);
    return load();
  };

  // `user` and `outbox` are stores whose snapshot is not a view snapshot: the same deferral, typed loosely.
  const userView = later<CatalogueUser | undefined>(undefined, (c) => c.user as never) as unknown as UserView;
  const outboxLoading: OutboxSnapshot = Object.freeze({
    status: 'loading',
    userScope: undefined,
    pending: 0,
    failed: 0,
    entries: Object.freeze([]),
  });
  const outboxStore = later(outboxLoading, (c) => c.outbox as never);
  const outbox: OutboxView = {
    subscribe: outboxStore.subscribe,
    getSnapshot: outboxStore.getSnapshot as () => OutboxSnapshot,
    ...forwardCalls<Pick<OutboxView, 'discard' | 'drain'>>(() => loaded().then((c) => c.outbox), ['discard', 'drain']),
  } as OutboxView;

  const initialStatus = initialSyncStatus(connectivity.isOnline());
  const initialStats = initialQueueStats(connectivity.isOnline(), resolved.rateLimit.perSecond);

  const catalogue = {
    view,
    pages,
    local,
    sync: forwardCalls<CatalogueSync>(
      () => loaded().then((c) => c.sync),
      ['pull', 'pullList', 'ensureFresh', 'freshness', 'refresh', 'refreshChanges'],
    ),
    track: forwardCalls<EpisodeTracking>(() => loaded().then((c) => c.track), ['episode', 'series']),
    get status(): SyncStatus {
      return core?.status ?? initialStatus;
    },
    get queueStats(): QueueStats {
      return core?.queueStats ?? initialStats;
    },
    on<E extends keyof CatalogueEvents>(event: E, listener: (...args: CatalogueEvents[E]) => void): () => void {
      if (core) return core.on(event, listener);
      const held: (typeof listeners)[number] = { event, listener: listener as never };
      listeners.push(held);
      whenLoaded((c) => {
        if (listeners.includes(held)) held.off = c.on(event, listener);
      });
      void load().catch(() => {});
      return () => {
        const at = listeners.indexOf(held);
        if (at >= 0) listeners.splice(at, 1);
        held.off?.();
      };
    },
    read: (operation, params) => loaded().then((c) => c.read(operation, params)),
    setUser: (credentials) => loaded().then((c) => c.setUser(credentials)),
    signOut: (signOutOptions) => loaded().then((c) => c.signOut(signOutOptions)),
    auth: forwardCalls<CatalogueAuth>(
      () => loaded().then((c) => c.auth),
      ['ready', 'validate', 'createRequestToken', 'createSession', 'createGuestSession'],
    ),
    lists: forwardCalls<ListMutations>(() => loaded().then((c) => c.lists), ['removeItem']),
    account: forwardCalls<AccountMutations>(
      () => loaded().then((c) => c.account),
      ['markFavorite', 'addToWatchlist', 'rateTvSeries', 'deleteTvSeriesRating', 'rateEpisode', 'deleteEpisodeRating'],
    ),
    outbox,
    get userScopeId() {
      return core?.userScopeId;
    },
    user: userView,
    configuration: () => loaded().then((c) => c.configuration()),
    imageUrl(path, kind, size, imageOptions) {
      if (!core) throw new TypeError(NO_CONFIGURATION);
      return core.imageUrl(path, kind, size, imageOptions);
    },
    srcSet(path, kind, imageOptions) {
      if (!core) throw new TypeError(NO_CONFIGURATION);
      return core.srcSet(path, kind, imageOptions);
    },
    onIdle: () => loaded().then((c) => c.onIdle()),
    clear: (clearOptions) => loaded().then((c) => c.clear(clearOptions)),
    delete: () => loaded().then((c) => c.delete()),
    storage: () => loaded().then((c) => c.storage()),
    close: () => loaded().then((c) => c.close()),
  } satisfies Omit<Catalogue, keyof OperationViews>;
  return Object.assign(catalogue, operations);
}
