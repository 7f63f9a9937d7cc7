import type { EventEmitter } from 'eventemitter3';
import type { ResponseOf } from '../api/endpoints.js';
import type { ApiResponse } from '../api/parse-response.js';
import { MAX_PAGE } from '../api/schemas/params.js';
import { assertStoredOperation } from '../api/stored-operations.js';
import type { CatalogueError } from '../errors/catalogue-error.js';
import { ClosedError } from '../errors/closed-error.js';
import { NetworkError } from '../errors/index.js';
import type { Priority } from '../queue/priority.js';
import type { RequestQueue } from '../queue/request-queue.js';
import { namesUser } from '../store/auth/purge-user-scope.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { accounted, responseBytes } from '../store/eviction/size-ledger.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { readStored } from '../store/records/read-stored.js';
import { storedPageCount } from '../store/records/stored-page-count.js';
import { readSyncMeta } from '../store/records/sync-meta.js';
import { planResponseWrite, type WriteResult } from '../store/records/write-response.js';
import { storeFailure } from '../store/store-failure.js';
import { setQuotaRecovery, writeThrough } from '../store/write/write-gate.js';
import { yieldToPage } from '../store/write/yield-to-page.js';
import { AdoptedAnswers } from './adopted-answers.js';
import type { CatalogueEvents } from './catalogue-events.js';
import { CurrentUser, type UserChange } from './current-user.js';
import { DerivedRevalidation } from './derived-revalidation.js';
import type { EngineOptions } from './engine-options.js';
import { EntryCache } from './entry-cache.js';
import { BrowseEviction } from './eviction.js';
import { expiresAt, type Freshness, freshnessOf } from './freshness.js';
import type { KeyEntry } from './key-entry.js';
import { KnownFreshness } from './known-freshness.js';
import { nextSyncStatus, type SyncStatusEvent } from './next-sync-status.js';
import { type CatalogueParams, type PreparedCall, prepareCall } from './prepare-call.js';
import { pullListPages, storedPageSummary } from './pull-list-pages.js';
import type {
  EnsureFreshResult,
  ListOperation,
  PullListOptions,
  PullListResult,
  PullOperation,
  PullOptions,
  RefreshOptions,
  RefreshResult,
} from './pull-options.js';
import { ReadMarks } from './read-marks.js';
import { recordPullFailure } from './record-pull-failure.js';
import { revalidateStale } from './revalidate-stale.js';
import { ScopeReads } from './scope-reads.js';
import type { SyncStatus } from './sync-status.js';
import type { UserScope } from './user-scope.js';
import { createViewEntries, type ViewEntries } from './view-entries.js';
import { deepFreeze } from './view-snapshot.js';

export type {
  EnsureFreshResult,
  ListOperation,
  PullListOptions,
  PullListResult,
  PullOperation,
  PullOptions,
  RefreshOptions,
  RefreshResult,
} from './pull-options.js';

interface EngineDeps {
  readonly options: EngineOptions;
  readonly db: CatalogueDatabase;
  readonly queue: RequestQueue;
  readonly emitter: EventEmitter<CatalogueEvents>;
}

/**
 * The engine: pulls responses through the queue into the store, decides freshness, and reports status and
 * events. One instance per catalogue. The network writes the store; nothing here hands a response to the UI.
 */
export class SyncEngine {
  readonly #deps: EngineDeps;
  /** One owner per request key: its state, its one fetch in flight, its reads. */
  readonly #entries: EntryCache;
  readonly #readMarks: ReadMarks;
  readonly #eviction: BrowseEviction;
  readonly #known: KnownFreshness;
  /** Requests sent before the engine existed (a cold first visit's views): their pulls adopt them. */
  readonly #adopted: AdoptedAnswers;
  /** Names this instance's writes on their freshness rows (`writeId`): unique across tabs and reloads. */
  readonly #writePrefix: string;
  #writes = 0;
  readonly #derived = new DerivedRevalidation();
  #status: SyncStatus;
  readonly #users = new CurrentUser();
  /** The reads of each user scope, queued or in flight: a sign-out aborts them. */
  readonly #scopeReads = new ScopeReads((scope) => this.#users.hasEnded(scope));
  #firstAnswersKept: Promise<void> = Promise.resolve();

  constructor(deps: EngineDeps, initialStatus: SyncStatus) {
    this.#deps = deps;
    this.#status = initialStatus;
    // First of the user's listeners: the engine has ended a scope's reads before any view follows the change.
    this.#users.onChange((change) => this.#userChanged(change));
    const { db, emitter, options } = deps;
    this.#writePrefix = `${Math.floor(options.random() * 2 ** 48).toString(36)}.${options.clock.now().toString(36)}.`;
    this.#readMarks = new ReadMarks(db, options.logger);
    this.#known = new KnownFreshness(db);
    this.#adopted = new AdoptedAnswers(deps.queue);
    this.#entries = new EntryCache({
      db,
      clock: options.clock,
      logger: options.logger,
      readMarks: this.#readMarks,
      send: (call, sendOptions) => this.#send(call, sendOptions),
    });
    this.#eviction = new BrowseEviction({
      db,
      emitter,
      clock: options.clock,
      logger: options.logger,
      maxBytes: options.maxBytes,
      // Being fetched or written: never evicted from under the write.
      inFlightKeys: () => this.#entries.inFlightKeys(),
      beforeEvict: () => this.#readMarks.flush(),
      afterWrite: () => {
        for (const listener of [...this.#writeListeners]) listener();
      },
    });
    // Every write of the store recovers from a full disk the same way (the write gate runs it).
    setQuotaRecovery(db, (attempt) => this.#eviction.retryOnQuota(attempt));
  }

  /** The entry of a prepared call's key: what a view observes. */
  entryFor<O extends PullOperation>(call: PreparedCall<O>): KeyEntry<O> {
    return this.#entries.entryFor(call);
  }

  /** The entry of a key, if anyone observes or fetches it. */
  peekEntry<O extends PullOperation>(requestKey: string): KeyEntry<O> | undefined {
    return this.#entries.peek<O>(requestKey);
  }

  #viewEntries: ViewEntries | undefined;

  /** The live keys for tools (`catalogue.sync.entries()`): made on first ask. */
  viewEntries(): ViewEntries {
    const { db, options } = this.#deps;
    this.#viewEntries ??= createViewEntries({
      cache: this.#entries,
      db,
      clock: options.clock,
      stopError: () => this.stopError,
    });
    return this.#viewEntries;
  }

  /** Writes the read marks views noted (at close; the engine's own writes do it as they go). */
  flushReads(): Promise<void> {
    return this.#readMarks.flush();
  }

  get status(): SyncStatus {
    return this.#status;
  }

  get user(): UserScope | undefined {
    return this.#users.user;
  }

  readonly #writeListeners = new Set<() => void>();

  /** Calls `listener` after every store write of the engine that succeeded; returns the function that stops it. */
  onWritten(listener: () => void): () => void {
    this.#writeListeners.add(listener);
    return () => this.#writeListeners.delete(listener);
  }

  #closed = false;
  #stopReason: CatalogueError | undefined;

  /** Whether `close()` ran: every call then rejects with `stopError`, and views show it. */
  get closed(): boolean {
    return this.#closed;
  }

  /** Why the engine stopped (`ClosedError`, or the reason `close` was given), or undefined while it runs. */
  get stopError(): CatalogueError | undefined {
    if (!this.#closed) return undefined;
    return this.#stopReason ?? new ClosedError();
  }

  /** Ends the engine's work: no call is prepared or sent after this. A `reason` is what calls then reject with. */
  close(reason?: CatalogueError): void {
    this.#stopReason ??= reason;
    if (this.#closed) return;
    this.#closed = true;
    this.#firstAnswersKept = this.#entries.close();
  }

  /** Resolves when the first answers being written at close are (the catalogue closes the databases after). */
  firstAnswersKept(): Promise<void> {
    return this.#firstAnswersKept;
  }

  /** Who per-user operations act for (sessions set it). */
  setUser(user: UserScope | undefined): void {
    this.#users.set(user);
  }

  /** Calls `listener` whenever the current user changes; returns the function that stops it. */
  onUserChange(listener: () => void): () => void {
    return this.#users.onChange((change) => {
      if (change.previous?.id !== change.current?.id) listener();
    });
  }

  /**
   * A sign-out of `userScope` (here or in another tab): its queued and in-flight reads are aborted, none of their
   * answers or errors is written, and it stops being the current user.
   */
  endScope(userScope: string): void {
    this.#users.end(userScope);
  }

  /** The engine's part of a user change: events, and what an ended scope leaves behind. */
  #userChanged({ previous, current, ended }: UserChange): void {
    if (ended !== undefined) {
      // What views of the scope read is not written: sign-out leaves no trace of the user.
      this.#readMarks.forget((ref) => namesUser(ref, ended));
      this.#scopeReads.end(ended);
    }
    if (previous?.id === current?.id) return;
    if (previous) this.#emitUser('signedOut', previous);
    if (current) this.#emitUser('signedIn', current);
  }

  #emitUser(event: 'signedIn' | 'signedOut', user: UserScope): void {
    const kind = user.accountId === undefined ? 'guest' : 'account';
    this.#deps.emitter.emit(event, { userScope: user.id, kind, at: this.#deps.options.clock.now() });
  }

  /** Applies a status event; emits `status` only when the snapshot changed. */
  transition(event: SyncStatusEvent): void {
    const next = nextSyncStatus(this.#status, event);
    if (next === this.#status) return;
    this.#status = next;
    this.#deps.emitter.emit('status', next);
  }

  prepare<O extends PullOperation>(operation: O, params: CatalogueParams<O> | undefined): PreparedCall<O> {
    if (this.#closed) throw this.stopError;
    assertStoredOperation(operation);
    return prepareCall(operation, params, { language: this.#deps.options.language, user: this.#users.user });
  }

  /**
   * Fetches one response through the queue and stores it. Concurrent pulls of the same request key share one
   * fetch and one write (the key's entry owns it). A stored ETag makes the request conditional unless `force`.
   */
  pull<O extends PullOperation>(
    operation: O,
    params?: CatalogueParams<O>,
    options: PullOptions = {},
  ): Promise<WriteResult> {
    let call: PreparedCall<O>;
    try {
      call = this.prepare(operation, params);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#entries.entryFor(call).fetch(options);
  }

  /**
   * Pulls a call prepared earlier, under the user scope it was prepared for: a view reads and writes one scope
   * even when the current user changed since (it is switched to the new user's call by then).
   */
  pullCall<O extends PullOperation>(prepared: PreparedCall<O>, options: PullOptions = {}): Promise<WriteResult> {
    // A view's pull: a derived answer may be revalidated through what it is derived from.
    return this.#entries.entryFor(prepared).fetch({ ...options, derive: true });
  }

  /**
   * Stores the answer to `call` that the front door fetched (`answer`) and showed (`shown`: the data object shown)
   * before the engine existed: adopted, never sent again, it holds a place in the queue's rate window until it
   * answers. Kept as the key's first answer, since it was shown.
   */
  async adopt<O extends PullOperation>(
    call: PreparedCall<O>,
    answer: Promise<ApiResponse<unknown>>,
    shown: Promise<unknown>,
  ): Promise<void> {
    this.#adopted.add(call.requestKey, answer);
    const entry = this.#entries.entryFor(call);
    shown.then(
      (data) => entry.showing(data),
      () => {},
    );
    await this.pullCall(call);
    this.#entries.shown(call as unknown as PreparedCall<StoredOperation>);
  }

  /** The network path of an entry's fetch. */
  #send<O extends PullOperation>(
    prepared: PreparedCall<O>,
    options: { priority: Priority; force: boolean; derive: boolean; signal: AbortSignal },
  ): Promise<WriteResult> {
    if (this.#closed) return Promise.reject(this.stopError);
    let call = prepared;
    // The current user's call is prepared again: a new session of the same account brings new credentials.
    if (call.userScope !== undefined && call.userScope === this.#users.user?.id) {
      try {
        call = this.prepare(call.operation, call.storeParams as unknown as CatalogueParams<O>);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return options.derive ? this.#pullOrRevalidateDerived(call, options) : this.#pullPrepared(call, options);
  }

  /**
   * A series' account state that the user's whole TV lists answer is revalidated through those lists (see
   * `derived-revalidation.ts`), unless forced; anything else, or a list not stored whole, is fetched.
   */
  async #pullOrRevalidateDerived<O extends PullOperation>(
    call: PreparedCall<O>,
    options: PullOptions,
  ): Promise<WriteResult> {
    const scope = call.userScope;
    if (
      call.operation === 'tvAccountStates' &&
      !options.force &&
      scope !== undefined &&
      scope === this.#users.user?.id
    ) {
      const pullOptions = { priority: options.priority ?? 'interactive' } as const;
      const derived = await this.#derived.revalidate(
        {
          db: this.#deps.db,
          now: () => this.#deps.options.clock.now(),
          userScope: scope,
          pull: (operation, params) => this.pull(operation, params as CatalogueParams<typeof operation>, pullOptions),
        },
        call.requestKey,
        options.signal,
      );
      if (derived) return derived;
    }
    return this.#pullPrepared(call, options);
  }

  async #pullPrepared<O extends PullOperation>(call: PreparedCall<O>, options: PullOptions): Promise<WriteResult> {
    const scope = call.userScope;
    if (scope === undefined) return this.#pullScoped(call, options);
    // The read's own signal, which a sign-out of its scope aborts (and the caller's, if any).
    return this.#scopeReads.run(scope, options.signal, (signal) => this.#pullScoped(call, { ...options, signal }));
  }

  async #pullScoped<O extends PullOperation>(call: PreparedCall<O>, options: PullOptions): Promise<WriteResult> {
    const { db, queue, emitter, options: resolved } = this.#deps;
    const { clock } = resolved;
    const { operation, requestKey } = call;
    this.transition({ type: 'started' });
    try {
      const priority = options.priority ?? 'interactive';
      const sendAgain = () => queue.send(call.request, { priority, signal: options.signal });
      const meta = options.force ? undefined : await this.#known.take(requestKey);
      const adopted = options.force ? undefined : this.#adopted.take(requestKey, options.signal, sendAgain);
      const etag = adopted === undefined && meta && meta.fetchedAt > 0 ? meta.etag : undefined;
      let response = await (adopted ??
        queue.send(call.request, { priority, signal: options.signal, ifNoneMatch: etag }));
      // A 304 only confirms what this request named and what is still stored: to a request that sent no ETag (a
      // misbehaving proxy), or whose stored answer went meanwhile (evicted), it is asked again unconditionally.
      if (response.status === 304 && (etag === undefined || (await readSyncMeta(db, requestKey))?.etag !== etag)) {
        response = await sendAgain();
        if (response.status === 304) {
          throw new NetworkError({ operation, cause: new Error('a 304 answered an unconditional request') });
        }
      }
      // Each answer's write starts a task of its own: answers that arrive together never make one long task.
      await yieldToPage();
      this.#writes += 1;
      const writeId = `${this.#writePrefix}${this.#writes}`;
      // Pending outbox changes of what this response holds are put back on top of it in the same transaction.
      const rebase = { operation, params: call.storeParams as Record<string, unknown>, userScope: call.userScope };
      const planned = planResponseWrite(db, {
        operation,
        params: call.storeParams,
        requestKey,
        ...(call.listKey === undefined ? {} : { listKey: call.listKey }),
        // What was stored when the request was built: spares the write transaction a read.
        ...(options.force || adopted ? {} : { previousEtag: etag ?? null }),
        ...(call.userScope === undefined ? {} : { userScope: call.userScope }),
        writeId,
        response: response as never,
        expiresAt: expiresAt(operation, response.maxAgeSeconds, response.receivedAt, resolved.freshness),
        // An adopted answer was shown as it was received, so it is stored as of then: the view shows it unchanged.
        now: adopted ? response.receivedAt : clock.now(),
      });
      // Through the write gate (`write-gate.ts`): the first answers the write may make wrong, derived from its plan,
      // are deleted before it and after; a full disk evicts and retries once; pending changes are rebased on it.
      const result = await this.#eviction.store({
        operation,
        requestKey,
        userScope: call.userScope,
        bytes: () =>
          response.status === 304 ? undefined : responseBytes(operation, call.storeParams, requestKey, response.data),
        // `maxBytes` accounts the write (its ledger row, in its transaction).
        write: (bytes) => {
          const write = bytes === undefined ? planned : accounted(db, planned, requestKey, bytes);
          return writeThrough(db, write.plan, () => write.run(), { batched: true, rebase });
        },
      });
      // Writes that shared a transaction settle together: each goes on (its events, its list's next page) in a
      // task of its own, as it did when each had its own transaction.
      await yieldToPage();
      const at = clock.now();
      emitter.emit('stored', { operation, requestKey, outcome: result.outcome, at });
      this.transition({ type: 'succeeded', at });
      // The engine writes anyway: what views read meanwhile is written too.
      void this.#readMarks.flush();
      return result;
    } catch (thrown) {
      // The store's failures become the library's errors here, before any caller, event or status sees them.
      const error = storeFailure(thrown, this.stopError);
      const { db, emitter, options: resolved } = this.#deps;
      await recordPullFailure(
        {
          db,
          emitter,
          clock: resolved.clock,
          logger: resolved.logger,
          hasEnded: (scope) => this.#users.hasEnded(scope),
          lastSyncedAt: () => this.#status.lastSyncedAt,
          transition: (event) => this.transition(event),
        },
        call,
        error,
        options.signal,
      );
      throw error;
    }
  }

  /** Where the stored answer of a call stands. */
  async freshness<O extends PullOperation>(operation: O, params?: CatalogueParams<O>): Promise<Freshness> {
    return this.#freshnessOf(this.prepare(operation, params));
  }

  async #freshnessOf(call: PreparedCall<PullOperation>): Promise<Freshness> {
    const meta = await readSyncMeta(this.#deps.db, call.requestKey);
    // A row with fetchedAt 0 only records an error of a key never fetched.
    if (!meta || meta.fetchedAt === 0) return 'missing';
    return freshnessOf(meta, this.#deps.options.clock.now());
  }

  /**
   * missing → fetch (the returned `pending` settles when stored); stale → keep serving the stored data and
   * revalidate in the background (stale-while-revalidate); fresh → nothing.
   */
  async ensureFresh<O extends PullOperation>(
    operation: O,
    params?: CatalogueParams<O>,
    options: Omit<PullOptions, 'force'> = {},
  ): Promise<EnsureFreshResult> {
    const call = this.prepare(operation, params);
    const freshness = await this.#freshnessOf(call);
    if (freshness === 'fresh') return { freshness, pending: undefined };
    const pending = this.#entries.entryFor(call).fetch(options);
    // Failures are reported through events and status; a background revalidation must not be unhandled.
    pending.catch(() => {});
    return { freshness, pending };
  }

  /**
   * Pages through a list from page 1: `pages` pages, or all of them up to `total_pages` clamped to 500. Later
   * pages go through the queue together; `progress` reports each page done.
   */
  async pullList<O extends ListOperation>(
    operation: O,
    params: CatalogueParams<O> | undefined,
    options: PullListOptions,
  ): Promise<PullListResult> {
    const { pages } = options;
    if (pages !== 'all' && !(Number.isInteger(pages) && pages >= 1)) {
      throw new TypeError(`pullList: pages must be a positive integer or 'all', got ${String(pages)}`);
    }
    const base = { ...(params ?? {}) } as Record<string, unknown>;
    delete base.page;
    const pullOptions = { ...(options.priority ? { priority: options.priority } : {}), signal: options.signal };
    const paramsOf = (page: number) => ({ ...base, page }) as unknown as CatalogueParams<O>;
    /** Each page's call, prepared once for its pull and its read. */
    const calls = new Map<number, PreparedCall<O>>();
    const callOf = (page: number) => {
      const call = calls.get(page) ?? this.prepare(operation, paramsOf(page));
      calls.set(page, call);
      return call;
    };
    // Its pages are read back after their pulls: a budget must not evict them meanwhile. Enforced once it is done.
    const hold = this.#eviction.hold();
    const wanted = pages === 'all' ? MAX_PAGE : Math.min(pages, MAX_PAGE);
    try {
      return await pullListPages(operation, wanted, 2 * this.#deps.options.rateLimit.concurrency, {
        willPull: (rest) => this.#known.readAhead(rest.map((page) => callOf(page).requestKey)),
        pull: (page) => {
          const call = callOf(page);
          hold.add(call.requestKey);
          return this.#entries.entryFor(call).fetch(pullOptions);
        },
        read: (page) => storedPageSummary(this.#deps.db, callOf(page)),
        progress: (done, total) => this.#deps.emitter.emit('progress', { operation, done, total }),
      });
    } finally {
      this.#known.forget([...calls.values()].map((call) => call.requestKey));
      await hold.release();
    }
  }

  /**
   * Revalidates what is stale, most recently read first (a view on screen reads its key), within a request
   * budget. Only the current user's per-user entries are revalidated: another user's need their credentials.
   */
  async refresh(options: RefreshOptions = {}): Promise<RefreshResult> {
    const { db, emitter, options: resolved } = this.#deps;
    // What views read orders the work: the marks noted in memory are written first.
    await this.#readMarks.flush();
    return revalidateStale(
      {
        db,
        now: resolved.clock.now(),
        userScope: this.#users.user?.id,
        // A refresh's pull: a derived answer is revalidated through what it is derived from.
        pull: (operation, params, pullOptions) =>
          this.#entries.entryFor(this.prepare(operation, params)).fetch({ ...pullOptions, derive: true }),
        progress: (event) => emitter.emit('progress', event),
      },
      options,
    );
  }

  /** How many pages of a list call's list are stored from page 1 without a gap, at most `limit`. */
  storedPageCount(call: PreparedCall<ListOperation>, limit: number): Promise<number> {
    if (call.listKey === undefined) return Promise.resolve(0);
    return storedPageCount(this.#deps.db, call.operation, call.listKey, call.userScope, limit);
  }

  /** The stored answer of a call, as served, or undefined. */
  async read<O extends PullOperation>(operation: O, params?: CatalogueParams<O>): Promise<ResponseOf<O> | undefined> {
    const call = this.prepare(operation, params);
    // Frozen like a view's snapshot: what the store answered is not the caller's to change.
    return deepFreeze(await readStored(this.#deps.db, operation, call.storeParams, call.userScope));
  }
}
