import * as z from 'zod/mini';
import { pagedEnvelope, recordId } from '../common.js';
import { episode } from './episode.js';
import { movieSummary } from './movie-summary.js';
import { schemaOf } from './schema-of.js';
import { tvSeriesSummary } from './tv-series-summary.js';

export const taggedImage = schemaOf(() => {
  const base = z.object({
    aspect_ratio: z.number(),
    file_path: z.string(),
    height: z.int(),
    id: z.string(),
    image_type: z.string(),
    iso_3166_1: z.optional(z.nullable(z.string())),
    iso_639_1: z.nullable(z.string()),
    vote_average: z.number(),
    vote_count: z.int(),
    width: z.int(),
  });
  return z.discriminatedUnion('media_type', [
    z.extend(base, { media_type: z.literal('movie'), media: movieSummary() }),
    z.extend(base, { media_type: z.literal('episode'), media: episode() }),
    z.extend(base, { media_type: z.literal('tv'), media: tvSeriesSummary() }),
  ]);
});

export const taggedImagesPage = schemaOf(() => z.extend(pagedEnvelope(taggedImage()), { id: recordId }));
