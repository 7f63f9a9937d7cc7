import type * as z from 'zod/mini';
import * as build from './build/movie-details.js';

/**
 * Fields a details screen shows are required; the rest are optional, so a record the service sends without them is
 * still stored (it adds and drops fields without notice, FACTS §8).
 */

/** `credits` appended to a movie or series: the `/credits` sub-resource without its `id`. */
export const appendedCredits = /* @__PURE__ */ build.appendedCredits();

/** `videos` appended to a movie: the `/videos` sub-resource without its `id`. */
export const appendedVideos = /* @__PURE__ */ build.appendedVideos();

export const movieCollection = /* @__PURE__ */ build.movieCollection();

/**
 * `GET /3/movie/{movie_id}?append_to_response=credits,videos` (OpenAPI `movie-details`): the library always asks
 * for the credits and the videos, so both are required.
 */
export const movieDetails = /* @__PURE__ */ build.movieDetails();

export type AppendedCredits = z.output<typeof appendedCredits>;
export type MovieDetails = z.output<typeof movieDetails>;
