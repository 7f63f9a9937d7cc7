import { describe, expect, it } from 'vitest';
import {
  type ApiClientOptions,
  createApiClient,
  endpoints,
  type OperationName,
  operationNames,
  type ParamsOf,
} from '../../src/api-entry.js';
import { createVirtualClock } from '../../src/testing/virtual-clock.js';
import { createTestClient, exampleParams, TEST_BASE_URL, TEST_TOKEN } from '../helpers/api-client.js';
import { createRecordingFetch, type FakeHandler } from '../helpers/recording-fetch.js';
import { emptyResponse, jsonResponse } from '../helpers/responses.js';
import { openApiExample, readSample, responseSampleOf } from '../helpers/samples.js';

/**
 * What the client puts on the wire for every operation (URL, method, headers, body), and the options and caching
 * headers around it. Failures (aborts, timeouts, network, leaks) are in `client-failures.test.ts`.
 */

interface RequestCase<O extends OperationName> {
  readonly params: ParamsOf<O>;
  /** Path and query as sent, after the base URL: the query in canonical (sorted) key order. */
  readonly url: string;
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly body?: unknown;
}

/**
 * One request per operation, with parameters chosen to exercise path encoding and query ordering. A complete
 * map by type, and checked against `operationNames` at run time too.
 */
const requestCases: { [O in OperationName]: RequestCase<O> } = {
  trendingTv: {
    params: { time_window: 'week', page: 2, language: 'en-US' },
    method: 'GET',
    url: '/3/trending/tv/week?language=en-US&page=2',
  },
  trendingMovies: { params: { time_window: 'day' }, method: 'GET', url: '/3/trending/movie/day' },
  airingToday: {
    params: { timezone: 'America/New_York', page: 3, language: 'de-DE' },
    method: 'GET',
    url: '/3/tv/airing_today?language=de-DE&page=3&timezone=America%2FNew_York',
  },
  discoverTv: {
    params: {
      with_watch_providers: '8|9',
      with_genres: [16, 35],
      watch_region: 'US',
      sort_by: 'vote_average.desc',
      'vote_average.gte': 7.5,
      page: 2,
      language: 'en-US',
      include_adult: false,
      'first_air_date.gte': '2020-01-01',
    },
    method: 'GET',
    url:
      '/3/discover/tv?first_air_date.gte=2020-01-01&include_adult=false&language=en-US&page=2' +
      '&sort_by=vote_average.desc&vote_average.gte=7.5&watch_region=US&with_genres=16%2C35&with_watch_providers=8%7C9',
  },
  tvAccountStates: {
    params: { series_id: 1399, session_id: 'abc123' },
    method: 'GET',
    url: '/3/tv/1399/account_states?session_id=abc123',
  },
  seasonCredits: {
    params: { series_id: 1399, season_number: 0, language: 'en-US' },
    method: 'GET',
    url: '/3/tv/1399/season/0/credits?language=en-US',
  },
  seasonImages: {
    params: { series_id: 1399, season_number: 2, language: 'fr', include_image_language: 'en,null' },
    method: 'GET',
    url: '/3/tv/1399/season/2/images?include_image_language=en%2Cnull&language=fr',
  },
  episodeAccountStates: {
    params: { series_id: 1399, season_number: 1, episode_number: 3, guest_session_id: 'guest42' },
    method: 'GET',
    url: '/3/tv/1399/season/1/episode/3/account_states?guest_session_id=guest42',
  },
  episodeChanges: {
    params: { episode_id: 63056, start_date: '2024-01-01', end_date: '2024-01-14', page: 1 },
    method: 'GET',
    url: '/3/tv/episode/63056/changes?end_date=2024-01-14&page=1&start_date=2024-01-01',
  },
  movieVideos: {
    params: { movie_id: 550, language: 'en-US' },
    method: 'GET',
    url: '/3/movie/550/videos?language=en-US',
  },
  popularPeople: { params: { page: 500 }, method: 'GET', url: '/3/person/popular?page=500' },
  personExternalIds: { params: { person_id: 287 }, method: 'GET', url: '/3/person/287/external_ids' },
  personTaggedImages: { params: { person_id: 287, page: 1 }, method: 'GET', url: '/3/person/287/tagged_images?page=1' },
  personTranslations: { params: { person_id: 287 }, method: 'GET', url: '/3/person/287/translations' },
  accountTvWatchlist: {
    params: { account_id: 548, session_id: 'abc123', sort_by: 'created_at.desc', page: 2, language: 'en-US' },
    method: 'GET',
    url: '/3/account/548/watchlist/tv?language=en-US&page=2&session_id=abc123&sort_by=created_at.desc',
  },
  accountTvFavorites: {
    params: { account_id: 548, session_id: 'abc123', sort_by: 'created_at.asc' },
    method: 'GET',
    url: '/3/account/548/favorite/tv?session_id=abc123&sort_by=created_at.asc',
  },
  accountMovieFavorites: {
    params: { account_id: 548, session_id: 'abc123', page: 3 },
    method: 'GET',
    url: '/3/account/548/favorite/movies?page=3&session_id=abc123',
  },
  accountMovieWatchlist: {
    params: { account_id: 548, session_id: 'abc123', language: 'fr-FR' },
    method: 'GET',
    url: '/3/account/548/watchlist/movies?language=fr-FR&session_id=abc123',
  },
  accountTvRated: {
    params: { account_id: 548, session_id: 'abc123', sort_by: 'created_at.desc', page: 500 },
    method: 'GET',
    url: '/3/account/548/rated/tv?page=500&session_id=abc123&sort_by=created_at.desc',
  },
  accountMovieRated: {
    params: { account_id: 548, session_id: 'abc123' },
    method: 'GET',
    url: '/3/account/548/rated/movies?session_id=abc123',
  },
  configuration: { params: {}, method: 'GET', url: '/3/configuration' },
  createSession: {
    params: { request_token: 'tok_abc-123' },
    method: 'POST',
    url: '/3/authentication/session/new',
    body: { request_token: 'tok_abc-123' },
  },
  validateToken: { params: {}, method: 'GET', url: '/3/authentication' },
  removeListItem: {
    params: { list_id: 8200, media_id: 18, session_id: 'abc123' },
    method: 'POST',
    url: '/3/list/8200/remove_item?session_id=abc123',
    body: { media_id: 18 },
  },
  tvChanges: {
    params: { start_date: '2026-03-01', end_date: '2026-03-10', page: 2 },
    method: 'GET',
    url: '/3/tv/changes?end_date=2026-03-10&page=2&start_date=2026-03-01',
  },
  seasonDetails: {
    params: { series_id: 1399, season_number: 0, language: 'en-US' },
    method: 'GET',
    url: '/3/tv/1399/season/0?language=en-US',
  },
  seriesChanges: {
    params: { series_id: 1399, start_date: '2026-03-01' },
    method: 'GET',
    url: '/3/tv/1399/changes?start_date=2026-03-01',
  },
  seasonChanges: { params: { season_id: 3624, page: 1 }, method: 'GET', url: '/3/tv/season/3624/changes?page=1' },
  createRequestToken: { params: {}, method: 'GET', url: '/3/authentication/token/new' },
  createGuestSession: { params: {}, method: 'GET', url: '/3/authentication/guest_session/new' },
  accountDetails: { params: { session_id: 'abc123' }, method: 'GET', url: '/3/account?session_id=abc123' },
  deleteSession: {
    params: { session_id: 'abc123' },
    method: 'DELETE',
    url: '/3/authentication/session',
    body: { session_id: 'abc123' },
  },
  listDetails: { params: { list_id: 8200, page: 2 }, method: 'GET', url: '/3/list/8200?page=2' },
  markFavorite: {
    params: { account_id: 548, media_type: 'movie', media_id: 550, favorite: true, session_id: 'abc123' },
    method: 'POST',
    url: '/3/account/548/favorite?session_id=abc123',
    body: { media_type: 'movie', media_id: 550, favorite: true },
  },
  addToWatchlist: {
    params: { account_id: 548, media_type: 'tv', media_id: 1399, watchlist: false, session_id: 'abc123' },
    method: 'POST',
    url: '/3/account/548/watchlist?session_id=abc123',
    body: { media_type: 'tv', media_id: 1399, watchlist: false },
  },
  rateTvSeries: {
    params: { series_id: 1399, value: 8.5, guest_session_id: 'g-1' },
    method: 'POST',
    url: '/3/tv/1399/rating?guest_session_id=g-1',
    body: { value: 8.5 },
  },
  deleteTvSeriesRating: {
    params: { series_id: 1399, session_id: 'abc123' },
    method: 'DELETE',
    url: '/3/tv/1399/rating?session_id=abc123',
  },
  rateEpisode: {
    params: { series_id: 1399, season_number: 1, episode_number: 2, value: 10, session_id: 'abc123' },
    method: 'POST',
    url: '/3/tv/1399/season/1/episode/2/rating?session_id=abc123',
    body: { value: 10 },
  },
  deleteEpisodeRating: {
    params: { series_id: 1399, season_number: 1, episode_number: 2, guest_session_id: 'g-1' },
    method: 'DELETE',
    url: '/3/tv/1399/season/1/episode/2/rating?guest_session_id=g-1',
  },
  searchMulti: {
    params: { query: 'Amélie & co', page: 2, include_adult: false },
    method: 'GET',
    url: '/3/search/multi?include_adult=false&page=2&query=Am%C3%A9lie%20%26%20co',
  },
  searchTv: {
    params: { query: 'lost', first_air_date_year: 2004 },
    method: 'GET',
    url: '/3/search/tv?first_air_date_year=2004&query=lost',
  },
  searchMovies: {
    params: { query: 'alien', primary_release_year: 1979, region: 'GB' },
    method: 'GET',
    url: '/3/search/movie?primary_release_year=1979&query=alien&region=GB',
  },
  searchPeople: {
    params: { query: 'kubrick', language: 'de-DE' },
    method: 'GET',
    url: '/3/search/person?language=de-DE&query=kubrick',
  },
  // The library always appends what the details screens show; the caller cannot leave it out or add to it.
  movieDetails: {
    params: { movie_id: 550, language: 'en-US' },
    method: 'GET',
    url: '/3/movie/550?append_to_response=credits%2Cvideos&language=en-US',
  },
  tvSeriesDetails: { params: { series_id: 1399 }, method: 'GET', url: '/3/tv/1399?append_to_response=credits' },
  personDetails: {
    params: { person_id: 287, language: 'fr-FR' },
    method: 'GET',
    url: '/3/person/287?append_to_response=combined_credits&language=fr-FR',
  },
  movieCredits: { params: { movie_id: 550 }, method: 'GET', url: '/3/movie/550/credits' },
  personCombinedCredits: {
    params: { person_id: 287, language: 'de-DE' },
    method: 'GET',
    url: '/3/person/287/combined_credits?language=de-DE',
  },
};

/**
 * Writes beyond the 19 without a sample of their own answer like their siblings' samples (the same status
 * envelope); `accountDetails` answers like the OpenAPI's account example.
 */
const siblingSamples: Partial<Record<OperationName, string>> = {
  markFavorite: 'extra/account-watchlist-post.200-success-1.2025-06-01.json',
  rateTvSeries: 'extra/movie-rating-post.201-success-1.2025-06-01.json',
  rateEpisode: 'extra/movie-rating-post.201-success-1.2025-06-01.json',
  deleteEpisodeRating: 'extra/tv-rating-delete.spec.json',
};
const siblingAnswers: Partial<Record<OperationName, unknown>> = {
  accountDetails: openApiExample('/3/account/{account_id}'),
  deleteSession: { success: true },
};

/** A real answer for each operation (its first response sample), so each case also completes a round trip. */
const answerWithSample =
  (operation: OperationName): FakeHandler =>
  () => {
    const sibling = siblingSamples[operation];
    const body = sibling ? readSample(sibling) : (siblingAnswers[operation] ?? responseSampleOf(operation));
    return jsonResponse(body, 200);
  };

const GET_HEADERS = { accept: 'application/json', authorization: `Bearer ${TEST_TOKEN}` };
const POST_HEADERS = { ...GET_HEADERS, 'content-type': 'application/json;charset=utf-8' };

describe('the request of every operation', () => {
  it('has a case for every operation of the registry, and no other', () => {
    expect(Object.keys(requestCases).sort()).toEqual([...operationNames].sort());
  });

  it.each(operationNames)('%s: URL, method, headers and body', async (operation) => {
    const c = requestCases[operation] as RequestCase<OperationName>;
    const fetch = createRecordingFetch(answerWithSample(operation));
    const response = await createTestClient({ fetch }).request(operation, c.params as never);
    expect(response.status).toBe(200);
    expect(fetch.calls).toHaveLength(1);
    const [call] = fetch.calls;
    expect(call?.url).toBe(`${TEST_BASE_URL}${c.url}`);
    expect(call?.method).toBe(c.method);
    expect(call?.method).toBe(endpoints[operation].method);
    expect(call?.headers).toEqual(c.body === undefined ? GET_HEADERS : POST_HEADERS);
    expect(call?.body === undefined ? undefined : JSON.parse(call.body)).toEqual(c.body);
    expect(call?.url).not.toContain(TEST_TOKEN);
    expect(call?.url).not.toMatch(/api_key|Bearer/);
    // The library's freshness decides, not the browser's HTTP cache (which still revalidates what it kept).
    expect(call?.cache).toBe('no-cache');
  });

  it('equal parameters in another order give a byte-equal URL', async () => {
    const fetch = createRecordingFetch(answerWithSample('discoverTv'));
    const client = createTestClient({ fetch });
    await client.request('discoverTv', { page: 2, with_genres: '16', 'vote_average.gte': 5 });
    await client.request('discoverTv', { 'vote_average.gte': 5, with_genres: '16', page: 2 });
    expect(fetch.calls[0]?.url).toBe(fetch.calls[1]?.url);
    expect(fetch.calls[0]?.url).toBe(`${TEST_BASE_URL}/3/discover/tv?page=2&vote_average.gte=5&with_genres=16`);
  });
});

describe('client options', () => {
  it.each([
    ['https://proxy.test/tmdb', 'https://proxy.test/tmdb/3/configuration'],
    ['https://proxy.test/tmdb/', 'https://proxy.test/tmdb/3/configuration'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787/3/configuration'],
  ])('base URL %s keeps its path prefix', async (baseUrl, url) => {
    const fetch = createRecordingFetch(answerWithSample('configuration'));
    await createTestClient({ fetch, baseUrl }).request('configuration', {});
    expect(fetch.calls[0]?.url).toBe(url);
  });

  const syncToken = (): string => TEST_TOKEN;
  const asyncToken = async (): Promise<string> => TEST_TOKEN;
  it.each([
    ['a sync function', syncToken],
    ['an async function', asyncToken],
  ])('accessToken as %s is sent as the bearer header', async (_name, accessToken) => {
    const fetch = createRecordingFetch(answerWithSample('validateToken'));
    await createTestClient({ fetch, accessToken }).request('validateToken', {});
    expect(fetch.calls[0]?.headers.authorization).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it('a token function is read for every request, so a rotated token is used at once', async () => {
    const tokens = ['first-token', 'second-token'];
    let reads = 0;
    const fetch = createRecordingFetch(answerWithSample('validateToken'));
    const client = createTestClient({ fetch, accessToken: async () => tokens[reads++] ?? 'none' });
    await client.request('validateToken', {});
    await client.request('validateToken', {});
    expect(fetch.calls.map((call) => call.headers.authorization)).toEqual([
      'Bearer first-token',
      'Bearer second-token',
    ]);
  });

  it.each([
    ['a relative base URL', { baseUrl: '/api' }],
    ['a base URL with a query', { baseUrl: 'https://x.test/?api_key=1' }],
    ['a non-http base URL', { baseUrl: 'ftp://x.test' }],
    ['an empty token', { accessToken: '' }],
    ['a zero timeout', { timeoutMs: 0 }],
  ] as const)('rejects %s with a TypeError', (_name, options) => {
    const fetch = createRecordingFetch();
    expect(() => createTestClient({ fetch, ...(options as Partial<ApiClientOptions>) })).toThrow(TypeError);
  });

  it('the default fetch is the global fetch, read at call time', async () => {
    const fetch = createRecordingFetch(answerWithSample('configuration'));
    const original = globalThis.fetch;
    const client = createApiClient({ baseUrl: TEST_BASE_URL, accessToken: TEST_TOKEN });
    globalThis.fetch = fetch as typeof globalThis.fetch;
    try {
      await client.request('configuration', {});
    } finally {
      globalThis.fetch = original;
    }
    expect(fetch.calls).toHaveLength(1);
  });
});

describe('caching headers', () => {
  it('ifNoneMatch sends If-None-Match, and a 304 resolves to an empty NotModifiedResponse', async () => {
    const clock = createVirtualClock(1_000);
    const etag = 'W/"1c7b0be7cfcb529d61df7c7b50baa91e"';
    const fetch = createRecordingFetch(() =>
      emptyResponse(304, { ETag: etag, 'Cache-Control': 'public, max-age=120' }),
    );
    const response = await createTestClient({ fetch, clock }).request('configuration', {}, { ifNoneMatch: etag });
    expect(fetch.calls[0]?.headers['if-none-match']).toBe(etag);
    expect(response).toEqual({ status: 304, data: undefined, etag, maxAgeSeconds: 120, receivedAt: 1_000 });
  });

  it('ETag and Cache-Control max-age surface as etag and maxAgeSeconds', async () => {
    const fetch = createRecordingFetch(() =>
      jsonResponse(readSample('tv-episode-changes.json'), 200, {
        ETag: 'W/"0123456789abcdef0123456789abcdef"',
        'Cache-Control': 'public, max-age=600',
      }),
    );
    const response = await createTestClient({ fetch }).request('episodeChanges', exampleParams.episodeChanges);
    expect(response.etag).toBe('W/"0123456789abcdef0123456789abcdef"');
    expect(response.maxAgeSeconds).toBe(600);
    expect(fetch.calls[0]?.headers['if-none-match']).toBeUndefined();
  });

  it('a response without them has neither', async () => {
    const fetch = createRecordingFetch(answerWithSample('configuration'));
    const response = await createTestClient({ fetch }).request('configuration', {});
    expect(response).toMatchObject({ etag: undefined, maxAgeSeconds: undefined });
  });

  it('receivedAt is the injected clock when the answer was read, not when it was sent', async () => {
    const clock = createVirtualClock(1_700_000_000_000);
    const body = readSample('configuration.json');
    const fetch = createRecordingFetch(
      () => new Promise<Response>((resolve) => clock.setTimeout(() => resolve(jsonResponse(body)), 250)),
    );
    const response = await clock.runUntil(createTestClient({ fetch, clock }).request('configuration', {}));
    expect(response.receivedAt).toBe(1_700_000_000_250);
    expect(clock.pendingTimers()).toBe(0);
  });
});
