import type { ResponsesOf } from '../responses-of.js';
import { pagedEnvelope } from '../schemas/common.js';
import { movieSummary } from '../schemas/movie-summary.js';
import { personSummary } from '../schemas/person-summary.js';
import { searchMultiItem } from '../schemas/search-result.js';
import { tvSeriesSummary } from '../schemas/tv-series-summary.js';
import type { searchCalls } from './search-calls.js';

/**
 * The response schemas of the search (`search-calls.ts`): pages of the items the service's lists of each kind
 * carry; a mixed search's items say their `media_type`. One per call and no other: the compiler checks both ways.
 */
export const searchResponses = {
  searchMulti: pagedEnvelope(searchMultiItem),
  searchTv: pagedEnvelope(tvSeriesSummary),
  searchMovies: pagedEnvelope(movieSummary),
  searchPeople: pagedEnvelope(personSummary),
} satisfies ResponsesOf<typeof searchCalls>;
