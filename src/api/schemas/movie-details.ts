import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from './common.js';
import { genre } from './genre.js';
import { video } from './movie-videos.js';
import { castMember, crewMember } from './season-credits.js';

/**
 * Fields a details screen shows are required; the rest are optional, so a record the service sends without them is
 * still stored (it adds and drops fields without notice, FACTS §8).
 */

/** `credits` appended to a movie or series: the `/credits` sub-resource without its `id`. */
export const appendedCredits = z.object({
  cast: z.array(castMember),
  crew: z.array(crewMember),
});

/** `videos` appended to a movie: the `/videos` sub-resource without its `id`. */
export const appendedVideos = z.object({
  results: z.array(video),
});

export const movieCollection = z.object({
  id: recordId,
  name: z.string(),
  poster_path: z.optional(imagePath),
  backdrop_path: z.optional(imagePath),
});

/**
 * `GET /3/movie/{movie_id}?append_to_response=credits,videos` (OpenAPI `movie-details`): the library always asks
 * for the credits and the videos, so both are required.
 */
export const movieDetails = z.object({
  adult: z.boolean(),
  backdrop_path: imagePath,
  belongs_to_collection: z.optional(z.nullable(movieCollection)),
  budget: z.optional(z.number()),
  genres: z.array(genre),
  homepage: z.optional(z.nullable(z.string())),
  id: recordId,
  imdb_id: z.optional(z.nullable(z.string())),
  origin_country: z.optional(z.array(z.string())),
  original_language: z.string(),
  original_title: z.string(),
  overview: z.string(),
  popularity: z.number(),
  poster_path: imagePath,
  release_date: looseDate,
  revenue: z.optional(z.number()),
  // Null (or 0) for a movie whose length is not known yet.
  runtime: z.nullable(z.int().check(z.minimum(0))),
  status: z.string(),
  tagline: z.nullable(z.string()),
  title: z.string(),
  video: z.boolean(),
  vote_average: z.number(),
  vote_count: z.number(),
  credits: appendedCredits,
  videos: appendedVideos,
});

export type AppendedCredits = z.output<typeof appendedCredits>;
export type MovieDetails = z.output<typeof movieDetails>;
