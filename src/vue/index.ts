/**
 * `catalogue-sync/vue`: a view as a Vue shallow ref. Vue is an optional peer dependency: only this entry imports it.
 */
import { getCurrentScope, onScopeDispose, type ShallowRef, shallowRef } from 'vue';
import type { Snapshots } from '../query/view.js';

export type { Snapshots };

/**
 * The view's current snapshot as a shallow ref, updated on every change (snapshots are immutable: a new object per
 * change, so a shallow ref is exact). Call it in `setup()` or another effect scope: the subscription ends with the
 * scope. Outside one it throws, as it could never be ended.
 */
export function useSnapshot<S>(view: Snapshots<S>): Readonly<ShallowRef<S>> {
  if (getCurrentScope() === undefined) {
    throw new TypeError('useSnapshot must be called in setup() or an effect scope, which ends its subscription');
  }
  const snapshot = shallowRef(view.getSnapshot());
  onScopeDispose(
    view.subscribe(() => {
      snapshot.value = view.getSnapshot();
    }),
  );
  // A change between the first read and the subscription.
  snapshot.value = view.getSnapshot();
  return snapshot;
}
