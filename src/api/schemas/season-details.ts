import type * as z from 'zod/mini';
import * as build from './build/season-details.js';

/**
 * An episode as season details list it: the episode object without the presentation-only `media_type`.
 * The real item also carries `crew` and `guest_stars`; they are not stored (stripped), and changes to them
 * mark season credits stale instead (Contracts, FACTS §6).
 */
export const seasonEpisode = /* @__PURE__ */ build.seasonEpisode();

/** `GET /3/tv/{series_id}/season/{season_number}` (OpenAPI `tv-season-details`). */
export const seasonDetails = /* @__PURE__ */ build.seasonDetails();

export type SeasonEpisode = z.output<typeof seasonEpisode>;
export type SeasonDetails = z.output<typeof seasonDetails>;
