import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ApiResponse, NotModifiedResponse, ResponseOf } from '../../src/api-entry.js';
import { createTestClient } from '../helpers/api-client.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';
import { jsonResponse } from '../helpers/responses.js';
import { readSample } from '../helpers/samples.js';

/**
 * Type tests: checked by `tsc --noEmit -p .` (tsconfig includes `test/`), not by vitest, which only runs the
 * runtime half. The calls inside `() => …` are never made; they exist to be typed.
 */

const client = createTestClient({
  fetch: createRecordingFetch(() => jsonResponse(readSample('trending-tv-day.json'))),
});

type TrendingTvData = Awaited<ReturnType<typeof trendingTv>>['data'];
const trendingTv = () => client.request('trendingTv', { time_window: 'day' });

describe('request types follow the registry', () => {
  it("request('trendingTv', …) resolves to ApiResponse of the TV-summary envelope", async () => {
    expectTypeOf(trendingTv).returns.resolves.toEqualTypeOf<ApiResponse<ResponseOf<'trendingTv'>>>();
    expectTypeOf<TrendingTvData>().not.toBeAny();
    expectTypeOf<TrendingTvData>().toHaveProperty('page').toEqualTypeOf<number>();
    expectTypeOf<TrendingTvData>().toHaveProperty('total_pages').toEqualTypeOf<number>();
    expectTypeOf<TrendingTvData>().toHaveProperty('total_results').toEqualTypeOf<number>();
    expectTypeOf<TrendingTvData['results']>().toBeArray();
    expectTypeOf<TrendingTvData['results'][number]['name']>().toEqualTypeOf<string>();
    expectTypeOf<TrendingTvData['results'][number]['media_type']>().toEqualTypeOf<'tv'>();
    expectTypeOf<TrendingTvData['results'][number]['id']>().toEqualTypeOf<number>();
    expectTypeOf<TrendingTvData['results'][number]['first_air_date']>().toEqualTypeOf<string | null>();
    expectTypeOf<TrendingTvData>().toEqualTypeOf<{
      page: number;
      results: TrendingTvData['results'][number][];
      total_pages: number;
      total_results: number;
    }>();

    // The runtime half: the typed value is what arrives.
    const response = await trendingTv();
    expect(response.data.results[0]?.media_type).toBe('tv');
    expect(typeof response.data.results[0]?.name).toBe('string');
  });

  it('other operations resolve to their own schema output', () => {
    const movies = () => client.request('trendingMovies', { time_window: 'week' });
    expectTypeOf(movies)
      .returns.resolves.toHaveProperty('data')
      .toHaveProperty('results')
      .items.toHaveProperty('title');
    expectTypeOf<
      Awaited<ReturnType<typeof movies>>['data']['results'][number]['media_type']
    >().toEqualTypeOf<'movie'>();
    const states = () => client.request('tvAccountStates', { series_id: 1, session_id: 'abc' });
    expectTypeOf(states)
      .returns.resolves.toHaveProperty('data')
      .toHaveProperty('rated')
      .toEqualTypeOf<false | { value: number }>();
  });

  it('invalid parameters are type errors', () => {
    // @ts-expect-error time_window is day | week
    const month = () => client.request('trendingTv', { time_window: 'month' });
    // @ts-expect-error series_id is required
    const missingSeries = () => client.request('seasonCredits', { season_number: 1 });
    // @ts-expect-error ids are numbers, not strings
    const stringId = () => client.request('movieVideos', { movie_id: '550' });
    // @ts-expect-error unknown parameter (a typo of with_genres)
    const typo = () => client.request('discoverTv', { with_genre: '16' });
    // @ts-expect-error not an operation
    const unknown = () => client.request('trendingPeople', {});
    expectTypeOf([month, missingSeries, stringId, typo, unknown]).toBeArray();
  });

  it('with ifNoneMatch the result may be a NotModifiedResponse; without, it may not', () => {
    const conditional = () => client.request('configuration', {}, { ifNoneMatch: 'W/"abc"' });
    expectTypeOf(conditional).returns.resolves.toEqualTypeOf<
      ApiResponse<ResponseOf<'configuration'>> | NotModifiedResponse
    >();
    const plain = () => client.request('configuration', {}, { signal: new AbortController().signal });
    expectTypeOf(plain).returns.resolves.toEqualTypeOf<ApiResponse<ResponseOf<'configuration'>>>();
    expectTypeOf<NotModifiedResponse['status']>().toEqualTypeOf<304>();
    expectTypeOf<NotModifiedResponse['data']>().toEqualTypeOf<undefined>();
  });
});
