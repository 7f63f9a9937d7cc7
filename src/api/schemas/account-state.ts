import * as z from 'zod/mini';
import { recordId } from './common.js';

/** `rated` is the boolean `false` when unrated, otherwise `{ value }` (FACTS §7). */
export const rated = z.union([z.literal(false), z.object({ value: z.number() })]);

/** Favorite, watchlist and rating of one series or episode for the current user. */
export const accountState = z.object({
  id: recordId,
  favorite: z.boolean(),
  rated,
  watchlist: z.boolean(),
});

export type Rated = z.output<typeof rated>;
export type AccountState = z.output<typeof accountState>;
