import { loadingSnapshot } from '../sync/view-snapshot.js';
import { PAGES_LOADING } from './pages-snapshot.js';

/**
 * What a disabled view shows: nothing read, nothing fetching, no error, and `disabled` to tell it apart. A user's
 * view while nobody who can make its call is signed in shows it (it enables itself on sign-in), and so does a hook
 * given `{ enabled: false }`. Here, in the core, not beside the snapshots the first-read path shares: a view made
 * before the core shows `loading` until the core knows whether a session is restored.
 */
export const DISABLED_SNAPSHOT = Object.freeze({ ...loadingSnapshot<never>(), disabled: true as const });

/** A list that does nothing until it may: `DISABLED_SNAPSHOT` with no page asked for. */
export const PAGES_DISABLED = Object.freeze({ ...PAGES_LOADING, pageCount: 0, disabled: true as const });
