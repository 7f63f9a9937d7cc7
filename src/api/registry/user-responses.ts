import type { ResponsesOf } from '../responses-of.js';
import { accountDetails, deleteSessionResponse, guestSessionResponse, requestTokenResponse } from '../schemas/auth.js';
import { pagedEnvelope } from '../schemas/common.js';
import { listDetails } from '../schemas/list-details.js';
import { movieSummary } from '../schemas/movie-summary.js';
import { ratedMovieItem, ratedTvItem } from '../schemas/rated-item.js';
import { statusEnvelope } from '../schemas/status-envelope.js';
import { tvSeriesSummary } from '../schemas/tv-series-summary.js';
import type { userCalls } from './user-calls.js';

/**
 * The response schemas of the sessions, the account, lists and writes (`user-calls.ts`).
 * One per call and no other: the compiler checks both ways.
 */
export const userResponses = {
  accountTvFavorites: pagedEnvelope(tvSeriesSummary),
  accountMovieFavorites: pagedEnvelope(movieSummary),
  accountMovieWatchlist: pagedEnvelope(movieSummary),
  accountTvRated: pagedEnvelope(ratedTvItem),
  accountMovieRated: pagedEnvelope(ratedMovieItem),
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
