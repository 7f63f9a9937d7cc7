import { DISABLED_SNAPSHOT } from '../query/disabled-snapshot.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';

/** Per-hook options, after the parameters: `useView(op, params, { enabled, keepPrevious })`. */
export interface ViewOptions {
  /**
   * `false`: the hook's view is disabled (`catalogue.view(op, params, { enabled: false })`): nothing is validated,
   * read or fetched, nothing is thrown (a user's list while nobody is signed in, a detail view before an id is
   * chosen); the hook returns `DISABLED_SNAPSHOT`. @default true
   */
  readonly enabled?: boolean;
  /**
   * `true`: when the parameters change to a key with no data yet, the hook goes on showing the data it showed,
   * marked `placeholder: 'previous'` (its `status` and `fetching` are the new key's), until the new key has data or
   * an error. @default false
   */
  readonly keepPrevious?: boolean;
}

/** What a disabled hook returns: the same snapshot as a plain view that is disabled (a user's, signed out). */
export { DISABLED_SNAPSHOT };

/** A snapshot of an enabled hook, or `DISABLED_SNAPSHOT`. */
export type HookSnapshot<S extends ViewSnapshot<unknown>> = S | typeof DISABLED_SNAPSHOT;
