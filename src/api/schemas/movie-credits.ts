import type * as z from 'zod/mini';
import * as build from './build/movie-credits.js';

/** A movie's cast member: a season's, plus the `cast_id` every movie credit carries. */
export const movieCastMember = /* @__PURE__ */ build.movieCastMember();

/**
 * `GET /3/movie/{movie_id}/credits` (OpenAPI `movie-credits`): the movie's `id`, cast and crew. Every field is
 * required because every credit of the OpenAPI example carries it.
 */
export const movieCredits = /* @__PURE__ */ build.movieCredits();

export type MovieCastMember = z.output<typeof movieCastMember>;
export type MovieCredits = z.output<typeof movieCredits>;
