import { z } from 'zod';
import { imagePath, looseDate, recordId } from './common.js';
import { episode } from './episode.js';

/**
 * An episode as season details list it: the episode object without the presentation-only `media_type`.
 * The real item also carries `crew` and `guest_stars`; they are not stored (stripped), and changes to them
 * mark season credits stale instead (Contracts, FACTS §6).
 */
export const seasonEpisode = episode.omit({ media_type: true });

/** `GET /3/tv/{series_id}/season/{season_number}` (OpenAPI `tv-season-details`). */
export const seasonDetails = z.object({
  _id: z.string().optional(),
  air_date: looseDate.optional(),
  episodes: z.array(seasonEpisode),
  id: recordId,
  name: z.string(),
  overview: z.string(),
  poster_path: imagePath.optional(),
  season_number: z.number().int(),
  vote_average: z.number().optional(),
});

export type SeasonEpisode = z.output<typeof seasonEpisode>;
export type SeasonDetails = z.output<typeof seasonDetails>;
