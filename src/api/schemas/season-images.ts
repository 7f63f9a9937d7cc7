import * as z from 'zod/mini';
import { recordId } from './common.js';

export const imageFile = z.object({
  aspect_ratio: z.number(),
  file_path: z.string(),
  height: z.int(),
  iso_3166_1: z.optional(z.nullable(z.string())),
  iso_639_1: z.nullable(z.string()),
  vote_average: z.number(),
  vote_count: z.int(),
  width: z.int(),
});

/** The posters of one season; `id` is the season's id. */
export const seasonImages = z.object({
  id: recordId,
  posters: z.array(imageFile),
});

export type ImageFile = z.output<typeof imageFile>;
export type SeasonImages = z.output<typeof seasonImages>;
