import type { ViewSnapshot } from '../sync/view-snapshot.js';
import type { View } from './view.js';
import { viewWith } from './view-with.js';

/**
 * `view` showing `earlier`'s data (as it is now) while it has neither data nor an error of its own, marked
 * `placeholder: 'previous'` beside it (`status` and `fetching` stay the view's own); the mark and that data go for
 * good once the view has data or an error. What `{ keepPrevious: true }` does in the hooks, for plain views:
 * `week = keepPrevious(catalogue.trendingTv({ time_window: 'week' }), day)`. An earlier view with no data (or the
 * view itself) keeps nothing: `view` is returned as it is. The result is a view of its own, not the key's shared one.
 */
export function keepPrevious<V extends View<ViewSnapshot<unknown>>>(
  view: V,
  earlier: View<ViewSnapshot<unknown>> | undefined,
): V {
  const held = earlier?.getSnapshot().data;
  return held === undefined || earlier === view ? view : withPlaceholder(view, held);
}

/** `view` showing `held` until it has data or an error of its own. */
function withPlaceholder<V extends View<ViewSnapshot<unknown>>>(view: V, held: unknown): V {
  let base: ViewSnapshot<unknown> | undefined;
  let shown: ViewSnapshot<unknown> = view.getSnapshot();
  // Once this view has shown something of its own, the placeholder never comes back (a later loading is its own).
  let own = false;
  const getSnapshot = () => {
    const snapshot = view.getSnapshot();
    if (snapshot === base) return shown;
    base = snapshot;
    own ||= snapshot.data !== undefined || snapshot.error !== undefined;
    shown = own || snapshot.disabled ? snapshot : Object.freeze({ ...snapshot, data: held, placeholder: 'previous' });
    return shown;
  };
  return viewWith(view, getSnapshot, (listener) => view.subscribe(listener));
}
