import type { EventEmitter } from 'eventemitter3';
import type { ResponseOf } from '../api/endpoints.js';
import type { ApiResponse } from '../api/parse-response.js';
import { assertStoredOperation } from '../api/stored-operations.js';
import type { CatalogueError } from '../errors/catalogue-error.js';
import { ClosedError } from '../errors/closed-error.js';
import type { Priority } from '../queue/priority.js';
import type { RequestQueue } from '../queue/request-queue.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { readStored } from '../store/records/read-stored.js';
import { storedPageCount } from '../store/records/stored-page-count.js';
import { readSyncMeta } from '../store/records/sync-meta.js';
import type { WriteResult } from '../store/records/write-response.js';
import { AdoptedAnswers } from './adopted-answers.js';
import type { CatalogueEvents } from './catalogue-events.js';
import type { EngineOptions } from './engine-options.js';
import type { EngineStatus } from './engine-status.js';
import type { EngineUserScope } from './engine-user-scope.js';
import { EntryCache } from './entry-cache.js';
import type { BrowseEviction } from './eviction.js';
import { type Freshness, freshnessOf } from './freshness.js';
import type { KeyEntry } from './key-entry.js';
import { KnownFreshness } from './known-freshness.js';
import { type CatalogueParams, type PreparedCall, prepareCall } from './prepare-call.js';
import { pullList } from './pull-list.js';
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
import type { ReadMarks } from './read-marks.js';
import { ResponseFetch } from './response-fetch.js';
import { revalidateStale } from './revalidate-stale.js';
import type { UserScope } from './user-scope.js';
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
  /** What views read, kept in memory: the engine writes it whenever it writes anyway. */
  readonly readMarks: ReadMarks;
  /** The status its pulls report to. */
  readonly status: EngineStatus;
  /** Who per-user calls are prepared for; a sign-out aborts the scope's reads through it. */
  readonly users: EngineUserScope;
  /** The storage budget every response write goes through (it never evicts what `inFlightKeys` names). */
  readonly eviction: BrowseEviction;
}

/**
 * The engine: pulls responses through the queue into the store, decides freshness, and sends. One instance per
 * catalogue. The network writes the store; nothing here hands a response to the UI. Who the user is
 * (`EngineUserScope`), the status (`EngineStatus`) and the storage budget (`BrowseEviction`) have owners of their
 * own, made beside it (`catalogue-core.ts`).
 */
export class SyncEngine {
  readonly #deps: EngineDeps;
  /** One owner per request key: its state, its one fetch in flight, its reads. */
  readonly #entries: EntryCache;
  readonly #known: KnownFreshness;
  /** Requests sent before the engine existed (a cold first visit's views): their pulls adopt them. */
  readonly #adopted: AdoptedAnswers;
  /** The network path of every fetch: the queue, then the store. */
  readonly #fetch: ResponseFetch;
  #firstAnswersKept: Promise<void> = Promise.resolve();

  constructor(deps: EngineDeps) {
    this.#deps = deps;
    const { db, options } = deps;
    this.#known = new KnownFreshness(db);
    this.#adopted = new AdoptedAnswers(deps.queue);
    this.#fetch = new ResponseFetch({
      ...deps,
      known: this.#known,
      adopted: this.#adopted,
      stopError: () => this.stopError,
      pull: (operation, params, pullOptions) => this.pull(operation, params, pullOptions),
    });
    this.#entries = new EntryCache({
      db,
      clock: options.clock,
      logger: options.logger,
      readMarks: this.#deps.readMarks,
      send: (call, sendOptions) => this.#send(call, sendOptions),
    });
  }

  /** Request keys being fetched or written now (the storage budget never evicts them). */
  inFlightKeys(): Iterable<string> {
    return this.#entries.inFlightKeys();
  }

  /** The entry of a prepared call's key: what a view observes. */
  entryFor<O extends PullOperation>(call: PreparedCall<O>): KeyEntry<O> {
    return this.#entries.entryFor(call);
  }

  /** The entry of a key, if anyone observes or fetches it. */
  peekEntry<O extends PullOperation>(requestKey: string): KeyEntry<O> | undefined {
    return this.#entries.peek<O>(requestKey);
  }

  /** The live key entries, for tools (`catalogue.sync.entries()`). */
  get entryCache(): EntryCache {
    return this.#entries;
  }

  /** Writes the read marks views noted (at close; the engine's own writes do it as they go). */
  flushReads(): Promise<void> {
    return this.#deps.readMarks.flush();
  }

  /** Who per-user calls are prepared for (views read it; sessions set it on `EngineUserScope`). */
  get user(): UserScope | undefined {
    return this.#deps.users.user;
  }

  /** Calls `listener` whenever the current user changes; returns the function that stops it. */
  onUserChange(listener: () => void): () => void {
    return this.#deps.users.onUserChange(listener);
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

  prepare<O extends PullOperation>(operation: O, params: CatalogueParams<O> | undefined): PreparedCall<O> {
    if (this.#closed) throw this.stopError;
    assertStoredOperation(operation);
    return prepareCall(operation, params, { language: this.#deps.options.language, user: this.#deps.users.user });
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
    if (call.userScope !== undefined && call.userScope === this.#deps.users.user?.id) {
      try {
        call = this.prepare(call.operation, call.storeParams as unknown as CatalogueParams<O>);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return options.derive ? this.#fetch.fetchOrDerive(call, options) : this.#fetch.fetch(call, options);
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
  pullList<O extends ListOperation>(
    operation: O,
    params: CatalogueParams<O> | undefined,
    options: PullListOptions,
  ): Promise<PullListResult> {
    return pullList(
      this.#deps,
      this.#known,
      (pageParams) => this.prepare(operation, pageParams),
      (call, pullOptions) => this.#entries.entryFor(call).fetch(pullOptions),
      operation,
      params,
      options,
    );
  }

  /**
   * Revalidates what is stale, most recently read first (a view on screen reads its key), within a request
   * budget. Only the current user's per-user entries are revalidated: another user's need their credentials.
   */
  async refresh(options: RefreshOptions = {}): Promise<RefreshResult> {
    const { db, emitter, options: resolved } = this.#deps;
    // What views read orders the work: the marks noted in memory are written first.
    await this.#deps.readMarks.flush();
    return revalidateStale(
      {
        db,
        now: resolved.clock.now(),
        userScope: this.#deps.users.user?.id,
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
