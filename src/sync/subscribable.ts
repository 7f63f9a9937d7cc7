import { notifyListeners } from './notify-listeners.js';

/**
 * The one listener set behind every `subscribe` in the library (views, lists, local queries, the user and outbox
 * stores, the views made before the core arrived, and the key entries under them): the same rules everywhere.
 * A listener must be a function (`TypeError`); each call adds a wrapper of its own, so subscribing one function
 * twice needs two unsubscribes, like an event target; unsubscribing is idempotent. `onFirst` runs when the first
 * listener arrives and `onLast` after the last one left: what a source watches only while anyone listens.
 */
export class Subscribable {
  readonly #listeners = new Set<() => void>();
  readonly #onFirst: (() => void) | undefined;
  readonly #onLast: (() => void) | undefined;

  constructor(hooks: { onFirst?: () => void; onLast?: () => void } = {}) {
    this.#onFirst = hooks.onFirst;
    this.#onLast = hooks.onLast;
    this.subscribe = this.subscribe.bind(this);
    this.notify = this.notify.bind(this);
  }

  subscribe(listener: () => void): () => void {
    if (typeof listener !== 'function') throw new TypeError('subscribe: listener must be a function');
    const entry = () => listener();
    this.#listeners.add(entry);
    if (this.#listeners.size === 1) this.#onFirst?.();
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      this.#listeners.delete(entry);
      if (this.#listeners.size === 0) this.#onLast?.();
    };
  }

  /** Whether anyone listens. */
  get listened(): boolean {
    return this.#listeners.size > 0;
  }

  /** Tells every listener (`notifyListeners`: one that throws does not starve the others). */
  notify(): void {
    notifyListeners(this.#listeners);
  }
}
