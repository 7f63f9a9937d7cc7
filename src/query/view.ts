import type { ViewSnapshot } from '../sync/view-snapshot.js';
import type { InteropObservable, observableSymbol } from './observable.js';

/**
 * The store contract every view, pages view, outbox and user store keeps, and all a framework adapter needs of one.
 */
export interface Snapshots<S> {
  /** Calls `listener` after every change of the snapshot; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** The current snapshot: the same object until something changes. */
  getSnapshot(): S;
}

/**
 * A live view of stored data: what a UI subscribes to. It renders from IndexedDB at once, updates itself when
 * anything underneath changes, and only asks the engine for freshness; it never waits on the network.
 * Works with React's `useSyncExternalStore(view.subscribe, view.getSnapshot)` and with RxJS `from(view)`.
 */
export interface View<S extends ViewSnapshot<unknown>> extends Snapshots<S> {
  /** Observable interop (`Symbol.observable ?? '@@observable'`): emits the current snapshot, then each new one. */
  [observableSymbol](): InteropObservable<S>;
}

/** The snapshot type a view emits. */
export type SnapshotOf<V> = V extends View<infer S> ? S : never;
