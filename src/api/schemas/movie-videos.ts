import * as z from 'zod/mini';
import { recordId } from './common.js';

export const video = z.object({
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
});

/** The videos of one movie; `id` is the movie's id. */
export const movieVideos = z.object({
  id: recordId,
  results: z.array(video),
});

export type Video = z.output<typeof video>;
export type MovieVideos = z.output<typeof movieVideos>;
