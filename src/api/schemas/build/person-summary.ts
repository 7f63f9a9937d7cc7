import * as z from 'zod/mini';
import { imagePath, recordId } from '../common.js';
import { trendingMovieItem } from './movie-summary.js';
import { schemaOf } from './schema-of.js';
import { trendingTvItem } from './tv-series-summary.js';

export const knownForItem = schemaOf(() => {
  // The real capture leaves `popularity` out of these items, and `backdrop_path` out of some, so both are optional
  // here (and only here).
  const loosened = { popularity: z.optional(z.number()), backdrop_path: z.optional(imagePath) };
  return z.discriminatedUnion('media_type', [
    z.extend(trendingMovieItem(), loosened),
    z.extend(trendingTvItem(), loosened),
  ]);
});

export const personSummary = schemaOf(() =>
  z.object({
    adult: z.boolean(),
    gender: z.int(),
    id: recordId,
    known_for: z.array(knownForItem()),
    known_for_department: z.string(),
    name: z.string(),
    // In SPEC's table but missing from the real sample: optional (DESIGN "Schemas vs real samples").
    original_name: z.optional(z.string()),
    popularity: z.number(),
    profile_path: imagePath,
  }),
);
