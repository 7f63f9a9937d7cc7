import type { Connectivity, Logger } from '../env.js';
import type { EnqueueResult } from '../store/outbox/outbox-store.js';
import type { Mutation } from '../store/tables/outbox-rows.js';
import type { Outbox } from './outbox.js';

export interface LazyOutboxDeps {
  /**
   * The outbox, made once on the first call that needs it (`lazyFeature`): a failed load rejects with a
   * `NetworkError` naming `member`, and the next call loads again.
   */
  readonly load: (member: string) => Promise<Outbox>;
  /**
   * Whether any change waits to be sent, by any instance (`hasUnsettledRows`): a drain has work only then. Runs
   * the drain's own first step before it reads (`OutboxDeps.beforeDrain`), so what it finds includes that, unless
   * `stepDone`: the caller ran that step just now (a start).
   */
  readonly hasWork: (stepDone: boolean) => Promise<boolean>;
  readonly connectivity: Connectivity;
  readonly logger: Logger;
}

/**
 * The outbox as the core holds it: the sending machinery (claims, settlement, the store's enqueue and outcomes)
 * arrives with its chunk when first wanted (`lazy-features.ts`), never on the path to first content. A signed-in
 * user wants it (`prepare`: a change made offline later must find its code here) and a change call loads it; a
 * trigger that only may have work (a start, the network back, `sync.refresh()`) first asks the table whether a
 * change waits, so a visit with no one signed in never loads it while a previous session's changes still drain at
 * boot. Once loaded every call goes straight through; the outbox then follows connectivity itself.
 */
export class LazyOutbox {
  readonly #deps: LazyOutboxDeps;
  #outbox: Outbox | undefined;
  /** The load in flight or done: `close()` waits for it, so an outbox made while closing is closed too. */
  #loading: Promise<void> | undefined;
  #closed = false;
  #outboxClosed = false;
  /** A user is signed in (`prepare`): the outbox is wanted here even before the first change. */
  #wanted = false;
  readonly #unsubscribe: () => void;

  constructor(deps: LazyOutboxDeps) {
    this.#deps = deps;
    // Until loaded: another instance's changes, left behind when it closed, are sent when the network returns, and
    // the outbox a signed-in user's change will need comes now if it could not before.
    this.#unsubscribe = deps.connectivity.subscribe((online) => {
      if (!online || this.#outbox) return;
      if (this.#wanted) this.prepare();
      this.drainSoon();
    });
  }

  /** The outbox, loading it if need be (`member` names the call a failed load rejects). */
  #load(member: string): Promise<Outbox> {
    const loading = this.#deps.load(member).then(async (outbox) => {
      this.#outbox = outbox;
      // Made while closing: `close()` waits for this load, so the outbox's claims are back before the database closes.
      if (this.#closed) await this.#closeOutbox();
      return outbox;
    });
    this.#loading = loading.then(
      () => {},
      () => {},
    );
    return loading;
  }

  async #closeOutbox(): Promise<void> {
    if (this.#outboxClosed || !this.#outbox) return;
    this.#outboxClosed = true;
    await this.#outbox.close();
  }

  /** Runs `use` on the outbox when a change waits; nothing is loaded (and `none` returned) otherwise. */
  async #ifWork<T>(member: string, none: T, use: (outbox: Outbox) => Promise<T> | T, stepDone = false): Promise<T> {
    if (this.#outbox) return use(this.#outbox);
    if (this.#closed || !(await this.#deps.hasWork(stepDone))) return none;
    return use(await this.#load(member));
  }

  /**
   * Loads the outbox in the background, once a user is signed in (restored at start, or `setUser`): their change
   * made offline later must not need the network for the code that stores it. A load that fails (offline) is
   * tried again when the network returns, and by the first change.
   */
  prepare(): void {
    this.#wanted = true;
    if (this.#outbox || this.#closed || !this.#deps.connectivity.isOnline()) return;
    this.#load('outbox').catch(() => {});
  }

  /** Writes the change and its optimistic state, then starts a drain when online (`Outbox.enqueue`). */
  async enqueue(member: string, userScope: string, mutation: Mutation): Promise<EnqueueResult> {
    return (this.#outbox ?? (await this.#load(member))).enqueue(userScope, mutation);
  }

  /** `Outbox.drainSoon`, once a change is known to wait; failures are logged, never thrown. */
  drainSoon(beforeDrainDone = false): void {
    if (this.#outbox) {
      this.#outbox.drainSoon(beforeDrainDone);
      return;
    }
    if (this.#closed || !this.#deps.connectivity.isOnline()) return;
    // The drain's first step ran just now (in `hasWork`, or the caller's): the drain claims at once.
    const drain = (outbox: Outbox) => outbox.drainSoon(true);
    this.#ifWork('outbox.drain', undefined, drain, beforeDrainDone).catch((error: unknown) => {
      // Closed meanwhile (the table read or the load met the closed database): there is nothing to report.
      if (this.#closed) return;
      this.#deps.logger.error('catalogue-sync: outbox drain failed', { error: (error as Error)?.name });
    });
  }

  /** `Outbox.drain`: resolves at once when no change waits. */
  drain(): Promise<void> {
    return this.#ifWork('outbox.drain', undefined, (outbox) => outbox.drain());
  }

  /** `Outbox.sendNow` (`sync.refresh()`'s first step): nothing to load when no change waits. */
  sendNow(): Promise<void> {
    return this.#ifWork('sync.refresh', undefined, (outbox) => outbox.sendNow());
  }

  /** `Outbox.discard`: a failed row is a row, so this loads the outbox (which removes it in its store's terms). */
  async discard(seq: number): Promise<boolean> {
    return (this.#outbox ?? (await this.#load('outbox.discard'))).discard(seq);
  }

  /** `Outbox.abortScope`: an outbox not loaded has nothing on the wire. */
  abortScope(userScope: string): void {
    this.#outbox?.abortScope(userScope);
  }

  /** Stops the triggers, and closes the outbox if it was loaded (or is loading: it closes once made). */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unsubscribe();
    await this.#closeOutbox();
    await this.#loading;
  }
}
