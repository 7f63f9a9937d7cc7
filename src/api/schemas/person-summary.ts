import * as z from 'zod/mini';
import { imagePath, recordId } from './common.js';
import { trendingMovieItem } from './movie-summary.js';
import { trendingTvItem } from './tv-series-summary.js';

/**
 * One entry of `known_for`: a movie or a TV series, told apart by `media_type`. The real capture leaves
 * `popularity` out of these items, and `backdrop_path` out of some, so both are optional here (and only here).
 */
const knownForLoosened = { popularity: z.optional(z.number()), backdrop_path: z.optional(imagePath) };
export const knownForItem = z.discriminatedUnion('media_type', [
  z.extend(trendingMovieItem, knownForLoosened),
  z.extend(trendingTvItem, knownForLoosened),
]);

/** A person as the popular-people list gives them (SPEC "Person summary"). */
export const personSummary = z.object({
  adult: z.boolean(),
  gender: z.int(),
  id: recordId,
  known_for: z.array(knownForItem),
  known_for_department: z.string(),
  name: z.string(),
  // In SPEC's table but missing from the real sample: optional (DESIGN "Schemas vs real samples").
  original_name: z.optional(z.string()),
  popularity: z.number(),
  profile_path: imagePath,
});

export type KnownForItem = z.output<typeof knownForItem>;
export type PersonSummary = z.output<typeof personSummary>;
