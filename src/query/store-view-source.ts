import type { ResponseOf } from '../api/endpoints.js';
import type { Clock, Logger, TimerHandle } from '../env.js';
import type { CatalogueDatabase } from '../store/catalogue-database.js';
import { readStoredWithMeta, type StoredRead } from '../store/read-stored.js';
import { readStoredDirect } from '../store/read-stored-direct.js';
import { touchRead } from '../store/touch-read.js';
import { writeBoot } from '../store/write-boot.js';
import { freshnessOf } from '../sync/freshness.js';
import type { PreparedCall } from '../sync/prepare-call.js';
import type { PullOperation, SyncEngine } from '../sync/sync-engine.js';
import { LiveSource, watch } from './live-source.js';
import { deepFreeze, loadingSnapshot, type ViewSnapshot, type ViewStatus } from './view-snapshot.js';

export interface StoreViewDeps {
  readonly db: CatalogueDatabase;
  readonly engine: SyncEngine;
  readonly clock: Clock;
  readonly logger: Logger;
}

/** What a subscriber asks of the network: keep it fresh (a view on screen), or only fetch it when missing. */
export type Demand = 'fresh' | 'present';

type Read<O extends PullOperation> = StoredRead<O>;

/**
 * The live answer of one call (one request key), shared by every view of that key while any listens: one
 * live query, one expiry timer and one AbortController, because the engine shares the pull of a key too (one
 * view's abort must not cancel a fetch another view still waits for).
 *
 * It watches the stored answer and the key's sync-meta row together, so a 304 that renews freshness flips
 * `stale` to `fresh`; it schedules the `fresh` → `stale` flip on the injected clock and then revalidates
 * while a subscriber wants it fresh. When the last listener leaves it aborts, which cancels a queued fetch.
 */
export class StoreViewSource<O extends PullOperation> extends LiveSource<ViewSnapshot<ResponseOf<O>>> {
  readonly #deps: StoreViewDeps;
  readonly #call: PreparedCall<O>;
  #controller: AbortController | undefined;
  #unwatch: (() => void) | undefined;
  #timer: TimerHandle | undefined;
  #expiresAt: number | undefined;
  #fetches = 0;
  /** Whether the store was read since `start`; demands made before wait in `#waiting`. */
  #loaded = false;
  #waiting: { demand: Demand; resolve: () => void }[] = [];
  /** Subscribers that want this key kept fresh; pages beyond the first of an infinite list do not. */
  #keepFresh = 0;
  /**
   * Whether the boot store holds this call's current read (public calls only): true after a first snapshot
   * from it or a boot write; false once the live query re-ran, since the write that made it re-run also
   * deleted the boot row.
   */
  #booted = false;
  #liveReads = 0;

  constructor(deps: StoreViewDeps, call: PreparedCall<O>) {
    super(loadingSnapshot<ResponseOf<O>>());
    this.#deps = deps;
    this.#call = call;
  }

  get requestKey(): string {
    return this.#call.requestKey;
  }

  /** Subscribes with a demand: `fresh` asks the engine for freshness now and at every expiry while subscribed. */
  subscribeWith(listener: () => void, demand: Demand): () => void {
    const unsubscribe = this.subscribe(listener);
    if (demand === 'present') {
      void this.ensure('present');
      return unsubscribe;
    }
    this.#keepFresh += 1;
    void this.ensure('fresh');
    let active = true;
    return () => {
      if (active) this.#keepFresh -= 1;
      active = false;
      unsubscribe();
    };
  }

  /**
   * Asks the engine when needed: `fresh` fetches what is missing and revalidates what is stale; `present` only
   * fetches what is missing. Decided from this source's own read of the store (waiting for the first one), with
   * the engine's rule (`freshnessOf`), so a fresh view costs the engine nothing. Resolves when the fetch
   * settles (a failure shows as `error`).
   */
  ensure(demand: Demand): Promise<void> {
    if (!this.#controller) return Promise.resolve();
    if (!this.#loaded) return new Promise((resolve) => this.#waiting.push({ demand, resolve }));
    const fetch = this.#begin(demand);
    if (fetch) this.update({ fetching: true });
    return fetch ?? Promise.resolve();
  }

  /** Starts the fetch a demand needs, if any (without emitting: the caller does, once). */
  #begin(demand: Demand, status: ViewStatus = this.getSnapshot().status): Promise<void> | undefined {
    const controller = this.#controller;
    if (!controller || status === 'fresh' || (status === 'stale' && demand === 'present')) return undefined;
    // missing → fetch; stale → serve what is stored and revalidate (stale-while-revalidate).
    // Its own call, not the current user's: what this source fetches is what it reads (a view switches sources).
    const pull = this.#deps.engine.pullCall(this.#call, { priority: 'interactive', signal: controller.signal });
    this.#fetches += 1;
    return this.#track(pull, controller);
  }

  /** Revalidates now, whatever the freshness (conditional when an ETag is stored). */
  async revalidate(): Promise<void> {
    const controller = this.#controller;
    if (!controller) return;
    const pull = this.#deps.engine.pullCall(this.#call, { signal: controller.signal });
    this.#fetches += 1;
    this.update({ fetching: true });
    await this.#track(pull, controller);
  }

  /** Ends a fetch counted in `#fetches`: clears `fetching` and shows a failure as `error`; never rejects. */
  async #track(pending: Promise<unknown>, controller: AbortController): Promise<void> {
    let outcome: { error: unknown } | undefined;
    try {
      await pending;
    } catch (error) {
      outcome = { error };
    }
    // A fetch of an earlier subscription (aborted since) no longer counts; our own abort is a change of mind,
    // not an error (and offline never lands here: the queue waits).
    if (controller !== this.#controller) return;
    if (outcome) {
      this.#fetches -= 1;
      this.update({ fetching: this.#fetches > 0, ...(controller.signal.aborted ? {} : { error: outcome.error }) });
      return;
    }
    // Stored: read it back before clearing `fetching`, so no snapshot says "done" while still showing what
    // was there before (the live query re-runs too, a moment later, and finds the same answer).
    const read = await this.#read().catch(() => undefined);
    if (controller !== this.#controller) return;
    this.#fetches -= 1;
    this.update({ error: undefined });
    if (read) this.#show(read);
    else this.update({ fetching: this.#fetches > 0 });
  }

  protected start(): void {
    const controller = new AbortController();
    this.#controller = controller;
    this.#fetches = 0;
    this.#loaded = false;
    this.#booted = false;
    this.#liveReads = 0;
    // The first snapshot comes from a plain read, which is quicker than a live query's first run (a cold
    // start renders sooner); the live query starts right after, and its first run only re-emits if a write
    // came in between (an equal answer keeps the snapshot).
    this.#firstRead().then(
      (read) => {
        if (this.#controller !== controller) return;
        // Read marks wait for the live query, whose first run reads (and marks) the same rows a moment later:
        // marking now would open Dexie before the first snapshot's listeners have run.
        this.#show(read, { mark: false });
        this.#watch(controller);
      },
      () => this.#watch(controller),
    );
  }

  #watch(controller: AbortController): void {
    if (this.#controller !== controller) return;
    this.#unwatch = watch(
      () => this.#read(),
      (read) => {
        this.#show(read);
        this.#liveReads += 1;
        // The first live read leaves a boot row for the next page's start when there was none; a re-run means
        // a write deleted it, and it is written again when this view stops (not on every change: ~10 KB each).
        if (this.#liveReads === 1 && !this.#booted) this.#writeBoot();
        else if (this.#liveReads > 1) this.#booted = false;
      },
      (error) => {
        this.update({ error });
        this.#release();
      },
    );
  }

  protected stop(): void {
    if (this.#liveReads > 0 && !this.#booted) this.#writeBoot();
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#clearTimer();
    // Cancels a fetch of this key that is still queued: nobody is left to show it.
    this.#controller?.abort();
    this.#controller = undefined;
    this.#release();
  }

  /** Lets demands that waited for a first read go (when the read failed or the source stopped). */
  #release(): void {
    for (const { resolve } of this.#waiting.splice(0)) resolve();
  }

  /**
   * While the database is not open yet (a new page), the first read goes straight to IndexedDB instead of
   * waiting for Dexie's open; through Dexie when that path cannot answer (no database yet, a migration due).
   */
  async #firstRead(): Promise<Read<O>> {
    const { db } = this.#deps;
    if (db.isOpen()) return this.#read();
    const { operation, storeParams, userScope } = this.#call;
    const direct = await readStoredDirect(db, operation, storeParams, userScope, { boot: true });
    if (!direct) return this.#read();
    if (direct.booted) this.#booted = true;
    return direct;
  }

  /** Leaves the boot store this call's current read, in the background (public calls that show data only). */
  #writeBoot(): void {
    const { db, clock, logger } = this.#deps;
    const { operation, storeParams, userScope } = this.#call;
    if (userScope !== undefined || this.getSnapshot().data === undefined) return;
    this.#booted = true;
    writeBoot(db, operation, storeParams, clock.now()).catch((error: unknown) => {
      this.#booted = false;
      // Closing the catalogue while it writes is expected; it only costs the next start its one-get path.
      if (db.isOpen()) logger.warn('catalogue-sync: could not write a boot row', { error: String(error) });
    });
  }

  #read(): Promise<Read<O>> {
    const { db } = this.#deps;
    const { operation, storeParams, userScope } = this.#call;
    return readStoredWithMeta(db, operation, storeParams, userScope);
  }

  #show({ entry, meta }: Read<O>, { mark = true } = {}): void {
    if (!this.started) return;
    const { clock, db, logger } = this.#deps;
    const now = clock.now();
    const stored = entry !== undefined && meta !== undefined && meta.fetchedAt > 0;
    this.#expiresAt = stored ? meta.expiresAt : undefined;
    const status = entry === undefined ? 'missing' : stored ? freshnessOf(meta, now) : 'stale';
    const patch = {
      data: entry === undefined ? undefined : deepFreeze(entry.data),
      status,
      updatedAt: stored ? meta.fetchedAt : undefined,
    } as const;
    const wasLoaded = this.#loaded;
    const wasFresh = this.getSnapshot().status === 'fresh';
    const hadData = this.getSnapshot().data !== undefined;
    if (!this.#loaded) {
      // The first read: the demands that waited for it start their fetches now, and the first snapshot with a
      // status already says `fetching`, so a view never shows `missing` without a fetch under way.
      this.#loaded = true;
      for (const { demand, resolve } of this.#waiting.splice(0)) {
        void (this.#begin(demand, status) ?? Promise.resolve()).then(resolve);
      }
    }
    this.update({ ...patch, fetching: this.#fetches > 0 });
    this.#scheduleFlip(now);
    // Evicted (or cleared) under a subscriber: fetch it again, as its first read would have. Only on the
    // data → missing transition, so a refetch that fails does not loop.
    if (wasLoaded && hadData && status === 'missing' && this.#fetches === 0) {
      void this.ensure(this.#keepFresh > 0 ? 'fresh' : 'present');
    }
    // Marked stale by a write before its expiry (a change feed, another tab): revalidate now, not at the next
    // timer. Only on the fresh → stale transition, so a revalidation that fails does not loop.
    if (wasLoaded && wasFresh && status === 'stale' && this.#keepFresh > 0 && this.#fetches === 0) {
      void this.ensure('fresh');
    }
    if (entry && mark) {
      // Outside the live query (which must stay read-only): the read marks order `sync.refresh()` and eviction.
      touchRead(db, entry.refs, now).catch((error: unknown) =>
        logger.warn('catalogue-sync: could not record a read', { error: String(error) }),
      );
    }
  }

  #scheduleFlip(now: number): void {
    this.#clearTimer();
    const expiresAt = this.#expiresAt;
    if (expiresAt === undefined || expiresAt <= now) return;
    this.#timer = this.#deps.clock.setTimeout(() => {
      this.#timer = undefined;
      if (!this.started || this.#expiresAt !== expiresAt) return;
      this.update({ status: 'stale' });
      if (this.#keepFresh > 0) void this.ensure('fresh');
    }, expiresAt - now);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#deps.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
