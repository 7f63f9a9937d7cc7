import {
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type OperationName,
  type ParamsOf,
} from '../../src/api-entry.js';
import type { FetchLike } from '../../src/env.js';

/** A recognisable bearer token: tests search errors, URLs and logs for it. */
export const TEST_TOKEN = 'test-bearer-token-6f1d2c9a';
export const TEST_BASE_URL = 'https://api.catalogue.test';

/** A client with the test token and base URL; everything else (fetch, clock, timeoutMs) from `options`. */
export function createTestClient(options: Partial<ApiClientOptions> & { fetch: FetchLike }): ApiClient {
  return createApiClient({ baseUrl: TEST_BASE_URL, accessToken: TEST_TOKEN, ...options });
}

/**
 * Minimal valid parameters for every operation: the required ones only. Typed as a complete map, so adding an
 * operation to the registry is a type error here until it has an example.
 */
export const exampleParams: { [O in OperationName]: ParamsOf<O> } = {
  trendingTv: { time_window: 'day' },
  trendingMovies: { time_window: 'week' },
  airingToday: {},
  discoverTv: {},
  tvAccountStates: { series_id: 1399, session_id: 'abc123' },
  seasonCredits: { series_id: 1399, season_number: 1 },
  seasonImages: { series_id: 1399, season_number: 1 },
  episodeAccountStates: { series_id: 1399, season_number: 1, episode_number: 1, session_id: 'abc123' },
  episodeChanges: { episode_id: 63056 },
  movieVideos: { movie_id: 550 },
  popularPeople: {},
  personExternalIds: { person_id: 287 },
  personTaggedImages: { person_id: 287 },
  personTranslations: { person_id: 287 },
  accountTvWatchlist: { account_id: 548, session_id: 'abc123' },
  configuration: {},
  createSession: { request_token: 'abc123' },
  validateToken: {},
  removeListItem: { list_id: 8200, media_id: 18, session_id: 'abc123' },
  createRequestToken: {},
  createGuestSession: {},
  accountDetails: { session_id: 'abc123' },
  deleteSession: { session_id: 'abc123' },
  listDetails: { list_id: 8200 },
  markFavorite: { account_id: 548, media_type: 'tv', media_id: 1399, favorite: true, session_id: 'abc123' },
  addToWatchlist: { account_id: 548, media_type: 'tv', media_id: 1399, watchlist: true, session_id: 'abc123' },
  rateTvSeries: { series_id: 1399, value: 8.5, session_id: 'abc123' },
  deleteTvSeriesRating: { series_id: 1399, session_id: 'abc123' },
  rateEpisode: { series_id: 1399, season_number: 1, episode_number: 1, value: 8.5, session_id: 'abc123' },
  deleteEpisodeRating: { series_id: 1399, season_number: 1, episode_number: 1, session_id: 'abc123' },
  tvChanges: {},
  seasonDetails: { series_id: 1399, season_number: 1 },
  seriesChanges: { series_id: 1399 },
  seasonChanges: { season_id: 3624 },
  accountTvFavorites: { account_id: 548, session_id: 'abc123' },
  accountMovieFavorites: { account_id: 548, session_id: 'abc123' },
  accountMovieWatchlist: { account_id: 548, session_id: 'abc123' },
  accountTvRated: { account_id: 548, session_id: 'abc123' },
  accountMovieRated: { account_id: 548, session_id: 'abc123' },
  searchMulti: { query: 'fight' },
  searchTv: { query: 'breaking' },
  searchMovies: { query: 'fight club' },
  searchPeople: { query: 'brad' },
  movieDetails: { movie_id: 550 },
  tvSeriesDetails: { series_id: 1399 },
  personDetails: { person_id: 287 },
  movieCredits: { movie_id: 550 },
  personCombinedCredits: { person_id: 287 },
};
