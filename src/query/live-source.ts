import { liveQuery } from 'dexie';
import { nextSnapshot } from '../sync/next-snapshot.js';
import { Subscribable } from '../sync/subscribable.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';
import { type InteropObservable, observableSymbol, toObservable } from './observable.js';
import type { View } from './view.js';

/**
 * One live thing a view shows: listeners, the current immutable snapshot, and a lifecycle that runs while
 * anyone listens (`start` at the first listener, `stop` after the last). Subclasses say what to watch.
 *
 *   idle ──first subscribe──▶ started ──last unsubscribe──▶ idle (onIdle: the registry forgets it)
 */
export abstract class LiveSource<S extends ViewSnapshot<unknown>> implements View<S> {
  readonly #subscribers = new Subscribable({
    onFirst: () => this.start(),
    onLast: () => {
      this.stop();
      this.onIdle?.();
    },
  });
  #snapshot: S;
  /** Called after the last listener left and `stop` ran. */
  onIdle: (() => void) | undefined;

  protected constructor(initial: S) {
    this.#snapshot = initial;
    this.subscribe = this.subscribe.bind(this);
    this.getSnapshot = this.getSnapshot.bind(this);
  }

  subscribe(listener: () => void): () => void {
    return this.#subscribers.subscribe(listener);
  }

  getSnapshot(): S {
    return this.#snapshot;
  }

  [observableSymbol](): InteropObservable<S> {
    return toObservable(this.subscribe, this.getSnapshot);
  }

  protected get started(): boolean {
    return this.#subscribers.listened;
  }

  /** Replaces the snapshot when the patch changes it, and tells every listener. */
  protected update(patch: Partial<S>): void {
    const next = nextSnapshot<unknown, S>(this.#snapshot, patch);
    if (next === this.#snapshot) return;
    this.#snapshot = next;
    this.#subscribers.notify();
  }

  protected abstract start(): void;
  protected abstract stop(): void;
}

/**
 * Runs a read-only `querier` under Dexie's `liveQuery`: again whenever a write touches what it read. Returns
 * the unsubscribe function.
 */
export function watch<T>(querier: () => Promise<T>, next: (value: T) => void, error: (e: unknown) => void) {
  const subscription = liveQuery(querier).subscribe({ next, error });
  return () => subscription.unsubscribe();
}
