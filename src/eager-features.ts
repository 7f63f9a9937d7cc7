import type { CoreFeatures } from './lazy-features.js';
import * as localQueries from './query/stored-local-queries.js';
import * as changeFeed from './sync/changes/change-feed.js';
import * as outbox from './sync/outbox.js';
import * as sweep from './sync/sweep-browse-data.js';

/**
 * `catalogue-sync/eager`'s features: every module imported statically, so a service worker (where `import()`
 * throws) and a Node script run the same members with no chunk to fetch.
 */
export const eagerFeatures: CoreFeatures = {
  changes: () => Promise.resolve(changeFeed),
  eviction: () => Promise.resolve(sweep),
  local: () => Promise.resolve(localQueries),
  outbox: () => Promise.resolve(outbox),
};
