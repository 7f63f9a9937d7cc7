import * as z from 'zod/mini';
import { trendingMovieItem } from './movie-summary.js';
import { personSummary } from './person-summary.js';
import { trendingTvItem } from './tv-series-summary.js';

/** A person among `/3/search/multi`'s results: the person search's item, with its `media_type`. */
export const searchPersonItem = z.extend(personSummary, { media_type: z.literal('person') });

/**
 * One result of `/3/search/multi`: a movie, a series or a person, told apart by `media_type`; each is the item the
 * service's own search of that kind returns.
 */
export const searchMultiItem = z.discriminatedUnion('media_type', [
  trendingMovieItem,
  trendingTvItem,
  searchPersonItem,
]);

export type SearchMultiItem = z.output<typeof searchMultiItem>;
