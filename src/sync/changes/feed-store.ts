import type * as z from 'zod/mini';
import { seasonEpisode } from '../../api/schemas/build/season-details.js';
import { listKeyOf, requestedPage } from '../../store/store-keys.js';
import { writeThrough } from '../../store/write/write-gate.js';
import type { EpisodeFields } from './episode-patch.js';

/**
 * What the change feeds use of modules the core shares with other chunks: the write gate (a full disk evicts
 * browse data and retries once), the tagged-image pages' keys and the episode's schemas. The core hands them in
 * rather than the feeds importing them: the feeds are a chunk of their own (`lazy-features.ts`), and a bundler
 * splits by file, so a module the feeds shared with the first read (or with the early client) would be cut out
 * into one more chunk on that path.
 */
export interface FeedStore {
  readonly writeThrough: typeof writeThrough;
  /** The `listPages` key of a tagged-image page from its freshness row's params. */
  listPageOf(params: Record<string, unknown>): [string, number];
  readonly episodeFields: EpisodeFields;
}

/** The core's `FeedStore` (and the tests'). */
export function feedStore(): FeedStore {
  return {
    writeThrough,
    listPageOf: (params) => [listKeyOf('personTaggedImages', params), requestedPage(params)],
    episodeFields: seasonEpisode().shape as Record<string, z.ZodMiniType>,
  };
}
