import * as z from 'zod/mini';
import { defineEndpoint } from '../define-endpoint.js';
import { optional, sessionOrGuest } from '../param-rules.js';
import { accountDetails, deleteSessionResponse, guestSessionResponse, requestTokenResponse } from '../schemas/auth.js';
import { pagedEnvelope } from '../schemas/common.js';
import { listDetails } from '../schemas/list-details.js';
import { movieSummary } from '../schemas/movie-summary.js';
import {
  credentialParam,
  idParam,
  languageParam,
  mediaTypeParam,
  numberParam,
  pageParam,
  ratingParam,
  watchlistSortBy,
} from '../schemas/params.js';
import { ratedMovieItem, ratedTvItem } from '../schemas/rated-item.js';
import { statusEnvelope } from '../schemas/status-envelope.js';
import { tvSeriesSummary } from '../schemas/tv-series-summary.js';

/**
 * One of the account's lists (`/3/account/{account_id}/favorite|watchlist|rated/tv|movies`): the same parameters
 * for all six (OpenAPI), 20 items a page, sorted by when each was added (`created_at.asc` by default).
 */
function accountList<Item extends z.core.$ZodType>(path: string, item: Item) {
  return defineEndpoint({
    method: 'GET',
    path,
    pathParams: { account_id: idParam },
    query: {
      language: optional(languageParam),
      page: optional(pageParam),
      session_id: credentialParam,
      sort_by: optional(watchlistSortBy),
    },
    response: pagedEnvelope(item),
    scope: 'user',
    kind: 'list',
    maxAgeSeconds: 300,
  });
}

/** Sessions, the account, lists and the favorite/watchlist/rating writes (DESIGN: "Operations beyond the 19"). */
export const userEndpoints = {
  // The account's lists besides `accountTvWatchlist` (one of the 19). Together, the TV ones answer every series'
  // account state at once (`tvAccountStates` is derived from them when they are stored whole).
  accountTvFavorites: accountList('/3/account/{account_id}/favorite/tv', tvSeriesSummary),
  accountMovieFavorites: accountList('/3/account/{account_id}/favorite/movies', movieSummary),
  accountMovieWatchlist: accountList('/3/account/{account_id}/watchlist/movies', movieSummary),
  accountTvRated: accountList('/3/account/{account_id}/rated/tv', ratedTvItem),
  accountMovieRated: accountList('/3/account/{account_id}/rated/movies', ratedMovieItem),
  createRequestToken: defineEndpoint({
    method: 'GET',
    path: '/3/authentication/token/new',
    pathParams: {},
    query: {},
    response: requestTokenResponse,
    scope: 'public',
    kind: 'action',
    maxAgeSeconds: 0,
  }),
  createGuestSession: defineEndpoint({
    method: 'GET',
    path: '/3/authentication/guest_session/new',
    pathParams: {},
    query: {},
    response: guestSessionResponse,
    scope: 'public',
    kind: 'action',
    maxAgeSeconds: 0,
  }),
  // The account of a session (how `createSession` learns the account id); a check, never cached.
  accountDetails: defineEndpoint({
    method: 'GET',
    path: '/3/account',
    pathParams: {},
    query: { session_id: credentialParam },
    response: accountDetails,
    scope: 'user',
    kind: 'action',
    maxAgeSeconds: 0,
  }),
  // Sign-out revokes the session: the id travels in the body, never in the URL.
  deleteSession: defineEndpoint({
    method: 'DELETE',
    path: '/3/authentication/session',
    pathParams: {},
    query: {},
    body: { session_id: credentialParam },
    response: deleteSessionResponse,
    scope: 'user',
    kind: 'action',
    maxAgeSeconds: 0,
  }),
  listDetails: defineEndpoint({
    method: 'GET',
    path: '/3/list/{list_id}',
    pathParams: { list_id: idParam },
    query: { language: optional(languageParam), page: optional(pageParam) },
    response: listDetails,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: 300,
  }),
  markFavorite: defineEndpoint({
    method: 'POST',
    path: '/3/account/{account_id}/favorite',
    pathParams: { account_id: idParam },
    query: { session_id: credentialParam },
    body: { media_type: mediaTypeParam, media_id: idParam, favorite: z.boolean() },
    response: statusEnvelope,
    scope: 'user',
    kind: 'action',
    maxAgeSeconds: 0,
  }),
  addToWatchlist: defineEndpoint({
    method: 'POST',
    path: '/3/account/{account_id}/watchlist',
    pathParams: { account_id: idParam },
    query: { session_id: credentialParam },
    body: { media_type: mediaTypeParam, media_id: idParam, watchlist: z.boolean() },
    response: statusEnvelope,
    scope: 'user',
    kind: 'action',
    maxAgeSeconds: 0,
  }),
  rateTvSeries: defineEndpoint({
    method: 'POST',
    path: '/3/tv/{series_id}/rating',
    pathParams: { series_id: idParam },
    query: { session_id: optional(credentialParam), guest_session_id: optional(credentialParam) },
    body: { value: ratingParam },
    response: statusEnvelope,
    scope: 'user-or-guest',
    kind: 'action',
    maxAgeSeconds: 0,
    rules: [sessionOrGuest],
  }),
  deleteTvSeriesRating: defineEndpoint({
    method: 'DELETE',
    path: '/3/tv/{series_id}/rating',
    pathParams: { series_id: idParam },
    query: { session_id: optional(credentialParam), guest_session_id: optional(credentialParam) },
    response: statusEnvelope,
    scope: 'user-or-guest',
    kind: 'action',
    maxAgeSeconds: 0,
    rules: [sessionOrGuest],
  }),
  rateEpisode: defineEndpoint({
    method: 'POST',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
    pathParams: { series_id: idParam, season_number: numberParam, episode_number: numberParam },
    query: { session_id: optional(credentialParam), guest_session_id: optional(credentialParam) },
    body: { value: ratingParam },
    response: statusEnvelope,
    scope: 'user-or-guest',
    kind: 'action',
    maxAgeSeconds: 0,
    rules: [sessionOrGuest],
  }),
  deleteEpisodeRating: defineEndpoint({
    method: 'DELETE',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
    pathParams: { series_id: idParam, season_number: numberParam, episode_number: numberParam },
    query: { session_id: optional(credentialParam), guest_session_id: optional(credentialParam) },
    response: statusEnvelope,
    scope: 'user-or-guest',
    kind: 'action',
    maxAgeSeconds: 0,
    rules: [sessionOrGuest],
  }),
};
