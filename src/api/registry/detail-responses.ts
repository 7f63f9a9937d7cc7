import type { ResponsesOf } from '../responses-of.js';
import { movieDetails } from '../schemas/build/movie-details.js';
import { personDetails } from '../schemas/build/person-details.js';
import { tvSeriesDetails } from '../schemas/build/tv-series-details.js';
import type { detailCalls } from './detail-calls.js';

/**
 * The response schemas of the details (`detail-calls.ts`).
 * One per call and no other: the compiler checks both ways.
 */
export const detailResponses = {
  movieDetails,
  tvSeriesDetails,
  personDetails,
} satisfies ResponsesOf<typeof detailCalls>;
