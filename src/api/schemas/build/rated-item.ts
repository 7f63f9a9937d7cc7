import * as z from 'zod/mini';
import { movieSummary } from './movie-summary.js';
import { schemaOf } from './schema-of.js';
import { tvSeriesSummary } from './tv-series-summary.js';

/**
 * The user's rating on an item of a rated list (`/3/account/{account_id}/rated/tv|movies`): the OpenAPI document's
 * `rating`, a number from 0.5 to 10. It is the user's, not the record's: the store keeps it on the user's list page.
 */
const rated = () => ({ rating: z.number() });

export const ratedTvItem = schemaOf(() => z.extend(tvSeriesSummary(), rated()));

export const ratedMovieItem = schemaOf(() => z.extend(movieSummary(), rated()));
