import * as z from 'zod/mini';
import { imagePath, recordId } from '../common.js';
import { trendingMovieItem } from './movie-summary.js';
import { schemaOf } from './schema-of.js';
import { trendingTvItem } from './tv-series-summary.js';

/**
 * The real capture leaves `popularity` out of `known_for` items, and `backdrop_path` out of some, so both are
 * optional there (and only there).
 */
const knownForLoosened = schemaOf(() => ({
  popularity: z.optional(z.number()),
  backdrop_path: z.optional(imagePath),
}));

export const knownForItem = schemaOf(() =>
  z.discriminatedUnion('media_type', [
    z.extend(trendingMovieItem(), knownForLoosened()),
    z.extend(trendingTvItem(), knownForLoosened()),
  ]),
);

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
