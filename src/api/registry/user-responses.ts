import type { ResponsesOf } from '../responses-of.js';
import {
  accountDetails,
  deleteSessionResponse,
  guestSessionResponse,
  requestTokenResponse,
} from '../schemas/build/auth.js';
import { listDetails } from '../schemas/build/list-details.js';
import { movieSummary } from '../schemas/build/movie-summary.js';
import { pagedOf } from '../schemas/build/paged-of.js';
import { ratedMovieItem, ratedTvItem } from '../schemas/build/rated-item.js';
import { statusEnvelope } from '../schemas/build/status-envelope.js';
import { tvSeriesSummary } from '../schemas/build/tv-series-summary.js';
import type { userCalls } from './user-calls.js';

/**
 * The response schemas of the sessions, the account, lists and writes (`user-calls.ts`).
 * One per call and no other: the compiler checks both ways.
 */
export const userResponses = {
  accountTvFavorites: pagedOf(tvSeriesSummary),
  accountMovieFavorites: pagedOf(movieSummary),
  accountMovieWatchlist: pagedOf(movieSummary),
  accountTvRated: pagedOf(ratedTvItem),
  accountMovieRated: pagedOf(ratedMovieItem),
  createRequestToken: requestTokenResponse,
  createGuestSession: guestSessionResponse,
  accountDetails,
  deleteSession: deleteSessionResponse,
  listDetails,
  markFavorite: statusEnvelope,
  addToWatchlist: statusEnvelope,
  rateTvSeries: statusEnvelope,
  deleteTvSeriesRating: statusEnvelope,
  rateEpisode: statusEnvelope,
  deleteEpisodeRating: statusEnvelope,
} satisfies ResponsesOf<typeof userCalls>;
