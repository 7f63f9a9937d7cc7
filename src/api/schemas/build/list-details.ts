import * as z from 'zod/mini';
import { imagePath } from '../common.js';
import { movieSummary } from './movie-summary.js';
import { schemaOf } from './schema-of.js';

// The same builder, so a list's items are validated by the movie summary itself, not a copy.
export const listItem = movieSummary;

export const listDetails = schemaOf(() =>
  z.object({
    id: z.union([z.int(), z.string()]),
    name: z.string(),
    description: z.string(),
    created_by: z.string(),
    favorite_count: z.int(),
    item_count: z.int(),
    iso_639_1: z.string(),
    poster_path: imagePath,
    items: z.array(listItem()),
    page: z.optional(z.int()),
    total_pages: z.optional(z.int()),
    total_results: z.optional(z.int()),
  }),
);
