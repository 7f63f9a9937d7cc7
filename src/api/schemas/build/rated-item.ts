import * as z from 'zod/mini';
import { movieSummary } from './movie-summary.js';
import { schemaOf } from './schema-of.js';
import { tvSeriesSummary } from './tv-series-summary.js';

const rating = schemaOf(() => z.number());

export const ratedTvItem = schemaOf(() => z.extend(tvSeriesSummary(), { rating: rating() }));

export const ratedMovieItem = schemaOf(() => z.extend(movieSummary(), { rating: rating() }));
