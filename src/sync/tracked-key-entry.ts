import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { WriteResult } from '../store/records/write-response.js';
import { type Demand, type FetchOptions, KeyEntry, type KeyEntryDeps } from './key-entry.js';
import type { PreparedCall } from './prepare-call.js';

/** One observer of a tracked entry: what it listens with, and how to stop it where it now is. */
interface Observer {
  readonly listener: () => void;
  readonly demand: Demand;
  stop: () => void;
}

/**
 * A `KeyEntry` that tools can watch (`view-entries.ts`): it counts its observers, tells `changed` whenever its
 * snapshot or its observers change, and can hand its observers over to a new entry of the same key (a tool's
 * "remove": they start again from loading, then what is stored). Built over `KeyEntry`'s public methods only, so
 * the entry's own state machine stays the one owner of the key's state.
 */
export class TrackedKeyEntry<O extends StoredOperation> extends KeyEntry<O> {
  readonly #observers = new Set<Observer>();
  readonly #changed: () => void;

  constructor(deps: KeyEntryDeps, call: PreparedCall<O>, changed: () => void) {
    super(deps, call);
    this.#changed = changed;
  }

  /** How many observers listen (views, each one however many listen to it). */
  get observerCount(): number {
    return this.#observers.size;
  }

  override observe(listener: () => void, demand: Demand): () => void {
    const observer: Observer = { listener, demand, stop: () => {} };
    this.#observers.add(observer);
    observer.stop = super.observe(() => {
      listener();
      this.#changed();
    }, demand);
    this.#changed();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      // Where the observer is now: this entry, or the one it was handed to.
      const { stop } = observer;
      this.#observers.delete(observer);
      stop();
      this.#changed();
    };
  }

  override fetch(options?: FetchOptions): Promise<WriteResult> {
    const pending = super.fetch(options);
    // `fetching` changes without an observer to tell (a pull of a key nobody shows): tools hear it here.
    this.#changed();
    pending.then(this.#changed, this.#changed);
    return pending;
  }

  /**
   * Moves every observer to `next` (a new entry of the same key), then stops this one at once: each observer's
   * stop function, already handed out, now stops it there. Their listeners are told, so views read `next`.
   */
  handOver(next: KeyEntry<O>): void {
    const moved = [...this.#observers];
    this.#observers.clear();
    for (const observer of moved) {
      const previous = observer.stop;
      observer.stop = next.observe(observer.listener, observer.demand);
      previous();
    }
    this.endGrace();
    for (const observer of moved) observer.listener();
    this.#changed();
  }
}
