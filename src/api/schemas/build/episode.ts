import * as z from 'zod/mini';
import { imagePath, looseDate, recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

export const episode = schemaOf(() =>
  z.object({
    air_date: looseDate,
    episode_number: z.int(),
    // Missing from one of the two real captures: optional.
    episode_type: z.optional(z.string()),
    id: recordId,
    media_type: z.optional(z.literal('tv_episode')),
    name: z.string(),
    overview: z.string(),
    production_code: z.string(),
    // Unknown runtimes come back as null on the real service.
    runtime: z.nullable(z.int()),
    season_number: z.int(),
    show_id: recordId,
    still_path: imagePath,
    vote_average: z.number(),
    vote_count: z.number(),
  }),
);
