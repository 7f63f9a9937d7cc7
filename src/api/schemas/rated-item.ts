import type * as z from 'zod/mini';
import * as build from './build/rated-item.js';

/** A series of the account's rated list: its summary and the user's `rating`. */
export const ratedTvItem = /* @__PURE__ */ build.ratedTvItem();

/** A movie of the account's rated list: its summary and the user's `rating`. */
export const ratedMovieItem = /* @__PURE__ */ build.ratedMovieItem();

export type RatedTvItem = z.output<typeof ratedTvItem>;
export type RatedMovieItem = z.output<typeof ratedMovieItem>;
