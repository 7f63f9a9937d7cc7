import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from '../common.js';
import { genre } from './genre.js';
import { appendedCredits } from './movie-details.js';
import { schemaOf } from './schema-of.js';

export const seriesSeason = schemaOf(() =>
  z.object({
    air_date: looseDate,
    episode_count: z.int().check(z.minimum(0)),
    id: recordId,
    name: z.string(),
    overview: z.optional(z.string()),
    poster_path: imagePath,
    season_number: z.int().check(z.minimum(0)),
    vote_average: z.optional(z.number()),
  }),
);

export const network = schemaOf(() =>
  z.object({
    id: recordId,
    logo_path: z.optional(imagePath),
    name: z.string(),
    origin_country: z.optional(z.string()),
  }),
);

export const tvSeriesDetails = schemaOf(() =>
  z.object({
    adult: z.optional(z.boolean()),
    backdrop_path: imagePath,
    episode_run_time: z.optional(z.array(z.number())),
    first_air_date: looseDate,
    genres: z.array(genre()),
    homepage: z.optional(z.nullable(z.string())),
    id: recordId,
    in_production: z.optional(z.boolean()),
    languages: z.optional(z.array(z.string())),
    last_air_date: z.optional(looseDate),
    name: z.string(),
    networks: z.optional(z.array(network())),
    number_of_episodes: z.int().check(z.minimum(0)),
    number_of_seasons: z.int().check(z.minimum(0)),
    origin_country: z.optional(z.array(z.string())),
    original_language: z.string(),
    original_name: z.string(),
    overview: z.string(),
    popularity: z.number(),
    poster_path: imagePath,
    seasons: z.array(seriesSeason()),
    status: z.optional(z.string()),
    tagline: z.optional(z.nullable(z.string())),
    type: z.optional(z.string()),
    vote_average: z.number(),
    vote_count: z.number(),
    credits: appendedCredits(),
  }),
);
