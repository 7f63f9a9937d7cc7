import * as z from 'zod/mini';
import { recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

export const imageFile = schemaOf(() =>
  z.object({
    aspect_ratio: z.number(),
    file_path: z.string(),
    height: z.int(),
    iso_3166_1: z.optional(z.nullable(z.string())),
    iso_639_1: z.nullable(z.string()),
    vote_average: z.number(),
    vote_count: z.int(),
    width: z.int(),
  }),
);

export const seasonImages = schemaOf(() =>
  z.object({
    id: recordId,
    posters: z.array(imageFile()),
  }),
);
