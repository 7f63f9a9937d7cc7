import { type InteropObservable, observableSymbol, toObservable } from '../query/observable.js';
import type { View } from '../query/view.js';
import { Subscribable } from '../sync/subscribable.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';

/** Two snapshots with the same fields (`Object.is`). */
function sameSnapshot(a: object, b: object): boolean {
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}

/**
 * A view handed out before the library has loaded: it shows what the first-read path offers (a first answer,
 * an early answer, else loading), and once the real view is attached it follows that view, keeping the offered
 * snapshot only while the real one is still loading (so a first answer never flickers back to loading), or, for an
 * early answer, until the real view has stored it. Subscribing before the real
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
  #held = false;
  /** The real view's snapshot that is the held offer, field for field: the offer is shown in its place. */
  #alias: S | undefined;
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
    if (this.#following || !this.#hasOffer || !(snapshot.status === 'loading' || this.#awaited(snapshot))) {
      // The real view showing, stored, exactly what was offered (its entry keeps the offered data object): the
      // offered snapshot stays until the real view changes, so taking over is no change at all.
      if (!this.#following && this.#held && sameSnapshot(snapshot, this.#offered)) this.#alias = snapshot;
      this.#following = true;
      return snapshot === this.#alias ? this.#offered : snapshot;
    }
    return this.#offered;
  }

  /** An offered answer the real view is still storing: it has no data yet, is fetching it, and has not failed. */
  #awaited(snapshot: S): boolean {
    return this.#held && snapshot.data === undefined && snapshot.fetching && snapshot.error === undefined;
  }

  subscribe(listener: () => void): () => void {
    return this.#subscribers.subscribe(listener);
  }

  [observableSymbol](): InteropObservable<S> {
    return toObservable(this.subscribe, this.getSnapshot);
  }

  /**
   * What the first-read path found: shown until the real view has something of its own. `held`: an answer the
   * core is storing (a cold visit's early request), shown until the real view shows it stored, or fails to.
   */
  offer(snapshot: S, held = false): void {
    if (this.#following) return;
    this.#offered = snapshot;
    this.#hasOffer = true;
    this.#held = held;
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
