import { liveQuery } from 'dexie';
import type { ResponseOf } from '../api/endpoints.js';
import type { Clock, Logger, TimerHandle } from '../env.js';
import type { Priority } from '../queue/priority.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { readStoredWithMeta, type StoredRead } from '../store/records/read-stored.js';
import type { WriteResult } from '../store/records/write-response.js';
import { answerFreshness } from './freshness.js';
import { deepEqual, nextSnapshot } from './next-snapshot.js';
import type { PreparedCall } from './prepare-call.js';
import type { ReadMarks } from './read-marks.js';
import { Subscribable } from './subscribable.js';
import { deepFreeze, loadingSnapshot, type ViewSnapshot, type ViewStatus } from './view-snapshot.js';

/** What an observer asks of the network: keep the key fresh (a view on screen), or only fetch it when missing. */
export type Demand = 'fresh' | 'present';

export interface FetchOptions {
  readonly priority?: Priority;
  /** Fetch even when one is in flight, unconditionally (no If-None-Match). */
  readonly force?: boolean;
  /** The caller's own: aborting it rejects this caller's promise; the fetch goes on while anyone else waits. */
  readonly signal?: AbortSignal | undefined;
  /**
   * A view's or a refresh's fetch: an answer derived from other stored answers (a series' account state from the
   * account's lists) may be revalidated through those instead. A plain pull asks the service for this key.
   */
  readonly derive?: boolean;
}

export interface KeyEntryDeps {
  readonly db: CatalogueDatabase;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly readMarks: ReadMarks;
  /** Sends the call and stores its answer (the engine's network path); rejects on failure or abort. */
  readonly send: (
    call: PreparedCall<StoredOperation>,
    options: { priority: Priority; force: boolean; derive: boolean; signal: AbortSignal },
  ) => Promise<WriteResult>;
  /** Called when nothing observes the entry and nothing is in flight: the cache forgets it. */
  readonly onIdle: (entry: KeyEntry<StoredOperation>) => void;
  /** Called when the live read shows a stored answer (the first answers keep it for the next page load). */
  readonly onShown?: (call: PreparedCall<StoredOperation>) => void;
  /**
   * How long the entry outlives its last observer (ms): its fetch goes on, its answer or error stays, and an
   * observer back within it costs nothing. 0: it stops at once.
   */
  readonly graceMs?: number;
}

/** One fetch of the key, shared by everyone waiting for it; aborted when the last of them leaves. */
interface Flight {
  readonly promise: Promise<WriteResult>;
  readonly controller: AbortController;
  holders: number;
}

type Read<O extends StoredOperation> = StoredRead<O>;

/**
 * The one owner of a request key: its state, its one fetch in flight, its expiry timer and its reads.
 *
 * State (the snapshot's `status`), with `fetching` and `error` beside it:
 *
 *   loading ──first live read──▶ missing | fresh | stale
 *   missing ──fetch stored──▶ fresh            fresh ──expiresAt (timer) or marked stale by a write──▶ stale
 *   stale ──revalidated (stored or 304)──▶ fresh   fresh | stale ──evicted or cleared──▶ missing
 *   any ──last observer left, then `graceMs` with none back──▶ (forgotten once no fetch is in flight; a new
 *        observer starts from loading). Within the grace the entry goes on as if observed: a key that comes back
 *        (a key changing every frame, a list scrolled past and back) costs neither a request nor a read.
 *
 *   fetching: true from a fetch's start until its write is seen by the live read (or it failed or was aborted)
 *   error: the last failure, cleared by the next success; an abort is not a failure
 *
 * Observers subscribe with a demand: `fresh` fetches what is missing and revalidates what is stale, now and at
 * every expiry while subscribed; `present` only fetches what is missing. Decisions wait for the first live
 * read, so a fresh key costs the network nothing. The one read path is Dexie's `liveQuery` over the stored
 * answer and its freshness row together (a 304 that renews freshness flips `stale` to `fresh`). Reading never
 * writes: what was read is noted in memory (`ReadMarks`) and written by the engine when it writes anyway.
 */
export class KeyEntry<O extends StoredOperation> {
  readonly #deps: KeyEntryDeps;
  readonly call: PreparedCall<O>;
  /** The observers: the first starts the live read, the last stops it. */
  readonly #observers = new Subscribable({ onFirst: () => this.#arrive(), onLast: () => this.#leave() });
  /** Pending while the last observer's grace runs (`graceMs`). */
  #grace: TimerHandle | undefined;
  /** When the last fetch failed: within the grace after it, an observer's demand does not send it again. */
  #failedAt: number | undefined;
  #snapshot: ViewSnapshot<ResponseOf<O>> = loadingSnapshot();
  #flight: Flight | undefined;
  /** The observers' hold on the flight they started or joined (released when the last observer leaves). */
  #observersHold: (() => void) | undefined;
  /** Observers that want the key kept fresh. */
  #keepFresh = 0;
  #unwatch: (() => void) | undefined;
  #timer: TimerHandle | undefined;
  #expiresAt: number | undefined;
  /** The write id of the freshness row last shown. */
  #shownWriteId: string | undefined;
  /** A stored fetch whose write the live read has not shown yet: `fetching` stays on until it does. */
  #settling: { readonly writeId: string | undefined; readonly shownBefore: string | undefined } | undefined;
  /** Whether the live read answered since the first observer came; demands made before wait in `#waiting`. */
  #loaded = false;
  #waiting: Demand[] = [];
  /** Callers of `settled()`. */
  #settledWaiters: (() => void)[] = [];
  /** Data a view already shows for this key, adopted from before the engine (`showing`). */
  #showing: unknown;

  constructor(deps: KeyEntryDeps, call: PreparedCall<O>) {
    this.#deps = deps;
    this.call = call;
  }

  get requestKey(): string {
    return this.call.requestKey;
  }

  get snapshot(): ViewSnapshot<ResponseOf<O>> {
    return this.#snapshot;
  }

  /**
   * A view already shows `data` (frozen) for this key: a cold visit's early answer, being stored. The read that
   * shows an equal stored answer shows this very object, so the view taking over from it changes nothing.
   */
  showing(data: unknown): void {
    this.#showing = data;
  }

  /** Whether a fetch of this key is in flight (eviction leaves such a key alone). */
  get inFlight(): boolean {
    return this.#flight !== undefined;
  }

  /** Listened to, or within the grace after the last observer left. */
  get observed(): boolean {
    return this.#observers.listened || this.#grace !== undefined;
  }

  /** Ends a pending grace at once (the engine closes): the entry stops as if it had run out. */
  endGrace(): void {
    if (this.#grace === undefined) return;
    this.#deps.clock.clearTimeout(this.#grace);
    this.#grace = undefined;
    this.#stop();
  }

  #arrive(): void {
    if (this.#grace === undefined) {
      this.#start();
      return;
    }
    // Back within the grace: the live read and any fetch never stopped.
    this.#deps.clock.clearTimeout(this.#grace);
    this.#grace = undefined;
  }

  #leave(): void {
    const graceMs = this.#deps.graceMs ?? 0;
    if (graceMs <= 0) {
      this.#stop();
      return;
    }
    this.#grace = this.#deps.clock.setTimeout(() => {
      this.#grace = undefined;
      this.#stop();
    }, graceMs);
  }

  /**
   * Listens to the snapshot with a demand; the first observer starts the live read. Returns the function that
   * stops listening (idempotent).
   */
  observe(listener: () => void, demand: Demand): () => void {
    if (demand === 'fresh') this.#keepFresh += 1;
    const stop = this.#observers.subscribe(listener);
    this.ensure(demand);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      if (demand === 'fresh') this.#keepFresh -= 1;
      stop();
    };
  }

  /**
   * Starts the fetch a demand needs, decided from the live read (waiting for the first one): nothing for a fresh
   * key, or a stale one when only presence is asked.
   */
  ensure(demand: Demand): void {
    if (!this.observed) return;
    if (!this.#loaded) {
      this.#waiting.push(demand);
      return;
    }
    const status = this.#snapshot.status;
    // A stored answer the live read has not shown yet (`#settling`) is on its way, as a fetch in flight is.
    if (status === 'fresh' || (status === 'stale' && demand === 'present') || this.#flight || this.#settling) return;
    // A failure moments ago (a 404 for an id typed twice): its answer stands for the grace; refresh() asks again.
    if (this.#snapshot.error !== undefined && this.#failedRecently()) return;
    this.#fetchForObservers({});
  }

  /**
   * Resolves once the live read has answered and no fetch is under way (the fetch a demand started has been
   * stored and shown, or failed), or when nothing observes the key any more.
   */
  settled(): Promise<void> {
    if (!this.observed || this.#isSettled()) return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push(resolve));
  }

  #isSettled(): boolean {
    return this.#loaded && this.#waiting.length === 0 && !this.#flight && !this.#settling;
  }

  #checkSettled(): void {
    if (this.#settledWaiters.length === 0 || (this.observed && !this.#isSettled())) return;
    for (const resolve of this.#settledWaiters.splice(0)) resolve();
  }

  /** Revalidates now for the observers, whatever the freshness; resolves when it settles (never rejects). */
  async revalidate(): Promise<void> {
    if (!this.observed) return;
    await this.#fetchForObservers({}).catch(() => {});
  }

  /**
   * Fetches the key and stores its answer: one fetch for every caller at once (unless `force`). The caller's
   * signal only withdraws this caller; the fetch is aborted when nobody waits for it any more.
   */
  fetch(options: FetchOptions = {}): Promise<WriteResult> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(signal.reason);
    const flight = this.#flightFor(options);
    flight.holders += 1;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.#release(flight);
    };
    if (!signal) return flight.promise.finally(release);
    return new Promise<WriteResult>((resolve, reject) => {
      const onAbort = () => {
        release();
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (result) => {
          signal.removeEventListener('abort', onAbort);
          release();
          resolve(result);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          release();
          reject(error);
        },
      );
    });
  }

  /** A fetch the observers hold (released when the last one leaves); failures show as the snapshot's `error`. */
  #fetchForObservers(options: FetchOptions, quiet = false): Promise<WriteResult> {
    const flight = this.#flightFor({ priority: 'interactive', derive: true, ...options }, quiet);
    if (!this.#observersHold) {
      flight.holders += 1;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (this.#observersHold === release) this.#observersHold = undefined;
        this.#release(flight);
      };
      this.#observersHold = release;
      flight.promise.then(release, release);
    }
    return flight.promise;
  }

  /** The flight to join or a new one; `quiet` leaves telling the listeners of `fetching` to the caller. */
  #flightFor(options: FetchOptions, quiet = false): Flight {
    if (this.#flight && !options.force) return this.#flight;
    const controller = new AbortController();
    const promise = this.#deps.send(this.call, {
      priority: options.priority ?? 'interactive',
      force: options.force === true,
      derive: options.derive === true,
      signal: controller.signal,
    });
    const flight: Flight = { promise, controller, holders: 0 };
    this.#flight = flight;
    if (!quiet) this.#update({ fetching: true });
    promise.then(
      (result) => this.#settled(flight, result, undefined),
      (error: unknown) => this.#settled(flight, undefined, error),
    );
    return flight;
  }

  #release(flight: Flight): void {
    flight.holders -= 1;
    // Nobody is left to show or await it: a fetch still queued is cancelled.
    if (flight.holders <= 0 && this.#flight === flight) flight.controller.abort();
  }

  #settled(flight: Flight, result: WriteResult | undefined, error: unknown): void {
    if (this.#flight !== flight) return;
    this.#flight = undefined;
    if (result && this.observed) {
      // Stored: `fetching` clears when the live read shows this write, so no snapshot says "done" while still
      // showing what was there before.
      if (result.writeId !== undefined && result.writeId !== this.#shownWriteId) {
        this.#settling = { writeId: result.writeId, shownBefore: this.#shownWriteId };
        this.#update({ error: undefined });
        return;
      }
      this.#update({ fetching: false, error: undefined });
    } else if (result) {
      this.#update({ fetching: false, error: undefined });
    } else {
      // An abort is a change of mind, not an error (and offline never lands here: the queue waits).
      const failed = !flight.controller.signal.aborted;
      // Demands still waiting for the first read had their fetch: its failure is their answer, not a reason to
      // send again (a request adopted from before the engine can fail before the first read answers).
      if (failed) {
        this.#waiting = [];
        this.#failedAt = this.#deps.clock.now();
      }
      this.#update({ fetching: false, ...(failed ? { error } : {}) });
    }
    this.#checkSettled();
    this.#idleCheck();
  }

  #start(): void {
    const { db } = this.#deps;
    const { operation, storeParams, userScope, requestKey, listKey } = this.call;
    const subscription = liveQuery(() =>
      readStoredWithMeta(db, operation, storeParams, userScope, requestKey, listKey),
    ).subscribe({
      next: (read) => this.#show(read),
      error: (error: unknown) => {
        this.#update({ error });
        // Demands that waited for a first read give up: there is nothing to decide from.
        this.#waiting = [];
        this.#loaded = true;
        this.#checkSettled();
      },
    });
    this.#unwatch = () => subscription.unsubscribe();
  }

  #stop(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#clearTimer();
    this.#waiting = [];
    this.#settling = undefined;
    this.#observersHold?.();
    this.#observersHold = undefined;
    // The snapshot stays (an observer coming back during a fetch sees it at once); decisions wait for a new read.
    this.#loaded = false;
    this.#checkSettled();
    this.#idleCheck();
  }

  #failedRecently(): boolean {
    const graceMs = this.#deps.graceMs ?? 0;
    return this.#failedAt !== undefined && this.#deps.clock.now() - this.#failedAt < graceMs;
  }

  #idleCheck(): void {
    if (!this.observed && !this.#flight) this.#deps.onIdle(this as unknown as KeyEntry<StoredOperation>);
  }

  #show({ entry, meta }: Read<O>): void {
    if (!this.observed) return;
    const { clock, readMarks } = this.#deps;
    const now = clock.now();
    const stored = entry !== undefined && meta !== undefined && meta.fetchedAt > 0;
    this.#expiresAt = stored ? meta.expiresAt : undefined;
    const status: ViewStatus =
      entry === undefined ? 'missing' : answerFreshness(stored ? meta.expiresAt : undefined, now);
    const previous = this.#snapshot.status;
    const wasLoaded = this.#loaded;
    this.#loaded = true;
    const hadData = this.#snapshot.data !== undefined;
    this.#shownWriteId = meta?.writeId;
    // A first read taken before the write of a fetch that has already settled (a request adopted from before the
    // engine can be stored before the view's first read answers): read again, rather than fetch it twice.
    const beforeWrite = !wasLoaded && this.#settling !== undefined && entry === undefined;
    if (!wasLoaded) {
      // The first read: the demands that waited for it start their fetch before the snapshot is told, so a
      // view never shows `missing` without a fetch under way.
      const demands = this.#waiting.splice(0);
      const wanted = status === 'missing' || (status === 'stale' && demands.includes('fresh'));
      if (beforeWrite) this.#readAgain();
      else if (wanted && demands.length > 0 && !this.#flight) this.#fetchForObservers({}, true);
    }
    const settling = this.#settling;
    if (settling && !beforeWrite && (meta === undefined || meta.writeId !== settling.shownBefore)) {
      this.#settling = undefined;
    }
    const showing = this.#showing;
    if (entry !== undefined) this.#showing = undefined;
    this.#update({
      data:
        entry === undefined
          ? undefined
          : deepEqual(entry.data, showing)
            ? (showing as typeof entry.data)
            : deepFreeze(entry.data),
      status,
      updatedAt: stored ? meta.fetchedAt : undefined,
      fetching: this.#flight !== undefined || this.#settling !== undefined,
    });
    this.#scheduleFlip(now);
    if (entry) {
      readMarks.note(entry.refs, now);
      this.#deps.onShown?.(this.call as unknown as PreparedCall<StoredOperation>);
    }
    if (wasLoaded && !this.#flight && !this.#settling) {
      // Evicted (or cleared) under an observer: fetched again, as its first read would have. Only on the
      // data → missing transition, so a refetch that fails does not loop.
      if (hadData && status === 'missing') this.ensure(this.#keepFresh > 0 ? 'fresh' : 'present');
      // Marked stale by a write before its expiry (a change feed, another tab): revalidated now, not at the
      // next timer. Only on the fresh → stale transition, so a revalidation that fails does not loop.
      else if (previous === 'fresh' && status === 'stale' && this.#keepFresh > 0) this.ensure('fresh');
    }
    this.#checkSettled();
  }

  /** One read of the stored answer outside the live read, shown as the live read would show it. */
  #readAgain(): void {
    const { db } = this.#deps;
    const { operation, storeParams, userScope, requestKey, listKey } = this.call;
    readStoredWithMeta(db, operation, storeParams, userScope, requestKey, listKey).then(
      (read) => this.#show(read),
      (error: unknown) => this.#update({ error }),
    );
  }

  #scheduleFlip(now: number): void {
    this.#clearTimer();
    const expiresAt = this.#expiresAt;
    if (expiresAt === undefined || expiresAt <= now) return;
    const { clock } = this.#deps;
    this.#timer = clock.setTimeout(() => {
      this.#timer = undefined;
      if (!this.observed || this.#expiresAt !== expiresAt) return;
      this.#update({ status: 'stale' });
      if (this.#keepFresh > 0) this.ensure('fresh');
    }, expiresAt - now);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#deps.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #update(patch: Partial<ViewSnapshot<ResponseOf<O>>>): void {
    const next = nextSnapshot(this.#snapshot, patch);
    if (next === this.#snapshot) return;
    this.#snapshot = next;
    this.#observers.notify();
  }
}
