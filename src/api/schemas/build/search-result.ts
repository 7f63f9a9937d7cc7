import * as z from 'zod/mini';
import { trendingMovieItem } from './movie-summary.js';
import { personSummary } from './person-summary.js';
import { schemaOf } from './schema-of.js';
import { trendingTvItem } from './tv-series-summary.js';

export const searchPersonItem = schemaOf(() => z.extend(personSummary(), { media_type: z.literal('person') }));

export const searchMultiItem = schemaOf(() =>
  z.discriminatedUnion('media_type', [trendingMovieItem(), trendingTvItem(), searchPersonItem()]),
);
