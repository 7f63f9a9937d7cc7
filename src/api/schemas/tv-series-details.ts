import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from './common.js';
import { genre } from './genre.js';
import { appendedCredits } from './movie-details.js';

/** One season as series details list it. */
export const seriesSeason = z.object({
  air_date: looseDate,
  episode_count: z.int().check(z.minimum(0)),
  id: recordId,
  name: z.string(),
  overview: z.optional(z.string()),
  poster_path: imagePath,
  season_number: z.int().check(z.minimum(0)),
  vote_average: z.optional(z.number()),
});

export const network = z.object({
  id: recordId,
  logo_path: z.optional(imagePath),
  name: z.string(),
  origin_country: z.optional(z.string()),
});

/**
 * `GET /3/tv/{series_id}?append_to_response=credits` (OpenAPI `tv-series-details`). The appended credits are the
 * latest season's, as `/3/tv/{series_id}/credits` gives them; the library always asks for them.
 */
export const tvSeriesDetails = z.object({
  adult: z.optional(z.boolean()),
  backdrop_path: imagePath,
  episode_run_time: z.optional(z.array(z.number())),
  first_air_date: looseDate,
  genres: z.array(genre),
  homepage: z.optional(z.nullable(z.string())),
  id: recordId,
  in_production: z.optional(z.boolean()),
  languages: z.optional(z.array(z.string())),
  last_air_date: z.optional(looseDate),
  name: z.string(),
  networks: z.optional(z.array(network)),
  number_of_episodes: z.int().check(z.minimum(0)),
  number_of_seasons: z.int().check(z.minimum(0)),
  origin_country: z.optional(z.array(z.string())),
  original_language: z.string(),
  original_name: z.string(),
  overview: z.string(),
  popularity: z.number(),
  poster_path: imagePath,
  seasons: z.array(seriesSeason),
  status: z.optional(z.string()),
  tagline: z.optional(z.nullable(z.string())),
  type: z.optional(z.string()),
  vote_average: z.number(),
  vote_count: z.number(),
  credits: appendedCredits,
});

export type SeriesSeason = z.output<typeof seriesSeason>;
export type TvSeriesDetails = z.output<typeof tvSeriesDetails>;
