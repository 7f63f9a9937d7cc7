import type * as StoredLocalQueries from './query/stored-local-queries.js';
import type * as ChangeFeedModule from './sync/changes/change-feed.js';
import type * as OutboxModule from './sync/outbox.js';
import type * as SweepModule from './sync/sweep-browse-data.js';

/**
 * The modules of features a read-only visit never runs, each loaded when a member first needs it. The core takes
 * them from its entry: the main entry's are dynamic imports (chunks of their own, off the path to first content);
 * `catalogue-sync/eager`'s are static (`eager-features.ts`), since `import()` throws in a service worker.
 */
export interface CoreFeatures {
  /** Change feeds: `sync.refresh`, `sync.refreshChanges`, `track`. */
  changes(): Promise<typeof ChangeFeedModule>;
  /** Eviction's work: loaded when a disk is full or a `maxBytes` budget is passed or first accounted. */
  eviction(): Promise<typeof SweepModule>;
  /** Local discover and search (`catalogue.local.discoverTv`, `.search`): loaded when a view of one is subscribed. */
  local(): Promise<typeof StoredLocalQueries>;
  /** The outbox's sending and the change calls' writes: a signed-in user, a change, or changes found waiting. */
  outbox(): Promise<typeof OutboxModule>;
}

/**
 * The main entry's features. An object, not loose functions: the core calls `lazyFeatures.changes()` (and
 * `.outbox()`) at the time of use, so a test can count or fail the loads.
 */
export const lazyFeatures: CoreFeatures = {
  changes: () => import('./sync/changes/change-feed.js'),
  eviction: () => import('./sync/sweep-browse-data.js'),
  local: () => import('./query/stored-local-queries.js'),
  outbox: () => import('./sync/outbox.js'),
};
