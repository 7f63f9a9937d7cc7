import * as z from 'zod/mini';
import { imagePath } from './common.js';
import { movieSummary } from './movie-summary.js';

/** An item of a v3 list: v3 lists hold movies only (FACTS §7), served with `media_type: "movie"`. */
export const listItem = movieSummary;

/**
 * `GET /3/list/{list_id}`: the list a removal acts on. The service serves `id` as a string in its example and
 * as a number elsewhere; both are accepted. `page`/`total_pages`/`total_results` come only with newer answers.
 */
export const listDetails = z.object({
  id: z.union([z.int(), z.string()]),
  name: z.string(),
  description: z.string(),
  created_by: z.string(),
  favorite_count: z.int(),
  item_count: z.int(),
  iso_639_1: z.string(),
  poster_path: imagePath,
  items: z.array(listItem),
  page: z.optional(z.int()),
  total_pages: z.optional(z.int()),
  total_results: z.optional(z.int()),
});

export type ListItem = z.output<typeof listItem>;
export type ListDetails = z.output<typeof listDetails>;
