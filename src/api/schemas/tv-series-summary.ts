import type * as z from 'zod/mini';
import * as build from './build/tv-series-summary.js';

/** A TV series as trending, airing today, discover and `known_for` list it (SPEC "TV series summary"). */
export const tvSeriesSummary = /* @__PURE__ */ build.tvSeriesSummary();

/** The trending and `known_for` form, where `media_type` is always there. */
export const trendingTvItem = /* @__PURE__ */ build.trendingTvItem();

export type TvSeriesSummary = z.output<typeof tvSeriesSummary>;
