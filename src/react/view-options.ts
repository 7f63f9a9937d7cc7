import { DISABLED_SNAPSHOT } from '../query/disabled-snapshot.js';
import type { ViewSnapshot } from '../sync/view-snapshot.js';

/** Per-hook options. */
export interface ViewOptions {
  /**
   * `false`: no view is made, nothing is read, fetched or validated, nothing is thrown (a user's list while nobody is
   * signed in, a detail view before an id is chosen); the hook returns `DISABLED_SNAPSHOT`. @default true
   */
  readonly enabled?: boolean;
}

/** What a disabled hook returns: the same snapshot as a plain view that is disabled (a user's, signed out). */
export { DISABLED_SNAPSHOT };

/** A snapshot of an enabled hook, or `DISABLED_SNAPSHOT`. */
export type HookSnapshot<S extends ViewSnapshot<unknown>> = S | typeof DISABLED_SNAPSHOT;

/** A hook's arguments before its options (the call's), or undefined when the options disable it. */
export function enabledArgs<A extends unknown[]>(args: readonly unknown[]): A | undefined {
  return (args[1] as ViewOptions | undefined)?.enabled === false ? undefined : (args.slice(0, 1) as A);
}

/** A store that never changes: what a disabled hook subscribes to. */
export const noSubscription = () => () => {};
