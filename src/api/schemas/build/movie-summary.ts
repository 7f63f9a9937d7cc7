import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

export const movieSummary = schemaOf(() =>
  z.object({
    adult: z.boolean(),
    backdrop_path: imagePath,
    genre_ids: z.array(z.int()),
    id: recordId,
    media_type: z.optional(z.literal('movie')),
    original_language: z.string(),
    original_title: z.string(),
    overview: z.string(),
    popularity: z.number(),
    poster_path: imagePath,
    release_date: looseDate,
    softcore: z.optional(z.boolean()),
    title: z.string(),
    video: z.boolean(),
    vote_average: z.number(),
    vote_count: z.number(),
  }),
);

export const trendingMovieItem = schemaOf(() => z.extend(movieSummary(), { media_type: z.literal('movie') }));
