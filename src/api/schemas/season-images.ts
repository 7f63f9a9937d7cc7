import { z } from 'zod';
import { recordId } from './common.js';

export const imageFile = z.object({
  aspect_ratio: z.number(),
  file_path: z.string(),
  height: z.number().int(),
  iso_3166_1: z.string().nullable().optional(),
  iso_639_1: z.string().nullable(),
  vote_average: z.number(),
  vote_count: z.number().int(),
  width: z.number().int(),
});

/** The posters of one season; `id` is the season's id. */
export const seasonImages = z.object({
  id: recordId,
  posters: z.array(imageFile),
});

export type ImageFile = z.output<typeof imageFile>;
export type SeasonImages = z.output<typeof seasonImages>;
