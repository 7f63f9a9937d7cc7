import { defineCall } from '../define-call.js';
import { optional, sessionOrGuest } from '../param-rules.js';
import {
  booleanParam,
  credentialParam,
  idParam,
  languageParam,
  mediaTypeParam,
  numberParam,
  pageParam,
  ratingParam,
  watchlistSortBy,
} from '../schemas/params.js';

/**
 * One of the account's lists (`/3/account/{account_id}/favorite|watchlist|rated/tv|movies`): the same parameters
 * for all six (OpenAPI), 20 items a page, sorted by when each was added (`created_at.asc` by default).
 */
function accountList(path: string) {
  return defineCall({
    method: 'GET',
    path,
    pathParams: () => ({ account_id: idParam }),
    query: () => ({
      language: optional(languageParam),
      page: optional(pageParam),
      session_id: credentialParam,
      sort_by: optional(watchlistSortBy),
    }),
    scope: 'user',
    kind: 'list',
    stored: true,
    maxAgeSeconds: 300,
  });
}

/** Sessions, the account, lists and the favorite/watchlist/rating writes (DESIGN: "Operations beyond the 19"). */
export const userCalls = {
  // The account's lists besides `accountTvWatchlist` (one of the 19). Together, the TV ones answer every series'
  // account state at once (`tvAccountStates` is derived from them when they are stored whole).
  accountTvFavorites: accountList('/3/account/{account_id}/favorite/tv'),
  accountMovieFavorites: accountList('/3/account/{account_id}/favorite/movies'),
  accountMovieWatchlist: accountList('/3/account/{account_id}/watchlist/movies'),
  accountTvRated: accountList('/3/account/{account_id}/rated/tv'),
  accountMovieRated: accountList('/3/account/{account_id}/rated/movies'),
  createRequestToken: defineCall({
    method: 'GET',
    path: '/3/authentication/token/new',
    pathParams: () => ({}),
    query: () => ({}),
    scope: 'public',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
  }),
  createGuestSession: defineCall({
    method: 'GET',
    path: '/3/authentication/guest_session/new',
    pathParams: () => ({}),
    query: () => ({}),
    scope: 'public',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
  }),
  // The account of a session (how `createSession` learns the account id); a check, never cached.
  accountDetails: defineCall({
    method: 'GET',
    path: '/3/account',
    pathParams: () => ({}),
    query: () => ({ session_id: credentialParam }),
    scope: 'user',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
  }),
  // Sign-out revokes the session: the id travels in the body, never in the URL.
  deleteSession: defineCall({
    method: 'DELETE',
    path: '/3/authentication/session',
    pathParams: () => ({}),
    query: () => ({}),
    body: () => ({ session_id: credentialParam }),
    scope: 'user',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
  }),
  listDetails: defineCall({
    method: 'GET',
    path: '/3/list/{list_id}',
    pathParams: () => ({ list_id: idParam }),
    query: () => ({ language: optional(languageParam), page: optional(pageParam) }),
    scope: 'public',
    kind: 'resource',
    stored: true,
    maxAgeSeconds: 300,
  }),
  markFavorite: defineCall({
    method: 'POST',
    path: '/3/account/{account_id}/favorite',
    pathParams: () => ({ account_id: idParam }),
    query: () => ({ session_id: credentialParam }),
    body: () => ({ media_type: mediaTypeParam, media_id: idParam, favorite: booleanParam }),
    scope: 'user',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
  }),
  addToWatchlist: defineCall({
    method: 'POST',
    path: '/3/account/{account_id}/watchlist',
    pathParams: () => ({ account_id: idParam }),
    query: () => ({ session_id: credentialParam }),
    body: () => ({ media_type: mediaTypeParam, media_id: idParam, watchlist: booleanParam }),
    scope: 'user',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
  }),
  rateTvSeries: defineCall({
    method: 'POST',
    path: '/3/tv/{series_id}/rating',
    pathParams: () => ({ series_id: idParam }),
    query: () => ({ session_id: optional(credentialParam), guest_session_id: optional(credentialParam) }),
    body: () => ({ value: ratingParam }),
    scope: 'user-or-guest',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
    rules: [sessionOrGuest],
  }),
  deleteTvSeriesRating: defineCall({
    method: 'DELETE',
    path: '/3/tv/{series_id}/rating',
    pathParams: () => ({ series_id: idParam }),
    query: () => ({ session_id: optional(credentialParam), guest_session_id: optional(credentialParam) }),
    scope: 'user-or-guest',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
    rules: [sessionOrGuest],
  }),
  rateEpisode: defineCall({
    method: 'POST',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
    pathParams: () => ({ series_id: idParam, season_number: numberParam, episode_number: numberParam }),
    query: () => ({ session_id: optional(credentialParam), guest_session_id: optional(credentialParam) }),
    body: () => ({ value: ratingParam }),
    scope: 'user-or-guest',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
    rules: [sessionOrGuest],
  }),
  deleteEpisodeRating: defineCall({
    method: 'DELETE',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/rating',
    pathParams: () => ({ series_id: idParam, season_number: numberParam, episode_number: numberParam }),
    query: () => ({ session_id: optional(credentialParam), guest_session_id: optional(credentialParam) }),
    scope: 'user-or-guest',
    kind: 'action',
    stored: false,
    maxAgeSeconds: 0,
    rules: [sessionOrGuest],
  }),
};
