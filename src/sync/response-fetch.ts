import type { EventEmitter } from 'eventemitter3';
import type { CatalogueError } from '../errors/catalogue-error.js';
import { NetworkError } from '../errors/index.js';
import type { RequestQueue } from '../queue/request-queue.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { accounted, responseBytes } from '../store/eviction/size-ledger.js';
import { readSyncMeta } from '../store/records/sync-meta.js';
import { planResponseWrite, type WriteResult } from '../store/records/write-response.js';
import { storeFailure } from '../store/store-failure.js';
import { writeThrough } from '../store/write/write-gate.js';
import { yieldToPage } from '../store/write/yield-to-page.js';
import type { AdoptedAnswers } from './adopted-answers.js';
import type { CatalogueEvents } from './catalogue-events.js';
import { DerivedRevalidation } from './derived-revalidation.js';
import type { EngineOptions } from './engine-options.js';
import type { EngineStatus } from './engine-status.js';
import type { EngineUserScope } from './engine-user-scope.js';
import type { BrowseEviction } from './eviction.js';
import { expiresAt } from './freshness.js';
import type { KnownFreshness } from './known-freshness.js';
import type { CatalogueParams, PreparedCall } from './prepare-call.js';
import type { PullOperation, PullOptions } from './pull-options.js';
import type { ReadMarks } from './read-marks.js';
import { recordPullFailure } from './record-pull-failure.js';

export interface ResponseFetchDeps {
  readonly options: EngineOptions;
  readonly db: CatalogueDatabase;
  readonly queue: RequestQueue;
  readonly emitter: EventEmitter<CatalogueEvents>;
  readonly readMarks: ReadMarks;
  readonly status: EngineStatus;
  readonly users: EngineUserScope;
  readonly eviction: BrowseEviction;
  /** Freshness rows read ahead (a list's pages): the ETag a request sends. */
  readonly known: KnownFreshness;
  /** Requests sent before the engine existed: a fetch of their key adopts the answer instead of sending. */
  readonly adopted: AdoptedAnswers;
  /** Why the engine stopped, if it did: what a failure that closing caused becomes. */
  readonly stopError: () => CatalogueError | undefined;
  /** A pull through its key's entry: how a derived answer's sources are revalidated. */
  readonly pull: <P extends PullOperation>(
    operation: P,
    params: CatalogueParams<P> | undefined,
    options: PullOptions,
  ) => Promise<WriteResult>;
}

/**
 * The engine's send of one response: through the queue (conditional on the stored ETag, or adopted from the front
 * door), then into the store through the storage budget and the write gate, reporting `stored`, the status and
 * failures. Entries call it through the engine, one fetch per key at a time.
 */
export class ResponseFetch {
  readonly #deps: ResponseFetchDeps;
  /** Names this instance's writes on their freshness rows (`writeId`): unique across tabs and reloads. */
  readonly #writePrefix: string;
  #writes = 0;
  readonly #derived = new DerivedRevalidation();

  constructor(deps: ResponseFetchDeps) {
    this.#deps = deps;
    const { random, clock } = deps.options;
    this.#writePrefix = `${Math.floor(random() * 2 ** 48).toString(36)}.${clock.now().toString(36)}.`;
  }

  /**
   * A series' account state that the user's whole TV lists answer is revalidated through those lists (see
   * `derived-revalidation.ts`), unless forced; anything else, or a list not stored whole, is fetched.
   */
  async fetchOrDerive<O extends PullOperation>(call: PreparedCall<O>, options: PullOptions): Promise<WriteResult> {
    const scope = call.userScope;
    if (
      call.operation === 'tvAccountStates' &&
      !options.force &&
      scope !== undefined &&
      scope === this.#deps.users.user?.id
    ) {
      const pullOptions = { priority: options.priority ?? 'interactive' } as const;
      const derived = await this.#derived.revalidate(
        {
          db: this.#deps.db,
          now: () => this.#deps.options.clock.now(),
          userScope: scope,
          pull: (operation, params) =>
            this.#deps.pull(operation, params as CatalogueParams<typeof operation>, pullOptions),
        },
        call.requestKey,
        options.signal,
      );
      if (derived) return derived;
    }
    return this.fetch(call, options);
  }

  /** Sends `call` and stores its answer; a per-user call runs as a read of its scope, which a sign-out aborts. */
  async fetch<O extends PullOperation>(call: PreparedCall<O>, options: PullOptions): Promise<WriteResult> {
    const scope = call.userScope;
    if (scope === undefined) return this.#fetchScoped(call, options);
    // The read's own signal, which a sign-out of its scope aborts (and the caller's, if any).
    return this.#deps.users.run(scope, options.signal, (signal) => this.#fetchScoped(call, { ...options, signal }));
  }

  async #fetchScoped<O extends PullOperation>(call: PreparedCall<O>, options: PullOptions): Promise<WriteResult> {
    const { db, queue, emitter, options: resolved } = this.#deps;
    const { clock } = resolved;
    const { operation, requestKey } = call;
    this.#deps.status.transition({ type: 'started' });
    try {
      const priority = options.priority ?? 'interactive';
      const sendAgain = () => queue.send(call.request, { priority, signal: options.signal });
      const meta = options.force ? undefined : await this.#deps.known.take(requestKey);
      const adopted = options.force ? undefined : this.#deps.adopted.take(requestKey, options.signal, sendAgain);
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
      const result = await this.#deps.eviction.store({
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
      this.#deps.status.transition({ type: 'succeeded', at });
      // The engine writes anyway: what views read meanwhile is written too.
      void this.#deps.readMarks.flush();
      return result;
    } catch (thrown) {
      // The store's failures become the library's errors here, before any caller, event or status sees them.
      const error = storeFailure(thrown, this.#deps.stopError());
      await recordPullFailure(this.#deps, call, error, options.signal);
      throw error;
    }
  }
}
