import * as z from 'zod/mini';
import { recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

export const video = schemaOf(() =>
  z.object({
    id: z.string(),
    iso_3166_1: z.string(),
    iso_639_1: z.string(),
    key: z.string(),
    name: z.string(),
    official: z.boolean(),
    published_at: z.string(),
    site: z.string(),
    size: z.int(),
    // Values seen: Trailer, Teaser, Clip, Featurette, Behind the Scenes; the service adds more (Bloopers…),
    // so any string is accepted rather than rejecting a real response.
    type: z.string(),
  }),
);

export const movieVideos = schemaOf(() =>
  z.object({
    id: recordId,
    results: z.array(video()),
  }),
);
