import * as z from 'zod/mini';
import { movieSummary } from './movie-summary.js';
import { tvSeriesSummary } from './tv-series-summary.js';

/**
 * The user's rating on an item of a rated list (`/3/account/{account_id}/rated/tv|movies`): the OpenAPI document's
 * `rating`, a number from 0.5 to 10. It is the user's, not the record's: the store keeps it on the user's list page.
 */
const rating = z.number();

/** A series of the account's rated list: its summary and the user's `rating`. */
export const ratedTvItem = z.extend(tvSeriesSummary, { rating });

/** A movie of the account's rated list: its summary and the user's `rating`. */
export const ratedMovieItem = z.extend(movieSummary, { rating });

export type RatedTvItem = z.output<typeof ratedTvItem>;
export type RatedMovieItem = z.output<typeof ratedMovieItem>;
