import type { ResponseOf } from '../api/endpoints.js';
import type { TimerHandle } from '../env.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { StoredRead } from '../store/records/read-stored.js';
import type { WriteResult } from '../store/records/write-response.js';
import { demandAfterRead, demandStep, firstReadStep, isSettled } from './key-entry-decisions.js';
import type { FetchOptions, KeyEntryDeps } from './key-entry-deps.js';
import {
  type Demand,
  initialKeyEntryState,
  type KeyEntryAction,
  type KeyEntryState,
  reduceKeyEntry,
} from './key-entry-state.js';
import { deepEqual } from './next-snapshot.js';
import type { PreparedCall } from './prepare-call.js';
import { SharedFetch } from './shared-fetch.js';
import { Subscribable } from './subscribable.js';
import { deepFreeze, type ViewSnapshot } from './view-snapshot.js';
import { readStoredAnswer, watchStoredAnswer } from './watch-stored-answer.js';

export type { FetchOptions, KeyEntryDeps } from './key-entry-deps.js';
export type { Demand } from './key-entry-state.js';

/**
 * The one owner of a request key: its state, its one fetch in flight, its expiry timer and its reads. The state
 * (and its diagram) is `KeyEntryState`, changed only through `#dispatch`; this class runs the effects around it.
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
  #state: KeyEntryState<ResponseOf<O>> = initialKeyEntryState();
  /** The observers: the first starts the live read, the last stops it. */
  readonly #observers = new Subscribable({ onFirst: () => this.#arrive(), onLast: () => this.#leave() });
  /** Pending while the last observer's grace runs (`graceMs`). */
  #grace: TimerHandle | undefined;
  /** The one fetch in flight, shared. */
  readonly #fetches: SharedFetch;
  #unwatch: (() => void) | undefined;
  #timer: TimerHandle | undefined;
  /** Callers of `settled()`. */
  #settledWaiters: (() => void)[] = [];

  constructor(deps: KeyEntryDeps, call: PreparedCall<O>) {
    this.#deps = deps;
    this.call = call;
    this.#fetches = new SharedFetch((options) => deps.send(call, options), {
      started: () => this.#dispatch({ type: 'fetchStarted' }),
      landed: (outcome) => this.#landed(outcome),
    });
  }

  get requestKey(): string {
    return this.call.requestKey;
  }

  get snapshot(): ViewSnapshot<ResponseOf<O>> {
    return this.#state.snapshot;
  }

  /**
   * A view already shows `data` (frozen) for this key: a cold visit's early answer, being stored. The read that
   * shows an equal stored answer shows this very object, so the view taking over from it changes nothing.
   */
  showing(data: unknown): void {
    this.#dispatch({ type: 'adopted', data });
  }

  /** Whether a fetch of this key is in flight (eviction leaves such a key alone). */
  get inFlight(): boolean {
    return this.#fetches.inFlight;
  }

  /** Listened to, or within the grace after the last observer left. */
  get observed(): boolean {
    return this.#state.presence !== 'idle';
  }

  /** Ends a pending grace at once (the engine closes): the entry stops as if it had run out. */
  endGrace(): void {
    if (this.#grace === undefined) return;
    this.#deps.clock.clearTimeout(this.#grace);
    this.#grace = undefined;
    this.#dispatch({ type: 'graceEnded' });
    this.#stop();
  }

  #arrive(): void {
    const from = this.#state.presence;
    this.#dispatch({ type: 'arrived' });
    if (from !== 'grace') {
      this.#start();
      return;
    }
    // Back within the grace: the live read and any fetch never stopped.
    if (this.#grace !== undefined) this.#deps.clock.clearTimeout(this.#grace);
    this.#grace = undefined;
  }

  #leave(): void {
    const graceMs = this.#deps.graceMs ?? 0;
    this.#dispatch({ type: 'left', graceMs });
    if (this.#state.presence === 'idle') {
      this.#stop();
      return;
    }
    this.#grace = this.#deps.clock.setTimeout(() => {
      this.#grace = undefined;
      this.#dispatch({ type: 'graceEnded' });
      this.#stop();
    }, graceMs);
  }

  /**
   * Listens to the snapshot with a demand; the first observer starts the live read. Returns the function that
   * stops listening (idempotent).
   */
  observe(listener: () => void, demand: Demand): () => void {
    this.#dispatch({ type: 'subscribed', demand });
    const stop = this.#observers.subscribe(listener);
    this.ensure(demand);
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.#dispatch({ type: 'unsubscribed', demand });
      stop();
    };
  }

  /**
   * Starts the fetch a demand needs, decided from the live read (waiting for the first one): nothing for a fresh
   * key, or a stale one when only presence is asked.
   */
  ensure(demand: Demand): void {
    if (!this.observed) return;
    const { clock, graceMs = 0 } = this.#deps;
    const context = { inFlight: this.#fetches.inFlight, now: clock.now(), graceMs };
    const step = demandStep(this.#state, demand, context);
    if (step === 'wait') this.#dispatch({ type: 'demanded', demand });
    else if (step === 'fetch') this.#fetchForObservers();
  }

  /**
   * Resolves once the live read has answered and no fetch is under way (the fetch a demand started has been
   * stored and shown, or failed), or when nothing observes the key any more.
   */
  settled(): Promise<void> {
    if (!this.observed || isSettled(this.#state, this.#fetches.inFlight)) return Promise.resolve();
    return new Promise((resolve) => this.#settledWaiters.push(resolve));
  }

  #checkSettled(): void {
    if (this.#settledWaiters.length === 0 || (this.observed && !isSettled(this.#state, this.#fetches.inFlight))) return;
    for (const resolve of this.#settledWaiters.splice(0)) resolve();
  }

  /** Revalidates now for the observers, whatever the freshness; resolves when it settles (never rejects). */
  async revalidate(): Promise<void> {
    if (!this.observed) return;
    await this.#fetchForObservers().catch(() => {});
  }

  /**
   * Fetches the key and stores its answer: one fetch for every caller at once (unless `force`). The caller's
   * signal only withdraws this caller; the fetch is aborted when nobody waits for it any more.
   */
  fetch(options: FetchOptions = {}): Promise<WriteResult> {
    return this.#fetches.fetch(options);
  }

  /** A fetch the observers hold (released when the last one leaves); failures show as the snapshot's `error`. */
  #fetchForObservers(quiet = false): Promise<WriteResult> {
    return this.#fetches.forObservers({ priority: 'interactive', derive: true }, quiet);
  }

  #landed(outcome: { result: WriteResult } | { error: unknown; aborted: boolean }): void {
    if ('result' in outcome) this.#dispatch({ type: 'fetchSucceeded', writeId: outcome.result.writeId });
    else if (outcome.aborted) this.#dispatch({ type: 'fetchAborted' });
    else this.#dispatch({ type: 'fetchFailed', error: outcome.error, at: this.#deps.clock.now() });
    this.#checkSettled();
    this.#idleCheck();
  }

  #start(): void {
    this.#unwatch = watchStoredAnswer(this.#deps.db, this.call, {
      next: (read) => this.#show(read),
      error: (error: unknown) => {
        this.#dispatch({ type: 'liveReadFailed', error });
        this.#checkSettled();
      },
    });
  }

  /** The effects of going idle (the state went idle already): the live read, timer and observers' hold end. */
  #stop(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#clearTimer();
    this.#fetches.releaseObservers();
    this.#checkSettled();
    this.#idleCheck();
  }

  #idleCheck(): void {
    if (!this.observed && !this.#fetches.inFlight) this.#deps.onIdle(this as unknown as KeyEntry<StoredOperation>);
  }

  #show({ entry, meta }: StoredRead<O>): void {
    if (!this.observed) return;
    const { clock, readMarks } = this.#deps;
    const now = clock.now();
    const before = this.#state;
    // The first read: the demands that waited for it start their fetch before the snapshot is told, so a view
    // never shows `missing` without a fetch under way.
    const step = firstReadStep(before, { found: entry !== undefined, meta, now, inFlight: this.#fetches.inFlight });
    if (step === 'readAgain') this.#readAgain();
    else if (step === 'fetch') this.#fetchForObservers(true);
    const { showing } = before;
    const data = entry === undefined ? undefined : deepEqual(entry.data, showing) ? showing : deepFreeze(entry.data);
    this.#dispatch({
      type: 'read',
      data: data as ResponseOf<O> | undefined,
      meta,
      now,
      inFlight: this.#fetches.inFlight,
    });
    this.#scheduleFlip(now);
    if (entry) {
      readMarks.note(entry.refs, now);
      this.#deps.onShown?.(this.call as unknown as PreparedCall<StoredOperation>);
    }
    const demand = demandAfterRead(before, this.#state, this.#fetches.inFlight);
    if (demand !== undefined) this.ensure(demand);
    this.#checkSettled();
  }

  /** One read of the stored answer outside the live read, shown as the live read would show it. */
  #readAgain(): void {
    readStoredAnswer(this.#deps.db, this.call).then(
      (read) => this.#show(read),
      (error: unknown) => this.#dispatch({ type: 'readAgainFailed', error }),
    );
  }

  #scheduleFlip(now: number): void {
    this.#clearTimer();
    const { expiresAt } = this.#state;
    if (expiresAt === undefined || expiresAt <= now) return;
    this.#timer = this.#deps.clock.setTimeout(() => {
      this.#timer = undefined;
      if (!this.observed || this.#state.expiresAt !== expiresAt) return;
      this.#dispatch({ type: 'expired' });
      if (this.#state.keepFresh > 0) this.ensure('fresh');
    }, expiresAt - now);
  }

  #clearTimer(): void {
    if (this.#timer !== undefined) this.#deps.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** The one place the state changes: observers hear of it when what they see (the snapshot) changed. */
  #dispatch(action: KeyEntryAction<ResponseOf<O>>): void {
    const previous = this.#state;
    this.#state = reduceKeyEntry(previous, action);
    if (this.#state.snapshot !== previous.snapshot) this.#observers.notify();
  }
}
