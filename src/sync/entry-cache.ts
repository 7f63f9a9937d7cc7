import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { FirstAnswerKeeper } from './first-answer-keeper.js';
import type { KeyEntry, KeyEntryDeps } from './key-entry.js';
import type { PreparedCall } from './prepare-call.js';
import { Subscribable } from './subscribable.js';
import { TrackedKeyEntry } from './tracked-key-entry.js';

/**
 * How long a key outlives the last view listening to it (ms): its fetch goes on, its answer or error stays, and a
 * view of it back within the grace (params that alternate every frame, a screen left and opened again) costs no
 * request; a failure (a 404) is not asked again within it unless refreshed.
 */
export const VIEW_GRACE_MS = 5_000;

/**
 * The entries of the keys anyone observes or fetches, by request key: one owner per key. An entry is forgotten
 * when nothing observes it and nothing is in flight; the next use starts a new one from the store.
 */
export class EntryCache {
  readonly #entries = new Map<string, TrackedKeyEntry<StoredOperation>>();
  /** Tools watching the entries (`view-entries.ts`): told when one comes, goes or changes. */
  readonly #changes = new Subscribable();
  readonly #deps: Omit<KeyEntryDeps, 'onIdle'>;
  readonly #keeper: FirstAnswerKeeper;
  readonly #stopInvalidated: () => void;

  constructor(deps: Omit<KeyEntryDeps, 'onIdle' | 'onShown' | 'graceMs'>) {
    const keeper = new FirstAnswerKeeper(deps.db, deps.clock);
    this.#keeper = keeper;
    this.#deps = { ...deps, onShown: (call) => keeper.shown(call), graceMs: VIEW_GRACE_MS };
    // A write deleted first answers that views on screen still show: they are written again once it settles.
    this.#stopInvalidated = deps.db.firstAnswers.onInvalidated((keys) => {
      for (const [key, entry] of this.#entries) {
        if (entry.observed && entry.snapshot.data !== undefined && (keys === 'all' || keys.includes(key))) {
          keeper.shown(entry.call);
        }
      }
    });
  }

  /** Stops keeping first answers (the engine closed); resolves when the ones being written are. */
  close(): Promise<void> {
    this.#stopInvalidated();
    // Keys kept for a view that might come back: none will.
    for (const entry of [...this.#entries.values()]) entry.endGrace();
    return this.#keeper.close();
  }

  /** The entry of `call`'s key, made when there is none. */
  entryFor<O extends StoredOperation>(call: PreparedCall<O>): KeyEntry<O> {
    const existing = this.#entries.get(call.requestKey);
    if (existing) return existing as unknown as KeyEntry<O>;
    const entry = new TrackedKeyEntry<O>(
      {
        ...this.#deps,
        onIdle: (idle) => {
          if (this.#entries.get(idle.requestKey) !== idle) return;
          this.#entries.delete(idle.requestKey);
          this.#changes.notify();
        },
      },
      call,
      this.#changes.notify,
    );
    this.#entries.set(call.requestKey, entry as unknown as TrackedKeyEntry<StoredOperation>);
    this.#changes.notify();
    return entry;
  }

  peek<O extends StoredOperation>(requestKey: string): KeyEntry<O> | undefined {
    return this.#entries.get(requestKey) as KeyEntry<O> | undefined;
  }

  /** The keys with a fetch in flight (eviction leaves them alone). */
  *inFlightKeys(): IterableIterator<string> {
    for (const [key, entry] of this.#entries) if (entry.inFlight) yield key;
  }

  /** The live entries, oldest first (tools). */
  entries(): IterableIterator<TrackedKeyEntry<StoredOperation>> {
    return this.#entries.values();
  }

  /** Listens to entries coming, going and changing (snapshot, observers); returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    return this.#changes.subscribe(listener);
  }

  /**
   * Forgets `requestKey`'s entry (a tool's "remove"): its observers move to a new entry, which starts from loading
   * and reads the store again; with none, it stops at once. False when the key has no entry.
   */
  forget(requestKey: string): boolean {
    const entry = this.#entries.get(requestKey);
    if (!entry) return false;
    this.#entries.delete(requestKey);
    if (entry.observerCount > 0) entry.handOver(this.entryFor(entry.call));
    else entry.endGrace();
    this.#changes.notify();
    return true;
  }

  /** `call`'s answer was shown outside an entry (a cold visit's early answer, now stored): keep it as a first answer. */
  shown(call: PreparedCall<StoredOperation>): void {
    this.#keeper.shown(call);
  }

  /** How many keys have an entry (tests and diagnostics). */
  get size(): number {
    return this.#entries.size;
  }
}
