import type { ResponseOf } from './api/endpoints.js';
import { assertStoredOperation } from './api/stored-operations.js';
import { shareDatabase } from './catalogue-databases.js';
import type { ResolvedCatalogueOptions } from './catalogue-options.js';
import type { CatalogueCore, CoreArrival, CoreModule, EarlyFlight } from './core-arrival.js';
import type { Catalogue, CatalogueMembers } from './create-catalogue.js';
import { NO_CONFIGURATION_MESSAGE } from './errors/image-url-error.js';
import { DeferredPagesView } from './first-read/deferred-pages-view.js';
import { DeferredStoreView } from './first-read/deferred-store-view.js';
import { DeferredView } from './first-read/deferred-view.js';
import type { EarlyAnswer, EarlyClient } from './first-read/early-client.js';
import { EARLY_HEAD_START_MS, REST_AFTER_MAX_MS, sendEarly } from './first-read/early-fetch.js';
import { firstSnapshot } from './first-read/first-snapshot.js';
import { heldListeners } from './first-read/held-listeners.js';
import { failedStore, OUTBOX_LOADING } from './first-read/loading-stores.js';
import { waitingCalls } from './first-read/waiting-calls.js';
import { platformIndexedDB } from './platform-indexed-db.js';
import type { LocalQueries, ViewArgs } from './query/create-views.js';
import { HandleCache, VIEW_HANDLES } from './query/handle-cache.js';
import { localDiscoverParams, localSearchPage, summaryArgs } from './query/local-params.js';
import { operationViews } from './query/operation-views.js';
import type { OutboxView } from './query/outbox-view.js';
import { combinePages, failedPages } from './query/pages-snapshot.js';
import type { PagesView } from './query/pages-view.js';
import type { StoreView } from './query/store-view.js';
import { USER_RESTORING, type UserState } from './query/user-state.js';
import type { UserView } from './query/user-view.js';
import type { View } from './query/view.js';
import { DISABLED_PAGES_VIEW, DISABLED_VIEW, disabled, type OptionalArgs } from './query/view-options.js';
import { initialQueueStats, type QueueStats } from './queue/queue-stats.js';
import {
  type FirstAnswerRow,
  firstAnswersLocation,
  openFirstAnswersDb,
  readFirstAnswer,
} from './store/first-answers/first-answers-db.js';
import type { StoredOperation } from './store/mappings/store-mappings.js';
import type { CatalogueEvents } from './sync/catalogue-events.js';
import { type CatalogueParams, NOBODY, type PreparedCall, prepareCall } from './sync/prepare-call.js';
import type { ListOperation } from './sync/pull-options.js';
import { initialSyncStatus, type SyncStatus } from './sync/sync-status.js';
import { failedSnapshot, loadingSnapshot } from './sync/view-snapshot.js';

type Core = CatalogueCore;

/**
 * The one front door of a catalogue: the `Catalogue` written once over the core that arrives. Before it has
 * arrived (main entry only), options and each view's parameters are validated at once (the same `TypeError`s and
 * `InvalidParamsError`s as the core), views are keyed with the engine's own `prepareCall` and show the first
 * answers read from a one-store database, and every other member waits for the core. Once it is there, every
 * member is the core's. Each member is written out below against `CatalogueMembers`: one left out does not compile.
 */
export function frontDoor(resolved: ResolvedCatalogueOptions, arrival: CoreArrival): Catalogue {
  // In memory (a server render) no database opens: the door keys views, and its core never loads.
  const idb = resolved.storage === 'memory' ? undefined : (resolved.indexedDB ?? platformIndexedDB());
  const { clock, connectivity, language } = resolved;

  let core: Core | undefined;
  let loading: Promise<Core> | undefined;
  let loadError: unknown;
  const attachers: ((core: Core) => void)[] = [];
  const deferred: { failed(error: unknown): void }[] = [];
  // A cold first visit (this load created the first answers' database): a view with nothing stored sends its
  // request at once through a small chunk of its own, shows the validated answer, and the core adopts the flight.
  let cold = false;
  let early: Promise<EarlyClient> | undefined;
  /** The views waiting for their first answer while the first answers' database opens: sent at once if it is new. */
  const coldCalls: (() => void)[] = [];
  const flights: EarlyFlight[] = [];
  const arrive = (module: CoreModule): Core => {
    const made = module.createCore(resolved, flights.splice(0));
    core = made;
    shareDatabase(made, catalogue);
    for (const attach of attachers.splice(0)) attach(made);
    deferred.length = 0;
    return made;
  };
  const load = (): Promise<Core> => {
    if ('loaded' in arrival) return Promise.resolve(core as Core);
    loading ??= arrival.load().then(
      (module) => {
        const made = arrive(module);
        settleReads();
        return made;
      },
      (error: unknown) => {
        loadError = error;
        for (const view of deferred) view.failed(error);
        throw error;
      },
    );
    return loading;
  };
  // A call, listener or store asking for the core during the first reads (and early requests) waits for them too.
  const asked: ((core: Promise<Core>) => void)[] = [];
  const ask = (): Promise<Core> => (core || loading || !firstDb ? load() : new Promise((r) => asked.push(r)));
  /** Runs `attach` with the core: now, or when it arrives. */
  const whenLoaded = (attach: (core: Core) => void): void => {
    if (core) attach(core);
    else attachers.push(attach);
  };
  /** Calls the core: at once when it is there, else once it has arrived (or with the error it failed with). */
  const withCore = <R>(call: (core: Core) => R | Promise<R>): Promise<R> =>
    loadError === undefined ? ask().then(call) : Promise.reject(loadError);

  // First answers are read while nothing else competes for the page's thread; the core loads after them. The
  // database opens at once: its open overlaps the views' validation, and after a browser restart it is most of
  // the wait. Once the core has loaded and the reads are done, this connection closes (the core has its own).
  let reading = 0;
  let firstDb: Promise<IDBDatabase | undefined> | undefined =
    idb && 'load' in arrival
      ? openFirstAnswersDb(
          firstAnswersLocation(idb.indexedDB, resolved.indexedDB === undefined),
          resolved.dbName,
          () => {
            cold = true;
            for (const send of coldCalls.splice(0)) send();
          },
        )
      : undefined;
  const settleReads = () => {
    if (reading > 0) return;
    if (core && firstDb) {
      void firstDb.then((db) => db?.close());
      firstDb = undefined;
    }
    if (!core) void load().catch(() => {});
    for (const answer of asked.splice(0)) answer(load());
  };
  if (firstDb) queueMicrotask(settleReads);
  /** Holds the core back while `work` runs, for at most `ms` (the reads, the early requests). */
  const holdCore = (work: Promise<unknown>, ms?: number): void => {
    reading += 1;
    let done = false;
    const timer = ms === undefined ? undefined : clock.setTimeout(() => release(), ms);
    const release = () => {
      if (done) return;
      done = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      reading -= 1;
      settleReads();
    };
    void work.then(release, release);
  };
  /**
   * Sends a view's request before the core (a cold first visit, a public answer only: no user is known before the
   * core, and a list another user's pending change acts on (`listDetails`) waits for the core, which puts the change
   * on top). The request goes on the wire at once; the early client's chunk validates its answer when it is there.
   */
  const sendFirst = (call: PreparedCall<StoredOperation>, show: (answer: EarlyAnswer<StoredOperation>) => void) => {
    // A per-user call (keyed for `NOBODY`: no user is known yet) waits for the core, which knows the user.
    if (core || !('early' in arrival) || call.userScope || call.operation === 'listDetails' || !connectivity.isOnline())
      return false;
    const sent = sendEarly(resolved, call);
    early ??= arrival.early().then((m) => m.earlyClient(resolved));
    const answer = early.then((client) => client.send(call, sent));
    flights.push({ call, answer });
    // A chunk that never came leaves no request on the wire unread.
    answer.then(show, () => sent?.controller.abort());
    holdCore(answer, EARLY_HEAD_START_MS);
    // The app's first screen may still be loading what these answers named (pictures): the rest waits for it.
    if (flights.length === 1 && resolved.loadRestAfter)
      holdCore(Promise.resolve(resolved.loadRestAfter), REST_AFTER_MAX_MS);
    return true;
  };
  const readFirst = (
    call: PreparedCall<StoredOperation>,
    offer: (row: FirstAnswerRow) => void,
    show: (answer: EarlyAnswer<StoredOperation>) => void,
  ): void => {
    const opened = firstDb;
    if (!opened) return;
    // A database this load is creating holds no answer: the request leaves when that is known (its upgrade), not
    // after the open and an empty read.
    let sent = false;
    const whenCold = () => {
      sent = sendFirst(call, show);
    };
    if (cold) whenCold();
    else coldCalls.push(whenCold);
    holdCore(
      opened
        .then((db) => {
          const at = coldCalls.indexOf(whenCold);
          if (at >= 0) coldCalls.splice(at, 1);
          return db && !core && !sent ? readFirstAnswer(db, call.requestKey) : undefined;
        })
        .then((row) => {
          if (row) offer(row);
          else if (cold && !sent) sendFirst(call, show);
        }),
    );
  };

  // One handle per call, kept by key (views and lists apart): the same call gives the same object, before the
  // core has arrived and after, and the handle keeps the call as prepared once.
  const handles = new HandleCache<object>(VIEW_HANDLES);
  /** A call prepared once: by the core (its user known) or, before it, as the engine would for nobody signed in. */
  const prepare = <O extends StoredOperation>(operation: O, params: CatalogueParams<O> | undefined) => {
    if (core) return core.prepare(operation, params);
    assertStoredOperation(operation);
    // No user is known before the core: a per-user call is validated as an account's and its view waits for one.
    return prepareCall(operation, params, { language, user: NOBODY });
  };
  const view = <O extends StoredOperation>(operation: O, ...args: OptionalArgs<ViewArgs<O>>): StoreView<O> => {
    // Disabled: nothing validated or keyed.
    if (disabled(args)) return DISABLED_VIEW;
    const params = args[0] as CatalogueParams<O> | undefined;
    const call = prepare(operation, params);
    return handles.get(`view ${call.requestKey}`, () => {
      if (core) return core.storeView(call, params);
      const made: DeferredStoreView<O> = new DeferredStoreView<O>(call.requestKey, load, () =>
        readFirst(
          call,
          (row) => made.offer(firstSnapshot(row, clock.now())),
          (sent) => made.offer(sent.snapshot as never, true),
        ),
      );
      deferred.push({ failed: (error) => made.offer(failedSnapshot<ResponseOf<O>>(error)) });
      whenLoaded((loaded) => made.attach(loaded.storeView(call, params)));
      return made;
    }) as StoreView<O>;
  };
  const pages = <O extends ListOperation>(operation: O, ...args: OptionalArgs<ViewArgs<O>>): PagesView<O> => {
    if (disabled(args)) return DISABLED_PAGES_VIEW;
    const params = args[0] as CatalogueParams<O> | undefined;
    // Kept under page 1's call: the same list gives the same object, its pages kept.
    const pageOne = prepare(operation, { ...(params ?? {}), page: 1 } as unknown as CatalogueParams<O>);
    return handles.get(`pages ${pageOne.requestKey}`, () => {
      if (core) return core.pagesView(pageOne, params);
      const made: DeferredPagesView<O> = new DeferredPagesView<O>(load, () =>
        readFirst(
          pageOne,
          (row) => made.offer(Object.freeze(combinePages<O>([firstSnapshot(row, clock.now())], 1))),
          (sent) => made.offer(Object.freeze(combinePages<O>([sent.snapshot as never], 1)), true),
        ),
      );
      deferred.push({ failed: (error) => made.offer(failedPages<O>(error)) });
      whenLoaded((loaded) => made.attach(loaded.pagesView(pageOne, params)));
      return made;
    }) as PagesView<O>;
  };

  /** A store of the core's (`local`, `user`, `outbox`): `initial` until it has arrived. */
  const later = <S>(initial: S, real: (core: Core) => View<never>): View<never> => {
    const made = new DeferredView(initial as never, () => void ask().catch(() => {}));
    deferred.push({ failed: (error) => made.offer(failedStore(initial, error) as never) });
    whenLoaded((loaded) => made.attach(real(loaded)));
    return made;
  };

  /** A local query: the core's own view, or before it a deferred one (the caller validated its arguments at once). */
  const query = <V>(real: (core: Core) => V): V => (core ? real(core) : (later(loadingSnapshot(), real as never) as V));
  const local: LocalQueries = {
    discoverTv(filters) {
      localDiscoverParams(filters);
      return query((c) => c.local.discoverTv(filters));
    },
    search(text, searchOptions = {}) {
      localSearchPage(text, searchOptions);
      return query((c) => c.local.search(text, searchOptions));
    },
    summary(kind, id) {
      summaryArgs(kind, id);
      return query((c) => c.local.summary(kind, id));
    },
  };

  // Before the core: calls that wait for it; once it is there, the door hands out the core's own objects.
  const { sync, track, news, auth, lists, account } = waitingCalls(withCore);
  /** The outbox store before the core: the same deferral as the views', with its calls waiting for the core. */
  const deferredOutbox = (): OutboxView => {
    const store = later(OUTBOX_LOADING, (c) => c.outbox as never) as unknown as View<never> & OutboxView;
    return Object.assign(store, {
      discard: (seq: number) => withCore((c) => c.outbox.discard(seq)),
      drain: () => withCore((c) => c.outbox.drain()),
    });
  };
  let userStore: UserView | undefined;
  let outboxStore: OutboxView | undefined;

  const initialStatus = initialSyncStatus(connectivity.isOnline(), resolved.storage);
  const onBeforeCore = heldListeners(initialStatus, whenLoaded, ask);
  const initialStats = initialQueueStats(connectivity.isOnline(), resolved.rateLimit.perSecond);

  const members: CatalogueMembers = {
    view,
    pages,
    local,
    get sync() {
      return core?.sync ?? sync;
    },
    get track() {
      return core?.track ?? track;
    },
    get news() {
      return core?.news ?? news;
    },
    get status(): SyncStatus {
      return core?.status ?? initialStatus;
    },
    get queueStats(): QueueStats {
      return core?.queueStats ?? initialStats;
    },
    on<E extends keyof CatalogueEvents>(event: E, listener: (...args: CatalogueEvents[E]) => void): () => void {
      return core ? core.on(event, listener) : onBeforeCore(event, listener);
    },
    read: (operation, params) => withCore((c) => c.read(operation, params)),
    setUser: (credentials) => withCore((c) => c.setUser(credentials)),
    signOut: (signOutOptions) => withCore((c) => c.signOut(signOutOptions)),
    get auth() {
      return core?.auth ?? auth;
    },
    get lists() {
      return core?.lists ?? lists;
    },
    get account() {
      return core?.account ?? account;
    },
    // Made once: a store handed to a UI before the core arrived stays the one it follows.
    get outbox() {
      outboxStore ??= core?.outbox ?? deferredOutbox();
      return outboxStore;
    },
    get userScopeId() {
      return core?.userScopeId;
    },
    get user() {
      userStore ??= core?.user ?? (later<UserState>(USER_RESTORING, (c) => c.user as never) as UserView);
      return userStore;
    },
    configuration: () => withCore((c) => c.configuration()),
    imageUrl(path, kind, size, imageOptions) {
      if (!core) throw new TypeError(NO_CONFIGURATION_MESSAGE);
      return core.imageUrl(path, kind, size, imageOptions);
    },
    srcSet(path, kind, imageOptions) {
      if (!core) throw new TypeError(NO_CONFIGURATION_MESSAGE);
      return core.srcSet(path, kind, imageOptions);
    },
    onIdle: () => withCore((c) => c.onIdle()),
    clear: (clearOptions) => withCore((c) => c.clear(clearOptions)),
    delete: () => withCore((c) => c.delete()),
    storage: () => withCore((c) => c.storage()),
    close: () => withCore((c) => c.close()),
  };
  const catalogue: Catalogue = Object.assign(members, operationViews(view));
  if ('loaded' in arrival) arrive(arrival.loaded);
  return catalogue;
}
