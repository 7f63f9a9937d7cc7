import type * as z from 'zod/mini';
import * as build from './build/movie-summary.js';

/** A movie as trending, `known_for` and tagged images list it (SPEC "Movie summary"). */
export const movieSummary = /* @__PURE__ */ build.movieSummary();

/** The trending and `known_for` form, where `media_type` is always there. */
export const trendingMovieItem = /* @__PURE__ */ build.trendingMovieItem();

export type MovieSummary = z.output<typeof movieSummary>;
