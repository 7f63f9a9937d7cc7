import { type InteropObservable, observableSymbol, toObservable } from '../query/observable.js';
import type { View } from '../query/view.js';
import { Subscribable } from '../sync/subscribable.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';

/**
 * A view handed out before the library has loaded: it shows what the first-read path offers (a first answer,
 * else loading), and once the real view is attached it follows that view, keeping the offered snapshot only while
 * the real one is still loading (so a first answer never flickers back to loading). Subscribing before the real
 * view exists subscribes to it when it arrives; unsubscribing detaches from it.
 */
export class DeferredView<S extends ViewSnapshot<unknown>, V extends View<S> = View<S>> implements View<S> {
  readonly #subscribers = new Subscribable({
    onFirst: () => {
      if (this.#real) this.#detach = this.#real.subscribe(() => this.#notify());
      else if (!this.#started) {
        this.#started = true;
        this.#onFirstSubscribe?.();
      }
    },
    onLast: () => {
      this.#detach?.();
      this.#detach = undefined;
    },
  });
  #offered: S;
  #hasOffer = false;
  /** Whether the real view's snapshot has been shown: from then on only it is. */
  #following = false;
  #real: V | undefined;
  #detach: (() => void) | undefined;
  #last: S;
  readonly #onFirstSubscribe: (() => void) | undefined;
  #started = false;

  constructor(initial: S, onFirstSubscribe?: () => void) {
    this.#offered = initial;
    this.#last = initial;
    this.#onFirstSubscribe = onFirstSubscribe;
    this.subscribe = this.subscribe.bind(this);
    this.getSnapshot = this.getSnapshot.bind(this);
  }

  /** The real view, once attached. */
  protected get real(): V | undefined {
    return this.#real;
  }

  getSnapshot(): S {
    const real = this.#real;
    if (real === undefined) return this.#offered;
    const snapshot = real.getSnapshot();
    if (this.#following || !this.#hasOffer || snapshot.status !== 'loading') {
      this.#following = true;
      return snapshot;
    }
    return this.#offered;
  }

  subscribe(listener: () => void): () => void {
    return this.#subscribers.subscribe(listener);
  }

  [observableSymbol](): InteropObservable<S> {
    return toObservable(this.subscribe, this.getSnapshot);
  }

  /** What the first-read path found: shown until the real view has something of its own. */
  offer(snapshot: S): void {
    if (this.#following) return;
    this.#offered = snapshot;
    this.#hasOffer = true;
    this.#notify();
  }

  /** The real view arrived: followed from now on (subscribed to while anyone listens here). */
  attach(real: V): void {
    this.#real = real;
    if (this.#subscribers.listened) this.#detach = real.subscribe(() => this.#notify());
    this.#notify();
  }

  #notify(): void {
    const snapshot = this.getSnapshot();
    if (snapshot === this.#last) return;
    this.#last = snapshot;
    this.#subscribers.notify();
  }
}
