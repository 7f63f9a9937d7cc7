import type * as z from 'zod/mini';
import * as build from './build/tv-series-details.js';

/** One season as series details list it. */
export const seriesSeason = /* @__PURE__ */ build.seriesSeason();

export const network = /* @__PURE__ */ build.network();

/**
 * `GET /3/tv/{series_id}?append_to_response=credits` (OpenAPI `tv-series-details`). The appended credits are the
 * latest season's, as `/3/tv/{series_id}/credits` gives them; the library always asks for them.
 */
export const tvSeriesDetails = /* @__PURE__ */ build.tvSeriesDetails();

export type SeriesSeason = z.output<typeof seriesSeason>;
export type TvSeriesDetails = z.output<typeof tvSeriesDetails>;
