import { z } from 'zod';
import { defineEndpoint } from './define-endpoint.js';
import { accountState } from './schemas/account-state.js';
import { accountDetails, deleteSessionResponse, guestSessionResponse, requestTokenResponse } from './schemas/auth.js';
import { pagedEnvelope } from './schemas/common.js';
import { configuration } from './schemas/configuration.js';
import { episodeChanges } from './schemas/episode-changes.js';
import { listDetails } from './schemas/list-details.js';
import { trendingMovieItem } from './schemas/movie-summary.js';
import { movieVideos } from './schemas/movie-videos.js';
import {
  booleanParam,
  countParam,
  credentialParam,
  dateParam,
  discoverTvSortBy,
  idListParam,
  idParam,
  imageLanguagesParam,
  languageParam,
  mediaTypeParam,
  monetizationParam,
  numberParam,
  pageParam,
  ratingParam,
  regionParam,
  runtimeParam,
  smallIntListParam,
  timeWindowParam,
  timezoneParam,
  voteAverageParam,
  watchlistSortBy,
  yearParam,
} from './schemas/params.js';
import { personExternalIds } from './schemas/person-external-ids.js';
import { personSummary } from './schemas/person-summary.js';
import { personTranslations } from './schemas/person-translations.js';
import { seasonCredits } from './schemas/season-credits.js';
import { seasonDetails } from './schemas/season-details.js';
import { seasonImages } from './schemas/season-images.js';
import { sessionResponse } from './schemas/session.js';
import { statusEnvelope, tokenValidation } from './schemas/status-envelope.js';
import { taggedImagesPage } from './schemas/tagged-image.js';
import { tvChanges } from './schemas/tv-changes.js';
import { trendingTvItem, tvSeriesSummary } from './schemas/tv-series-summary.js';

const HOUR = 3600;
const DAY = 24 * HOUR;

const optional = <T extends z.ZodType>(schema: T) => schema.optional();

const sessionOrGuest = {
  param: 'session_id',
  message: 'exactly one of session_id and guest_session_id is required',
  test: (p: Record<string, unknown>) => (p.session_id === undefined) !== (p.guest_session_id === undefined),
};

const FOURTEEN_DAYS_MS = 14 * DAY * 1000;
const changeWindow = {
  param: 'end_date',
  message: 'start_date must not be after end_date, and the window may span at most 14 days',
  test: (p: Record<string, unknown>) => {
    if (typeof p.start_date !== 'string' || typeof p.end_date !== 'string') return true;
    const span = Date.parse(p.end_date) - Date.parse(p.start_date);
    return span >= 0 && span <= FOURTEEN_DAYS_MS;
  },
};

const rangeRule = (low: string, high: string) => ({
  param: low,
  message: `${low} must not be greater than ${high}`,
  test: (p: Record<string, unknown>) => {
    const a = p[low];
    const b = p[high];
    if (a === undefined || b === undefined) return true;
    return (a as number | string) <= (b as number | string);
  },
});

const watchParamsNeedRegion = {
  param: 'watch_region',
  message: 'watch_region is required with with_watch_providers or with_watch_monetization_types',
  test: (p: Record<string, unknown>) =>
    p.watch_region !== undefined ||
    (p.with_watch_providers === undefined && p.with_watch_monetization_types === undefined),
};

/**
 * The endpoint registry: one entry per operation. The client builds requests from it, the fake service routes
 * from it, the engine learns from it where a response is stored and how long it stays fresh, and the types of
 * every call and view come from its schemas. Adding an operation means adding one entry here.
 */
export const endpoints = {
  trendingTv: defineEndpoint({
    method: 'GET',
    path: '/3/trending/tv/{time_window}',
    pathParams: { time_window: timeWindowParam },
    // SPEC lists no `page` for trending, but the service honours it (FACTS §3).
    query: { language: optional(languageParam), page: optional(pageParam) },
    response: pagedEnvelope(trendingTvItem),
    scope: 'public',
    kind: 'list',
    maxAgeSeconds: HOUR,
  }),
  trendingMovies: defineEndpoint({
    method: 'GET',
    path: '/3/trending/movie/{time_window}',
    pathParams: { time_window: timeWindowParam },
    query: { language: optional(languageParam), page: optional(pageParam) },
    response: pagedEnvelope(trendingMovieItem),
    scope: 'public',
    kind: 'list',
    maxAgeSeconds: HOUR,
  }),
  airingToday: defineEndpoint({
    method: 'GET',
    path: '/3/tv/airing_today',
    pathParams: {},
    query: { language: optional(languageParam), page: optional(pageParam), timezone: optional(timezoneParam) },
    response: pagedEnvelope(tvSeriesSummary),
    scope: 'public',
    kind: 'list',
    maxAgeSeconds: HOUR,
  }),
  discoverTv: defineEndpoint({
    method: 'GET',
    path: '/3/discover/tv',
    pathParams: {},
    query: {
      'air_date.gte': optional(dateParam),
      'air_date.lte': optional(dateParam),
      first_air_date_year: optional(yearParam),
      'first_air_date.gte': optional(dateParam),
      'first_air_date.lte': optional(dateParam),
      include_adult: optional(booleanParam),
      include_null_first_air_dates: optional(booleanParam),
      language: optional(languageParam),
      page: optional(pageParam),
      screened_theatrically: optional(booleanParam),
      sort_by: optional(discoverTvSortBy),
      timezone: optional(timezoneParam),
      'vote_average.gte': optional(voteAverageParam),
      'vote_average.lte': optional(voteAverageParam),
      'vote_count.gte': optional(countParam),
      'vote_count.lte': optional(countParam),
      watch_region: optional(regionParam),
      with_companies: optional(idListParam),
      with_genres: optional(idListParam),
      with_keywords: optional(idListParam),
      with_networks: optional(idParam),
      with_origin_country: optional(regionParam),
      with_original_language: optional(z.string().regex(/^[a-z]{2}$/, 'expected a language code such as en')),
      'with_runtime.gte': optional(runtimeParam),
      'with_runtime.lte': optional(runtimeParam),
      with_status: optional(smallIntListParam),
      with_type: optional(smallIntListParam),
      with_watch_monetization_types: optional(monetizationParam),
      with_watch_providers: optional(idListParam),
      without_companies: optional(idListParam),
      without_genres: optional(idListParam),
      without_keywords: optional(idListParam),
      without_watch_providers: optional(idListParam),
    },
    response: pagedEnvelope(tvSeriesSummary),
    scope: 'public',
    kind: 'list',
    maxAgeSeconds: 3 * HOUR,
    rules: [
      rangeRule('vote_average.gte', 'vote_average.lte'),
      rangeRule('vote_count.gte', 'vote_count.lte'),
      rangeRule('first_air_date.gte', 'first_air_date.lte'),
      rangeRule('air_date.gte', 'air_date.lte'),
      rangeRule('with_runtime.gte', 'with_runtime.lte'),
      watchParamsNeedRegion,
    ],
  }),
  tvAccountStates: defineEndpoint({
    method: 'GET',
    path: '/3/tv/{series_id}/account_states',
    pathParams: { series_id: idParam },
    query: { session_id: optional(credentialParam), guest_session_id: optional(credentialParam) },
    response: accountState,
    scope: 'user-or-guest',
    kind: 'resource',
    maxAgeSeconds: 300,
    rules: [sessionOrGuest],
  }),
  seasonCredits: defineEndpoint({
    method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/credits',
    pathParams: { series_id: idParam, season_number: numberParam },
    query: { language: optional(languageParam) },
    response: seasonCredits,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
  seasonImages: defineEndpoint({
    method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/images',
    pathParams: { series_id: idParam, season_number: numberParam },
    query: { language: optional(languageParam), include_image_language: optional(imageLanguagesParam) },
    response: seasonImages,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
  episodeAccountStates: defineEndpoint({
    method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}/episode/{episode_number}/account_states',
    pathParams: { series_id: idParam, season_number: numberParam, episode_number: numberParam },
    query: { session_id: optional(credentialParam), guest_session_id: optional(credentialParam) },
    response: accountState,
    scope: 'user-or-guest',
    kind: 'resource',
    maxAgeSeconds: 300,
    rules: [sessionOrGuest],
  }),
  episodeChanges: defineEndpoint({
    method: 'GET',
    path: '/3/tv/episode/{episode_id}/changes',
    pathParams: { episode_id: idParam },
    // SPEC lists only episode_id; the old docs and the service accept the window and page (FACTS §6).
    query: { start_date: optional(dateParam), end_date: optional(dateParam), page: optional(pageParam) },
    response: episodeChanges,
    scope: 'public',
    kind: 'resource',
    // Change endpoints are served with max-age=600 (FACTS §4).
    maxAgeSeconds: 600,
    rules: [changeWindow],
  }),
  movieVideos: defineEndpoint({
    method: 'GET',
    path: '/3/movie/{movie_id}/videos',
    pathParams: { movie_id: idParam },
    query: { language: optional(languageParam) },
    response: movieVideos,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
  popularPeople: defineEndpoint({
    method: 'GET',
    path: '/3/person/popular',
    pathParams: {},
    query: { language: optional(languageParam), page: optional(pageParam) },
    response: pagedEnvelope(personSummary),
    scope: 'public',
    kind: 'list',
    maxAgeSeconds: 3 * HOUR,
  }),
  personExternalIds: defineEndpoint({
    method: 'GET',
    path: '/3/person/{person_id}/external_ids',
    pathParams: { person_id: idParam },
    query: { language: optional(languageParam) },
    response: personExternalIds,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
  personTaggedImages: defineEndpoint({
    method: 'GET',
    path: '/3/person/{person_id}/tagged_images',
    pathParams: { person_id: idParam },
    query: { page: optional(pageParam) },
    response: taggedImagesPage,
    scope: 'public',
    kind: 'list',
    maxAgeSeconds: DAY,
  }),
  personTranslations: defineEndpoint({
    method: 'GET',
    path: '/3/person/{person_id}/translations',
    pathParams: { person_id: idParam },
    query: {},
    response: personTranslations,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
  accountTvWatchlist: defineEndpoint({
    method: 'GET',
    path: '/3/account/{account_id}/watchlist/tv',
    pathParams: { account_id: idParam },
    query: {
      language: optional(languageParam),
      page: optional(pageParam),
      session_id: credentialParam,
      sort_by: optional(watchlistSortBy),
    },
    response: pagedEnvelope(tvSeriesSummary),
    scope: 'user',
    kind: 'list',
    maxAgeSeconds: 300,
  }),
  configuration: defineEndpoint({
    method: 'GET',
    path: '/3/configuration',
    pathParams: {},
    query: {},
    response: configuration,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
  createSession: defineEndpoint({
    method: 'POST',
    path: '/3/authentication/session/new',
    pathParams: {},
    query: {},
    body: { request_token: credentialParam },
    response: sessionResponse,
    scope: 'public',
    kind: 'action',
    maxAgeSeconds: 0,
  }),
  validateToken: defineEndpoint({
    method: 'GET',
    path: '/3/authentication',
    pathParams: {},
    query: {},
    response: tokenValidation,
    scope: 'public',
    kind: 'action',
    maxAgeSeconds: 0,
  }),
  removeListItem: defineEndpoint({
    method: 'POST',
    path: '/3/list/{list_id}/remove_item',
    pathParams: { list_id: idParam },
    query: { session_id: credentialParam },
    body: { media_id: idParam },
    response: statusEnvelope,
    scope: 'user',
    kind: 'action',
    maxAgeSeconds: 0,
  }),
  // Beyond the 19 (Contracts): the change-feed issue's two operations.
  tvChanges: defineEndpoint({
    method: 'GET',
    path: '/3/tv/changes',
    pathParams: {},
    // Ids of series changed in the window: the last 24 h by default, at most 14 days (FACTS §6).
    query: { start_date: optional(dateParam), end_date: optional(dateParam), page: optional(pageParam) },
    response: tvChanges,
    scope: 'public',
    kind: 'list',
    maxAgeSeconds: 600,
    rules: [changeWindow],
  }),
  // Series and season change feeds: which seasons, then which episodes, of a changed series changed (FACTS §6:
  // series changes carry `season` items, season changes `episode` items, each pointing at the ids to query next).
  seriesChanges: defineEndpoint({
    method: 'GET',
    path: '/3/tv/{series_id}/changes',
    pathParams: { series_id: idParam },
    query: { start_date: optional(dateParam), end_date: optional(dateParam), page: optional(pageParam) },
    response: episodeChanges,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: 600,
    rules: [changeWindow],
  }),
  seasonChanges: defineEndpoint({
    method: 'GET',
    path: '/3/tv/season/{season_id}/changes',
    pathParams: { season_id: idParam },
    query: { start_date: optional(dateParam), end_date: optional(dateParam), page: optional(pageParam) },
    response: episodeChanges,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: 600,
    rules: [changeWindow],
  }),
  seasonDetails: defineEndpoint({
    method: 'GET',
    path: '/3/tv/{series_id}/season/{season_number}',
    pathParams: { series_id: idParam, season_number: numberParam },
    query: { language: optional(languageParam) },
    response: seasonDetails,
    scope: 'public',
    kind: 'resource',
    maxAgeSeconds: DAY,
  }),
  // Beyond the 19 (Contracts): the outbox issue's sessions, list details and per-user writes.
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

export type Endpoints = typeof endpoints;
export type OperationName = keyof Endpoints;
export type Endpoint = Endpoints[OperationName];

/** The flat parameter object a caller passes for an operation (the service's own names). */
export type ParamsOf<O extends OperationName> = z.input<Endpoints[O]['params']>;
/** The validated, canonical parameters (lists joined, defaults applied). */
export type ParsedParamsOf<O extends OperationName> = z.output<Endpoints[O]['params']>;
/** The parsed response of an operation. */
export type ResponseOf<O extends OperationName> = z.output<Endpoints[O]['response']>;

export const operationNames = Object.keys(endpoints) as OperationName[];

export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && Object.hasOwn(endpoints, value);
}
