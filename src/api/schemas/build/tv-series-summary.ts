import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

export const tvSeriesSummary = schemaOf(() =>
  z.object({
    // Absent on some airing-today/discover captures (FACTS §8): optional.
    adult: z.optional(z.boolean()),
    backdrop_path: imagePath,
    first_air_date: looseDate,
    genre_ids: z.array(z.int()),
    id: recordId,
    // Present in trending and known_for items, absent in airing-today and discover items.
    media_type: z.optional(z.literal('tv')),
    name: z.string(),
    origin_country: z.array(z.string()),
    original_language: z.string(),
    original_name: z.string(),
    overview: z.string(),
    popularity: z.number(),
    poster_path: imagePath,
    // Added by the service in 2026 (FACTS §8); kept because real captures carry it.
    softcore: z.optional(z.boolean()),
    vote_average: z.number(),
    vote_count: z.number(),
  }),
);

export const trendingTvItem = schemaOf(() => z.extend(tvSeriesSummary(), { media_type: z.literal('tv') }));
