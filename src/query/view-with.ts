import type { ViewSnapshot } from '../sync/view-snapshot.js';
import { observableSymbol, toObservable } from './observable.js';
import type { View } from './view.js';

/**
 * `view` with its snapshots (and so its subscription) replaced. A proxy: every other member (`requestKey`,
 * `refresh`, `fetchNextPage`, `hasNextPage`) is the view's own, read and called on it (getters and private fields
 * included), so the key's one view stays the one that fetches.
 */
export function viewWith<V extends View<ViewSnapshot<unknown>>>(
  view: V,
  getSnapshot: () => ViewSnapshot<unknown>,
  subscribe: (listener: () => void) => () => void,
): V {
  const members: Record<PropertyKey, unknown> = {
    getSnapshot,
    subscribe,
    [observableSymbol]: () => toObservable(subscribe, getSnapshot),
  };
  return new Proxy(view, {
    get(target, key) {
      if (key in members) return members[key];
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
