import * as z from 'zod/mini';
import { pagedEnvelope, recordId } from './common.js';
import { episode } from './episode.js';
import { movieSummary } from './movie-summary.js';
import { tvSeriesSummary } from './tv-series-summary.js';

const taggedImageBase = z.object({
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

/**
 * An image a person is tagged in. `media` is told apart by the outer `media_type`: a movie summary for
 * `movie`, an episode object for `episode` (and a series summary for `tv`, which the service also uses).
 */
export const taggedImage = z.discriminatedUnion('media_type', [
  z.extend(taggedImageBase, { media_type: z.literal('movie'), media: movieSummary }),
  z.extend(taggedImageBase, { media_type: z.literal('episode'), media: episode }),
  z.extend(taggedImageBase, { media_type: z.literal('tv'), media: tvSeriesSummary }),
]);

/** The paged envelope, plus `id`: the person's id. */
export const taggedImagesPage = z.extend(pagedEnvelope(taggedImage), { id: recordId });

export type TaggedImage = z.output<typeof taggedImage>;
export type TaggedImagesPage = z.output<typeof taggedImagesPage>;
