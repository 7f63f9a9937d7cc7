import { type InteropObservable, observableSymbol, toObservable } from '../query/observable.js';
import type { View } from '../query/view.js';
import { Subscribable } from '../sync/subscribable.js';
import { deepEqual, type ViewSnapshot } from '../sync/view-snapshot.js';

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
  /** The real view's data object that equals the held offer's, and the offer's, shown in its place. */
  #alias: [unknown, unknown] | undefined;
  /** The last real snapshot shown with the offered data, and what was shown for it. */
  #mapped: [S, S] | undefined;
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
      // The real view showing, stored, the data that was offered: the offered data object stays for as long as
      // the real view's stays (it keeps its object while the data is equal), so taking over is no change at all.
      if (!this.#following && this.#held && deepEqual(snapshot.data, this.#offered.data)) {
        this.#alias = [snapshot.data, this.#offered.data];
      }
      this.#following = true;
      return this.#aliased(snapshot);
    }
    return this.#offered;
  }

  /** `snapshot` with the offered data object in place of the real view's equal one (the offer itself if equal). */
  #aliased(snapshot: S): S {
    const alias = this.#alias;
    if (alias === undefined || snapshot.data !== alias[0]) return snapshot;
    if (this.#mapped?.[0] !== snapshot) {
      const mapped = { ...snapshot, data: alias[1] };
      const offered = this.#offered;
      const asOffered = (Object.keys(mapped) as (keyof S)[]).every((key) => Object.is(mapped[key], offered[key]));
      this.#mapped = [snapshot, asOffered ? offered : Object.freeze(mapped)];
    }
    return this.#mapped[1];
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
