import { EventEmitter } from 'eventemitter3';
import { catalogueClient } from './catalogue-client.js';
import { registerDatabase } from './catalogue-databases.js';
import { earlierDatabaseName, type ResolvedCatalogueOptions } from './catalogue-options.js';
import { closedGuard } from './closed-guard.js';
import type { CatalogueCore, EarlyFlight } from './core-arrival.js';
import type { CatalogueStorage } from './create-catalogue.js';
import type { NewerReleaseError } from './errors/newer-release-error.js';
import { lazyFeature } from './lazy-feature.js';
import type { CoreFeatures } from './lazy-features.js';
import { platformIndexedDB } from './platform-indexed-db.js';
import { createViews } from './query/create-views.js';
import { imageUrl, srcSet } from './query/image-url.js';
import { createOutboxView } from './query/outbox-view.js';
import { createUserView } from './query/user-view.js';
import { createRequestQueue } from './queue/create-request-queue.js';
import type { RequestQueueEvents } from './queue/queue-events.js';
import { openCatalogueDatabase } from './store/database/catalogue-database.js';
import { clearStoredData } from './store/eviction/clear-stored-data.js';
import { storageFigures } from './store/eviction/storage-figures.js';
import { createFirstAnswers } from './store/first-answers/create-first-answers.js';
import { deleteFirstAnswersDb } from './store/first-answers/delete-first-answers-db.js';
import { firstAnswersLocation } from './store/first-answers/first-answers-db.js';
import { hasUnsettledRows } from './store/outbox/pending-rows.js';
import { setQuotaRecovery } from './store/write/write-gate.js';
import { yieldToPage } from './store/write/yield-to-page.js';
import type { CatalogueEvents } from './sync/catalogue-events.js';
import { createCatalogueSync } from './sync/catalogue-sync.js';
import { trackEpisode, trackSeries } from './sync/changes/episode-tracking.js';
import { feedStore } from './sync/changes/feed-store.js';
import { quarantiningQueue } from './sync/changes/quarantining-queue.js';
import { ConfigurationLoader } from './sync/configuration-loader.js';
import { EarlierDatabaseAdoption, earlierReleaseLongestSendMs } from './sync/earlier-database-adoption.js';
import { EngineStatus } from './sync/engine-status.js';
import { EngineUserScope } from './sync/engine-user-scope.js';
import { BrowseEviction } from './sync/eviction.js';
import { coordinateInstance } from './sync/instance-coordination.js';
import { LazyOutbox } from './sync/lazy-outbox.js';
import { createMutations } from './sync/mutations.js';
import { createNews } from './sync/news/catalogue-news.js';
import { outboxShared } from './sync/outbox-shared.js';
import { QuotaResume } from './sync/quota-resume.js';
import { ReadMarks } from './sync/read-marks.js';
import { SyncEngine } from './sync/sync-engine.js';
import { initialSyncStatus } from './sync/sync-status.js';
import type { UserCredentials } from './sync/user-scope.js';
import { type SignOutOptions, UserSessions } from './sync/user-sessions.js';
import { createViewEntries, type ViewEntries } from './sync/view-entries.js';

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
 * The core of a catalogue: the API client, the rate-aware queue, the IndexedDB store and the sync engine, wired
 * together over the injected effects, and every member of a `Catalogue` over them. Nothing is fetched until
 * something asks. Users never call this: `createCatalogue`'s front door (`front-door.ts`) makes it, at once
 * (`catalogue-sync/eager`) or by dynamic import once the first answers are shown (the main entry). `features` are
 * the entry's: what a read-only visit never runs arrives through them on first use (`lazy-features.ts`).
 */
export function createCore(
  resolved: ResolvedCatalogueOptions,
  early: readonly EarlyFlight[],
  features: CoreFeatures,
): CatalogueCore {
  const { clock, connectivity } = resolved;
  const client = catalogueClient(resolved);
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
  // Set once the engine exists: a newer release can only be met when the database opens, after this returns.
  let stopForNewerRelease: (error: NewerReleaseError) => void = () => {};
  const db = openCatalogueDatabase({
    name: resolved.dbName,
    ...idb,
    firstAnswers,
    onNewerRelease: (error) => stopForNewerRelease(error),
  });
  // The earlier releases' database: its users and outbox move here, before any user is restored or change sent.
  const holdMs = earlierReleaseLongestSendMs(resolved.retry.attempts, resolved.timeoutMs);
  const adoption = new EarlierDatabaseAdoption({
    db,
    indexedDB: idb.indexedDB,
    name: earlierDatabaseName(resolved.dbName),
    clock,
    logger: resolved.logger,
    holdMs,
    onAdopted: () => outbox.drainSoon(),
  });
  const emitter = new EventEmitter<CatalogueEvents>();
  // The engine keeps pulls, freshness and sends; the status, the user scope and the storage budget are owned
  // beside it, so sessions, connectivity and the quota resume reach what they need without the engine.
  const readMarks = new ReadMarks(db, resolved.logger);
  const status = new EngineStatus(emitter, initialSyncStatus(connectivity.isOnline()));
  const users = new EngineUserScope({ emitter, clock, readMarks });
  // Eviction's work arrives when an eviction is due (`lazy-features.ts`); holds and the ledger's total stay here.
  const sweep = lazyFeature(() => features.eviction());
  const eviction = new BrowseEviction({
    db,
    emitter,
    clock,
    logger: resolved.logger,
    maxBytes: resolved.maxBytes,
    // Being fetched or written: never evicted from under the write.
    inFlightKeys: () => engine.inFlightKeys(),
    beforeEvict: () => readMarks.flush(),
    // A write had room: changes a full disk stopped are sent again.
    afterWrite: () => quotaResume.written(),
    sweep: () => sweep('eviction'),
  });
  // Every write of the store recovers from a full disk the same way (the write gate runs it).
  setQuotaRecovery(db, (attempt) => eviction.retryOnQuota(attempt));
  const engine = new SyncEngine({ options: resolved, db, queue, emitter, readMarks, status, users, eviction });
  // Stored as soon as they answer, whether a view still shows them or not: the engine never sends them again. An
  // answer that has arrived was shown, so closing lets its write finish; one still on the wire is abandoned.
  const arrived = new Set<Promise<void>>();
  for (const { call, answer } of early) {
    const stored = engine
      .adopt(
        call,
        // Copied for the store in a task of its own, not in the one that makes the core.
        answer.then((sent) => yieldToPage().then(() => sent.response)),
        answer.then((sent) => sent.snapshot.data),
      )
      .catch(() => {});
    answer.then(
      () => arrived.add(stored),
      () => {},
    );
  }
  const forwarders = QUEUE_EVENTS.map((event) => {
    const forward = (...args: unknown[]) => (emitter.emit as (e: string, ...a: unknown[]) => boolean)(event, ...args);
    return queue.on(event, forward as never);
  });
  const unsubscribeConnectivity = connectivity.subscribe((online) => status.transition({ type: 'online', online }));
  // Local discover and search arrive when a view of one is first subscribed to (`lazy-features.ts`).
  const localQueries = lazyFeature(() => features.local());
  const views = createViews({ db, engine, clock, language: resolved.language, localQueries });
  // The outbox arrives once a user is signed in, on the first change, or when a start (the network back, a refresh)
  // finds changes waiting in the table: a visit with no one signed in never loads it (`lazy-outbox.ts`).
  const outbox = new LazyOutbox({
    load: lazyFeature(() =>
      features.outbox().then(
        ({ Outbox }) =>
          new Outbox({
            db,
            shared: outboxShared(),
            queue,
            clock,
            connectivity,
            random: resolved.random,
            logger: resolved.logger,
            emitter,
            leaseMs: resolved.outboxLeaseMs,
            onDrainFailed: (error) => quotaResume.drainFailed(error),
            liveness: coordination.sharedLocks && { locks: coordination.sharedLocks, dbName: resolved.dbName },
            maxHoldMs: holdMs,
            beforeDrain: () => adoption.beforeDrain(),
          }),
      ),
    ),
    // A drain's first step runs whether the outbox is loaded or not: an older tab's changes join the table first.
    hasWork: async (stepDone) => {
      if (!stepDone) await adoption.beforeDrain();
      return hasUnsettledRows(db);
    },
    connectivity,
    logger: resolved.logger,
  });
  const quotaResume = new QuotaResume({
    clock,
    estimate: resolved.storageEstimate,
    resume: () => outbox.drainSoon(),
  });
  const sessions = new UserSessions({
    db,
    engine,
    users,
    queue,
    outbox,
    clock,
    logger: resolved.logger,
    scopes: coordination.scopes,
    beforeRestore: () => adoption.adopt(),
  });
  const mutations = createMutations({ engine, outbox, sessions, language: resolved.language });
  const outboxView = createOutboxView(
    db,
    closedGuard(
      {
        drain: () => sessions.ready.then(() => outbox.drain()),
        discard: (seq: number) => outbox.discard(seq),
      },
      () => engine.stopError,
    ),
  );
  // Called as `features.changes()` at the time of use: the main entry's loaders stay replaceable (a test counts them).
  // What the feeds need of modules the first read also loads is handed in, not imported (`feed-store.ts`).
  const changes = lazyFeature(() =>
    features.changes().then(
      ({ ChangeFeed }) =>
        new ChangeFeed({
          options: resolved,
          db,
          queue: quarantiningQueue(queue, { db, emitter, clock, logger: resolved.logger }),
          emitter,
          engine,
          store: feedStore(),
        }),
    ),
  );

  const configuration = new ConfigurationLoader(engine);

  const guard = <T extends object>(calls: T): T => closedGuard(calls, () => engine.stopError);
  let closing: Promise<void> | undefined;
  /** Once: a second call waits for the first. */
  function close(): Promise<void> {
    closing ??= (async () => {
      await Promise.all(arrived);
      engine.close();
      quotaResume.close();
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

  stopForNewerRelease = (error) => {
    if (engine.closed) return;
    engine.close(error);
    // Hands back what this instance was sending (its claims lapse if the database is gone): the newer release
    // sends the pending changes. Started before the listeners run, so one that throws cannot keep it open.
    void close();
    emitter.emit('stopped', error);
  };

  /** The live keys for tools (`catalogue.sync.entries()`), made on first ask. */
  let viewEntries: ViewEntries | undefined;
  const catalogue = {
    prepare: views.prepare,
    storeView: views.storeView,
    pagesView: views.pagesView,
    local: views.local,
    sync: guard(
      createCatalogueSync({
        engine,
        changes,
        lock: coordination.lock,
        beforeRefresh: () => sessions.ready,
        outbox,
        entries: () =>
          (viewEntries ??= createViewEntries({
            cache: engine.entryCache,
            db,
            clock,
            stopError: () => engine.stopError,
          })),
      }),
    ),
    // Tracking only pulls seasons (each stored episode gets a cursor): the feeds load when a refresh polls them.
    track: {
      episode: (episodeId, place) => trackEpisode({ db, engine }, episodeId, place),
      series: (seriesId, trackOptions) => trackSeries({ db, engine }, seriesId, trackOptions),
    },
    news: guard(createNews({ db, engine, clock })),
    get status() {
      return status.current;
    },
    get queueStats() {
      return queue.stats;
    },
    on(event, listener) {
      emitter.on(event, listener as never);
      return () => emitter.off(event, listener as never);
    },
    ...guard({
      read: ((operation, params) => engine.read(operation, params)) as CatalogueCore['read'],
      clear: (clearOptions: { userData?: boolean } = {}) => clearStoredData(db, clearOptions),
      async storage(): Promise<CatalogueStorage> {
        const [figures, estimate] = await Promise.all([
          storageFigures(db),
          resolved.storageEstimate().catch(() => undefined),
        ]);
        return { ...figures, estimate };
      },
      async setUser(credentials: UserCredentials): Promise<void> {
        await sessions.setUser(credentials);
      },
      signOut: (signOutOptions?: SignOutOptions) => sessions.signOut(signOutOptions),
      configuration: () => configuration.load(),
    }),
    async delete() {
      await close();
      await Promise.all([db.delete({ disableAutoOpen: true }), deleteFirstAnswersDb(firstAnswersAt, resolved.dbName)]);
    },
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
      return users.user?.id;
    },
    user: createUserView(engine, sessions.ready),
    imageUrl: (path, kind, size, imageOptions) => imageUrl(configuration.loaded(), path, kind, size, imageOptions),
    srcSet: (path, kind, imageOptions) => srcSet(configuration.loaded(), path, kind, imageOptions),
    onIdle: () => queue.onIdle(),
    close,
  } satisfies CatalogueCore;
  registerDatabase(catalogue, db);
  return catalogue;
}
