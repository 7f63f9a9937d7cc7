import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from './common.js';
import { episode } from './episode.js';

/**
 * An episode as season details list it: the episode object without the presentation-only `media_type`.
 * The real item also carries `crew` and `guest_stars`; they are not stored (stripped), and changes to them
 * mark season credits stale instead (Contracts, FACTS §6).
 */
export const seasonEpisode = z.omit(episode, { media_type: true });

/** `GET /3/tv/{series_id}/season/{season_number}` (OpenAPI `tv-season-details`). */
export const seasonDetails = z.object({
  _id: z.optional(z.string()),
  air_date: z.optional(looseDate),
  episodes: z.array(seasonEpisode),
  id: recordId,
  name: z.string(),
  overview: z.string(),
  poster_path: z.optional(imagePath),
  season_number: z.int(),
  vote_average: z.optional(z.number()),
});

export type SeasonEpisode = z.output<typeof seasonEpisode>;
export type SeasonDetails = z.output<typeof seasonDetails>;
