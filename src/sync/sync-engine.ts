import type { EventEmitter } from 'eventemitter3';
import type { endpoints, ResponseOf } from '../api/endpoints.js';
import { isSchemaValidationError, NetworkError, type SchemaValidationError } from '../errors/index.js';
import { isScopeEndedError, ScopeEndedError } from '../errors/scope-ended-error.js';
import { scrubMessage } from '../errors/scrub-message.js';
import type { Priority } from '../queue/priority.js';
import type { RequestQueue } from '../queue/request-queue.js';
import type { CatalogueDatabase } from '../store/catalogue-database.js';
import { quarantineResponse } from '../store/quarantine-response.js';
import { readRef } from '../store/read-ref.js';
import { readStored } from '../store/read-stored.js';
import { writeRebased } from '../store/rebase-mutations.js';
import { responseBytes } from '../store/size-ledger.js';
import { isStoredOperation, type StoredOperation } from '../store/store-mappings.js';
import { readSyncMeta, recordSyncError } from '../store/sync-meta.js';
import { type WriteResult, writeResponse } from '../store/write-response.js';
import type { CatalogueEvents } from './catalogue-events.js';
import type { ResolvedCatalogueOptions } from './catalogue-options.js';
import { DerivedRevalidation } from './derived-revalidation.js';
import { BrowseEviction } from './eviction.js';
import { expiresAt, type Freshness, freshnessOf } from './freshness.js';
import { type CatalogueParams, type PreparedCall, prepareCall } from './prepare-call.js';
import { pullListPages } from './pull-list-pages.js';
import { nextSyncStatus, type SyncStatus, type SyncStatusEvent } from './sync-status.js';
import type { UserScope } from './user-scope.js';

/** Operations whose answers the store keeps (every GET). */
export type PullOperation = StoredOperation;
/** Paged operations, for `pullList`. */
export type ListOperation = {
  [O in PullOperation]: (typeof endpoints)[O]['kind'] extends 'list' ? O : never;
}[PullOperation];

export interface PullOptions {
  /** @default 'interactive' */
  priority?: Priority;
  /** Fetch even when fresh, unconditionally (no If-None-Match). @default false */
  force?: boolean;
  signal?: AbortSignal;
}

export interface PullListOptions extends Omit<PullOptions, 'force'> {
  /** How many pages from page 1: a number, or `'all'` (up to `total_pages`, clamped to the service's 500). */
  pages: number | 'all';
}

export interface PullListResult {
  /** Pages fetched. */
  readonly pages: number;
  /** Ids in served order, each once: pages drift on the service, so an id may be served on two pages. */
  readonly ids: readonly (number | string)[];
  readonly total_results: number;
}

export interface RefreshOptions {
  /** The most requests one refresh may send. @default 100 */
  budget?: number;
  /** @default 'background' */
  priority?: Priority;
  signal?: AbortSignal;
}

export interface RefreshResult {
  /** Stale entries revalidated and changed (records written). */
  readonly updated: number;
  /** Stale entries revalidated and unchanged (304 or the same ETag: freshness only). */
  readonly unchanged: number;
  readonly failed: number;
  /** Stale entries left for a later refresh (over the budget). */
  readonly remaining: number;
}

export interface EnsureFreshResult {
  readonly freshness: Freshness;
  /** The revalidation started for stale data (stale-while-revalidate), or the fetch of missing data. */
  readonly pending: Promise<WriteResult> | undefined;
}

/** The service caps `page` at 500 (FACTS §3), whatever `total_pages` says. */
export const MAX_PAGE = 500;

interface EngineDeps {
  readonly options: ResolvedCatalogueOptions;
  readonly db: CatalogueDatabase;
  readonly queue: RequestQueue;
  readonly emitter: EventEmitter<CatalogueEvents>;
}

function plainError(error: unknown): { name: string; message: string; status?: number; statusCode?: number } {
  const e = error as { name?: unknown; message?: unknown; status?: unknown; statusCode?: unknown };
  const plain: { name: string; message: string; status?: number; statusCode?: number } = {
    name: typeof e?.name === 'string' ? e.name : 'Error',
    message: scrubMessage(typeof e?.message === 'string' ? e.message : String(error)),
  };
  if (typeof e?.status === 'number') plain.status = e.status;
  if (typeof e?.statusCode === 'number') plain.statusCode = e.statusCode;
  return plain;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && error === signal.reason;
}

/**
 * The engine: pulls responses through the queue into the store, decides freshness, and reports status and
 * events. One instance per catalogue. The network writes the store; nothing here hands a response to the UI.
 */
export class SyncEngine {
  readonly #deps: EngineDeps;
  readonly #inFlight = new Map<string, Promise<WriteResult>>();
  readonly #eviction: BrowseEviction;
  readonly #derived = new DerivedRevalidation();
  #status: SyncStatus;
  #user: UserScope | undefined;
  /** The reads of each user scope, queued or in flight: a sign-out aborts them. */
  readonly #scopeReads = new Map<string, Set<AbortController>>();
  /** Scopes signed out (here or in another tab) since this instance started, until signed in again. */
  readonly #ended = new Set<string>();
  /** Told when the current user changes (`setUser`, a sign-out here or in another tab): views follow it. */
  readonly #userListeners = new Set<() => void>();

  constructor(deps: EngineDeps, initialStatus: SyncStatus) {
    this.#deps = deps;
    this.#status = initialStatus;
    const { db, emitter, options } = deps;
    this.#eviction = new BrowseEviction({
      db,
      emitter,
      clock: options.clock,
      logger: options.logger,
      maxBytes: options.maxBytes,
      // Being fetched or written: never evicted from under the write.
      inFlightKeys: () => this.#inFlight.keys(),
    });
  }

  get status(): SyncStatus {
    return this.#status;
  }

  get user(): UserScope | undefined {
    return this.#user;
  }

  setUser(user: UserScope | undefined): void {
    if (user) this.#ended.delete(user.id);
    const changed = user?.id !== this.#user?.id;
    this.#user = user;
    if (changed) this.#userChanged();
  }

  /** Calls `listener` whenever the current user changes; returns the function that stops it. */
  onUserChange(listener: () => void): () => void {
    this.#userListeners.add(listener);
    return () => this.#userListeners.delete(listener);
  }

  #userChanged(): void {
    for (const listener of [...this.#userListeners]) listener();
  }

  /**
   * A sign-out of `userScope` (here or in another tab): its queued and in-flight reads are aborted, none of their
   * answers or errors is written, and it stops being the current user.
   */
  endScope(userScope: string): void {
    this.#ended.add(userScope);
    const current = this.#user?.id === userScope;
    if (current) this.#user = undefined;
    for (const controller of this.#scopeReads.get(userScope) ?? []) controller.abort(new ScopeEndedError(userScope));
    this.#scopeReads.delete(userScope);
    if (current) this.#userChanged();
  }

  /**
   * Runs a store write that is not a response's (an outbox change, a change-feed patch): on a quota error, least
   * recently read browse data is evicted and the write runs once more, as a response's write would.
   */
  retryOnQuota<T>(write: () => Promise<T>): Promise<T> {
    return this.#eviction.retryOnQuota(write);
  }

  /** Applies a status event; emits `status` only when the snapshot changed. */
  transition(event: SyncStatusEvent): void {
    const next = nextSyncStatus(this.#status, event);
    if (next === this.#status) return;
    this.#status = next;
    this.#deps.emitter.emit('status', next);
  }

  prepare<O extends PullOperation>(operation: O, params: CatalogueParams<O> | undefined): PreparedCall<O> {
    if (!isStoredOperation(operation)) {
      throw new TypeError(`${String(operation)} is not an operation whose answers are stored`);
    }
    return prepareCall(operation, params, { language: this.#deps.options.language, user: this.#user });
  }

  /**
   * Fetches one response through the queue and stores it. Concurrent pulls of the same request key share one
   * fetch and one write. A stored ETag makes the request conditional unless `force`.
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
    return this.#pullShared(call, options);
  }

  /**
   * Pulls a call prepared earlier, under the user scope it was prepared for: a view reads and writes one scope
   * even when the current user changed since (it is switched to the new user's call by then).
   */
  pullCall<O extends PullOperation>(prepared: PreparedCall<O>, options: PullOptions = {}): Promise<WriteResult> {
    let call = prepared;
    // The current user's call is prepared again: a new session of the same account brings new credentials.
    if (call.userScope !== undefined && call.userScope === this.#user?.id) {
      try {
        call = this.prepare(call.operation, call.storeParams as unknown as CatalogueParams<O>);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return this.#pullShared(call, options, true);
  }

  /**
   * Concurrent pulls of one request key share one fetch and one write. `derive`: a view's or a refresh's pull, which
   * may revalidate a derived answer through what it is derived from (`#pullOrRevalidateDerived`).
   */
  #pullShared<O extends PullOperation>(
    call: PreparedCall<O>,
    options: PullOptions,
    derive = false,
  ): Promise<WriteResult> {
    const shared = this.#inFlight.get(call.requestKey);
    if (shared && !options.force) return shared;
    const pull = derive ? this.#pullOrRevalidateDerived(call, options) : this.#pullPrepared(call, options);
    const run = pull.finally(() => {
      if (this.#inFlight.get(call.requestKey) === run) this.#inFlight.delete(call.requestKey);
    });
    this.#inFlight.set(call.requestKey, run);
    return run;
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
    if (call.operation === 'tvAccountStates' && !options.force && scope !== undefined && scope === this.#user?.id) {
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
    if (this.#ended.has(scope)) throw new ScopeEndedError(scope);
    // The read's own signal, which a sign-out of its scope aborts (and the caller's, if any).
    const controller = new AbortController();
    const onAbort = () => controller.abort(options.signal?.reason);
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const reads = this.#scopeReads.get(scope) ?? new Set();
    this.#scopeReads.set(scope, reads);
    reads.add(controller);
    try {
      return await this.#pullScoped(call, { ...options, signal: controller.signal });
    } catch (error) {
      throw this.#ended.has(scope)
        ? new ScopeEndedError(scope)
        : options.signal?.aborted
          ? options.signal.reason
          : error;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      reads.delete(controller);
      if (reads.size === 0 && this.#scopeReads.get(scope) === reads) this.#scopeReads.delete(scope);
    }
  }

  async #pullScoped<O extends PullOperation>(call: PreparedCall<O>, options: PullOptions): Promise<WriteResult> {
    const { db, queue, emitter, options: resolved } = this.#deps;
    const { clock } = resolved;
    const { operation, requestKey } = call;
    this.transition({ type: 'started' });
    try {
      const meta = options.force ? undefined : await readSyncMeta(db, requestKey);
      const etag = meta && meta.fetchedAt > 0 ? meta.etag : undefined;
      const priority = options.priority ?? 'interactive';
      let response = await queue.request(operation, call.sendParams, {
        priority,
        signal: options.signal,
        ifNoneMatch: etag,
      });
      // A 304 only confirms what this request named and what is still stored: to a request that sent no ETag (a
      // misbehaving proxy), or whose stored answer went meanwhile (evicted), it is asked again unconditionally.
      if (response.status === 304 && (etag === undefined || (await readSyncMeta(db, requestKey))?.etag !== etag)) {
        response = await queue.request(operation, call.sendParams, { priority, signal: options.signal });
        if (response.status === 304) {
          throw new NetworkError({ operation, cause: new Error('a 304 answered an unconditional request') });
        }
      }
      // Pending outbox changes of what this response holds are put back on top of it in the same transaction.
      const rebase = { operation, params: call.storeParams as Record<string, unknown>, userScope: call.userScope };
      // A quota error evicts least recently read browse data and retries once; `maxBytes` accounts the write.
      const result = await this.#eviction.store({
        operation,
        requestKey,
        userScope: call.userScope,
        bytes: () =>
          response.status === 304 ? undefined : responseBytes(operation, call.storeParams, requestKey, response.data),
        write: () =>
          writeRebased(db, rebase, () =>
            writeResponse(db, {
              operation,
              params: call.storeParams,
              // What was stored when the request was built: spares the write transaction a read.
              ...(options.force ? {} : { previousEtag: etag ?? null }),
              ...(call.userScope === undefined ? {} : { userScope: call.userScope }),
              response: response as never,
              expiresAt: expiresAt(operation, response.maxAgeSeconds, response.receivedAt, resolved.freshness),
              now: clock.now(),
            }),
          ),
      });
      const at = clock.now();
      emitter.emit('stored', { operation, requestKey, outcome: result.outcome, at });
      this.transition({ type: 'succeeded', at });
      return result;
    } catch (error) {
      await this.#recordFailure(call, error, options.signal);
      throw error;
    }
  }

  async #recordFailure(call: PreparedCall<PullOperation>, error: unknown, signal: AbortSignal | undefined) {
    const { db, emitter, options } = this.#deps;
    const at = options.clock.now();
    const { operation, requestKey } = call;
    // Signed out meanwhile: nothing is written under the scope, not even its error.
    const ended = call.userScope !== undefined && this.#ended.has(call.userScope);
    if (isAbort(error, signal) || ended || isScopeEndedError(error)) {
      // A caller changing its mind is not a failure of the service: no error state, nothing recorded.
      this.transition({ type: 'succeeded', at: this.#status.lastSyncedAt ?? at });
      return;
    }
    const plain = plainError(error);
    const info = { name: plain.name, message: plain.message, operation, at };
    try {
      if (isSchemaValidationError(error)) {
        await quarantineResponse(db, { operation, requestKey, error: error as SchemaValidationError, receivedAt: at });
      }
      await recordSyncError(db, {
        requestKey,
        operation,
        ...(call.userScope === undefined ? {} : { userScope: call.userScope }),
        error: plain,
        now: at,
      });
    } catch (storeError) {
      options.logger.error('catalogue-sync: could not record a failed pull', {
        operation,
        requestKey,
        error: plainError(storeError).message,
      });
    }
    if (isSchemaValidationError(error)) {
      const path = (error as SchemaValidationError).path;
      emitter.emit('quarantined', { operation, requestKey, path, message: plain.message, at });
      this.transition({ type: 'quarantined', error: info });
    } else {
      emitter.emit('error', { operation, requestKey, error: plain, at });
      this.transition({ type: 'failed', error: info });
    }
    options.logger.warn('catalogue-sync: pull failed', { operation, requestKey, error: plain.name });
  }

  /** Where the stored answer of a call stands. */
  async freshness<O extends PullOperation>(operation: O, params?: CatalogueParams<O>): Promise<Freshness> {
    const call = this.prepare(operation, params);
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
    const freshness = await this.freshness(operation, params);
    if (freshness === 'fresh') return { freshness, pending: undefined };
    const pending = this.pull(operation, params, options);
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
    // Its pages are read back after their pulls: a budget must not evict them meanwhile. Enforced once it is done.
    const hold = this.#eviction.hold();
    const wanted = pages === 'all' ? MAX_PAGE : Math.min(pages, MAX_PAGE);
    try {
      return await pullListPages(operation, wanted, {
        pull: (page) => {
          hold.add(this.prepare(operation, paramsOf(page)).requestKey);
          return this.pull(operation, paramsOf(page), pullOptions);
        },
        read: (page) => this.read(operation, paramsOf(page)) as never,
        progress: (done, total) => this.#deps.emitter.emit('progress', { operation, done, total }),
      });
    } finally {
      await hold.release();
    }
  }

  /**
   * Revalidates what is stale, most recently read first (a view on screen reads its key), within a request
   * budget. Only the current user's per-user entries are revalidated: another user's need their credentials.
   */
  async refresh(options: RefreshOptions = {}): Promise<RefreshResult> {
    const budget = options.budget ?? 100;
    if (!(Number.isInteger(budget) && budget >= 0)) throw new TypeError('refresh: budget must be an integer ≥ 0');
    const { db, options: resolved } = this.#deps;
    const now = resolved.clock.now();
    const userScope = this.#user?.id;
    const stale = (await db.syncMeta.where('expiresAt').belowOrEqual(now).toArray()).filter(
      (row) =>
        row.fetchedAt > 0 &&
        row.params !== undefined &&
        isStoredOperation(row.operation) &&
        (row.userScope === undefined || row.userScope === userScope),
    );
    const marks = await db.readMarks.bulkGet(stale.map((row) => readRef('syncMeta', row.requestKey)));
    const order = stale
      .map((row, i) => ({ row, readAt: marks[i]?.lastReadAt ?? Number.NEGATIVE_INFINITY }))
      .sort((a, b) => b.readAt - a.readAt || a.row.expiresAt - b.row.expiresAt);
    const chosen = order.slice(0, budget);
    const pullOptions = { priority: options.priority ?? 'background', signal: options.signal };
    const total = chosen.length;
    let done = 0;
    const outcomes = await Promise.all(
      chosen.map(async ({ row }) => {
        const operation = row.operation as PullOperation;
        try {
          const call = this.prepare(operation, row.params as CatalogueParams<typeof operation>);
          const result = await this.#pullShared(call, pullOptions, true);
          return result.outcome;
        } catch {
          return 'failed' as const;
        } finally {
          done += 1;
          this.#deps.emitter.emit('progress', { operation, done, total });
        }
      }),
    );
    return {
      updated: outcomes.filter((o) => o === 'stored').length,
      unchanged: outcomes.filter((o) => o === 'not-modified').length,
      failed: outcomes.filter((o) => o === 'failed').length,
      remaining: order.length - chosen.length,
    };
  }

  /** The stored answer of a call, as served, or undefined. */
  async read<O extends PullOperation>(operation: O, params?: CatalogueParams<O>): Promise<ResponseOf<O> | undefined> {
    const call = this.prepare(operation, params);
    return readStored(this.#deps.db, operation, call.storeParams, call.userScope);
  }
}
