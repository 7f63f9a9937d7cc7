import type { ResponsesOf } from '../responses-of.js';
import { movieSummary } from '../schemas/build/movie-summary.js';
import { pagedOf } from '../schemas/build/paged-of.js';
import { personSummary } from '../schemas/build/person-summary.js';
import { searchMultiItem } from '../schemas/build/search-result.js';
import { tvSeriesSummary } from '../schemas/build/tv-series-summary.js';
import type { searchCalls } from './search-calls.js';

/**
 * The response schemas of the search (`search-calls.ts`): pages of the items the service's lists of each kind
 * carry; a mixed search's items say their `media_type`. One per call and no other: the compiler checks both ways.
 */
export const searchResponses = {
  searchMulti: pagedOf(searchMultiItem),
  searchTv: pagedOf(tvSeriesSummary),
  searchMovies: pagedOf(movieSummary),
  searchPeople: pagedOf(personSummary),
} satisfies ResponsesOf<typeof searchCalls>;
