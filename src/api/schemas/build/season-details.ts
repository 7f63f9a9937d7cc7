import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from '../common.js';
import { episode } from './episode.js';
import { schemaOf } from './schema-of.js';

export const seasonEpisode = schemaOf(() => z.omit(episode(), { media_type: true }));

export const seasonDetails = schemaOf(() =>
  z.object({
    _id: z.optional(z.string()),
    air_date: z.optional(looseDate),
    episodes: z.array(seasonEpisode()),
    id: recordId,
    name: z.string(),
    overview: z.string(),
    poster_path: z.optional(imagePath),
    season_number: z.int(),
    vote_average: z.optional(z.number()),
  }),
);
