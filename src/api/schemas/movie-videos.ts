import type * as z from 'zod/mini';
import * as build from './build/movie-videos.js';

export const video = /* @__PURE__ */ build.video();

/** The videos of one movie; `id` is the movie's id. */
export const movieVideos = /* @__PURE__ */ build.movieVideos();

export type Video = z.output<typeof video>;
export type MovieVideos = z.output<typeof movieVideos>;
