import * as z from 'zod/mini';
import { pagedEnvelope, recordId } from '../common.js';
import { episode } from './episode.js';
import { movieSummary } from './movie-summary.js';
import { schemaOf } from './schema-of.js';
import { tvSeriesSummary } from './tv-series-summary.js';

const taggedImageBase = schemaOf(() =>
  z.object({
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
  }),
);

export const taggedImage = schemaOf(() =>
  z.discriminatedUnion('media_type', [
    z.extend(taggedImageBase(), { media_type: z.literal('movie'), media: movieSummary() }),
    z.extend(taggedImageBase(), { media_type: z.literal('episode'), media: episode() }),
    z.extend(taggedImageBase(), { media_type: z.literal('tv'), media: tvSeriesSummary() }),
  ]),
);

export const taggedImagesPage = schemaOf(() => z.extend(pagedEnvelope(taggedImage()), { id: recordId }));
