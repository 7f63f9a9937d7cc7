import { describe, expect, it } from 'vitest';
import {
  endpoints,
  type InvalidParamsError,
  isInvalidParamsError,
  type OperationName,
  operationNames,
} from '../../src/api-entry.js';
import { createTestClient } from '../helpers/api-client.js';
import { rejectionOf } from '../helpers/errors.js';
import { caseName, expectAccepted, expectRejected, type ParamCase } from '../helpers/param-assertions.js';
import { createRecordingFetch } from '../helpers/recording-fetch.js';

/**
 * Every parameter rule of the registry rejects bad input with `InvalidParamsError`, naming the parameter and the
 * rule, before anything is sent: the injected fetch is never called.
 */

/** Path parameters, classified by name so a new operation's path parameters are covered without a new case. */
const pathParams = operationNames.flatMap((operation) =>
  Object.keys(endpoints[operation].pathParams.shape).map((param) => ({ operation, param })),
);
const ID_PARAM = /_id$/;
const NUMBER_PARAM = /^(season|episode)_number$/;

const badIds = [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '12', Number.MAX_SAFE_INTEGER + 2, null, true];
const injections = ['1/../../x', '1%2F..%2Fx', '1?api_key=x', '1#x', '../1', ''];
const badNumbers = [-1, 1.5, Number.NaN, '1', null];

describe('path parameters', () => {
  it('every path parameter is an id, a season/episode number or time_window', () => {
    const unclassified = pathParams.filter(
      ({ param }) => !ID_PARAM.test(param) && !NUMBER_PARAM.test(param) && param !== 'time_window',
    );
    expect(unclassified).toEqual([]);
  });

  const idTargets: { operation: OperationName; param: string }[] = [
    ...pathParams.filter(({ param }) => ID_PARAM.test(param)),
    { operation: 'removeListItem', param: 'media_id' },
    { operation: 'discoverTv', param: 'with_networks' },
  ];
  const idCases: ParamCase[] = idTargets.flatMap(({ operation, param }) =>
    [...badIds, ...injections].map((value) => ({ operation, param, params: { [param]: value } })),
  );
  it.each(idCases.map((c) => [caseName(c), c] as const))('ids are integers ≥ 1: %s', async (_name, c) => {
    await expectRejected(c);
  });

  const numberCases: ParamCase[] = pathParams
    .filter(({ param }) => NUMBER_PARAM.test(param))
    .flatMap(({ operation, param }) =>
      [...badNumbers, ...injections].map((value) => ({ operation, param, params: { [param]: value } })),
    );
  it.each(numberCases.map((c) => [caseName(c), c] as const))(
    'season/episode numbers are integers ≥ 0: %s',
    async (_name, c) => {
      await expectRejected(c);
    },
  );

  it('accepts the boundaries: id 1 and MAX_SAFE_INTEGER, season and episode 0', () => {
    expectAccepted('seasonCredits', { series_id: 1, season_number: 0 });
    expectAccepted('movieVideos', { movie_id: Number.MAX_SAFE_INTEGER });
    expectAccepted('episodeAccountStates', { season_number: 0, episode_number: 0 });
  });

  const timeWindowCases: ParamCase[] = ['trendingTv', 'trendingMovies'].flatMap((operation) =>
    ['month', 'DAY', 'days', '', 1, null].map((value) => ({
      operation: operation as OperationName,
      param: 'time_window',
      params: { time_window: value },
      rule: /day.*week/,
    })),
  );
  it.each(timeWindowCases.map((c) => [caseName(c), c] as const))('time_window is day | week: %s', async (_name, c) => {
    await expectRejected(c);
  });

  it.each([
    ['seasonCredits', 'series_id'],
    ['trendingTv', 'time_window'],
    ['episodeAccountStates', 'episode_number'],
    ['createSession', 'request_token'],
    ['accountTvWatchlist', 'session_id'],
    ['removeListItem', 'media_id'],
  ] as const)('%s without its required %s is rejected', async (operation, param) => {
    await expectRejected({ operation, param, params: { [param]: undefined } });
  });
});

describe('paging and language', () => {
  const paged = operationNames.filter((operation) => endpoints[operation].paged);
  const pageCases: ParamCase[] = paged.flatMap((operation) =>
    [0, 501, 2.5, -1, '1', Number.NaN].map((page) => ({ operation, param: 'page', params: { page } })),
  );
  it.each(pageCases.map((c) => [caseName(c), c] as const))('page is an integer 1–500: %s', async (_name, c) => {
    await expectRejected(c);
  });

  it('page accepts 1 and 500 on every paged operation', () => {
    expect(paged.length).toBeGreaterThanOrEqual(7);
    for (const operation of paged) {
      expectAccepted(operation, { page: 1 });
      expectAccepted(operation, { page: 500 });
    }
  });

  const withLanguage = operationNames.filter((operation) => endpoints[operation].takesLanguage);
  const languageCases: ParamCase[] = withLanguage.flatMap((operation) =>
    ['english', 'en_US', 'EN', 'en-us', 'en-USA', '', 'en-US/../x'].map((language) => ({
      operation,
      param: 'language',
      params: { language },
      rule: /ll-CC/,
    })),
  );
  it.each(languageCases.map((c) => [caseName(c), c] as const))('language is ll or ll-CC: %s', async (_name, c) => {
    await expectRejected(c);
  });

  it('language accepts en and en-US', () => {
    for (const operation of withLanguage) {
      expectAccepted(operation, { language: 'en' });
      expectAccepted(operation, { language: 'pt-BR' });
    }
  });
});

describe('sort_by', () => {
  const cases: ParamCase[] = [
    ...['popularity', 'popularity.DESC', 'release_date.desc', 'created_at.asc', ''].map((sort_by) => ({
      operation: 'discoverTv' as const,
      param: 'sort_by',
      params: { sort_by },
      rule: /popularity\.desc/,
    })),
    ...['created_at', 'popularity.desc', 'CREATED_AT.ASC'].map((sort_by) => ({
      operation: 'accountTvWatchlist' as const,
      param: 'sort_by',
      params: { sort_by },
      rule: /created_at\.asc/,
    })),
  ];
  it.each(cases.map((c) => [caseName(c), c] as const))('only the allowed values: %s', async (_name, c) => {
    await expectRejected(c);
  });

  it('accepts the allowed values', () => {
    expectAccepted('discoverTv', { sort_by: 'first_air_date.desc' });
    expectAccepted('discoverTv', { sort_by: 'vote_count.asc' });
    expectAccepted('accountTvWatchlist', { sort_by: 'created_at.desc' });
  });
});
describe('unknown parameters on any operation', () => {
  const cases: ParamCase[] = operationNames.map((operation) => ({
    operation,
    param: 'api_key',
    params: { api_key: 'leaked-key' },
    rule: /Unrecognized key/,
  }));
  it.each(cases.map((c) => [c.operation, c] as const))('%s rejects an unknown api_key', async (_name, c) => {
    await expectRejected(c);
  });

  it('trending rejects the discover typo with_genre', async () => {
    await expectRejected({ operation: 'trendingTv', param: 'with_genre', params: { with_genre: '16' } });
  });
});

describe('sessions and credentials', () => {
  const accountStates = ['tvAccountStates', 'episodeAccountStates'] as const;
  const sessionRule = /exactly one of session_id and guest_session_id/;
  it.each(accountStates)('%s needs exactly one of session_id and guest_session_id', async (operation) => {
    await expectRejected({ operation, param: 'session_id', params: { session_id: undefined }, rule: sessionRule });
    await expectRejected({
      operation,
      param: 'session_id',
      params: { session_id: 'abc', guest_session_id: 'def' },
      rule: sessionRule,
    });
    expectAccepted(operation, { session_id: undefined, guest_session_id: 'def' });
    expectAccepted(operation, { session_id: 'abc' });
  });

  const credentials: [OperationName, string][] = [
    ['tvAccountStates', 'session_id'],
    ['episodeAccountStates', 'session_id'],
    ['accountTvWatchlist', 'session_id'],
    ['removeListItem', 'session_id'],
    ['createSession', 'request_token'],
  ];
  const badCredentials = ['../x', 'abc/../def', 'abc%2Fdef', 'abc?x=1', 'abc&api_key=1', 'abc#x', '', 'a b', 1234];
  const credentialCases: ParamCase[] = [
    ...credentials.flatMap(([operation, param]) =>
      badCredentials.map((value) => ({ operation, param, params: { [param]: value } })),
    ),
    ...accountStates.flatMap((operation) =>
      badCredentials.map((value) => ({
        operation,
        param: 'guest_session_id',
        params: { session_id: undefined, guest_session_id: value },
      })),
    ),
  ];
  it.each(credentialCases.map((c) => [caseName(c), c] as const))(
    'credentials are opaque tokens: %s',
    async (_name, c) => {
      await expectRejected(c);
    },
  );

  it('a rejected credential is not repeated in the error', async () => {
    const secret = 'f0e1d2c3b4a5?leak';
    const fetch = createRecordingFetch();
    const error = await rejectionOf(
      createTestClient({ fetch }).request('accountTvWatchlist', { account_id: 1, session_id: secret }),
    );
    expect(isInvalidParamsError(error)).toBe(true);
    expect(JSON.stringify({ ...(error as object), message: (error as Error).message })).not.toContain('f0e1d2c3b4a5');
  });
});

describe('episode changes window', () => {
  const window = (start_date: string, end_date: string): ParamCase => ({
    operation: 'episodeChanges',
    param: 'end_date',
    params: { start_date, end_date },
    rule: /14 days/,
  });
  it.each([
    ['15 days', window('2024-01-01', '2024-01-16')],
    ['a month', window('2024-01-01', '2024-02-01')],
    ['start after end', window('2024-01-10', '2024-01-09')],
  ])('rejects %s', async (_name, c) => {
    await expectRejected(c);
  });

  it('rejects bad dates in the window', async () => {
    await expectRejected({ operation: 'episodeChanges', param: 'start_date', params: { start_date: '2024-02-30' } });
    await expectRejected({ operation: 'episodeChanges', param: 'end_date', params: { end_date: '2024/01/01' } });
  });

  it('accepts 14 days, one day, and across a leap day', () => {
    expectAccepted('episodeChanges', { start_date: '2024-01-01', end_date: '2024-01-15' });
    expectAccepted('episodeChanges', { start_date: '2024-01-01', end_date: '2024-01-01' });
    expectAccepted('episodeChanges', { start_date: '2024-02-20', end_date: '2024-03-05' });
  });
});

describe('the params object itself', () => {
  it.each([
    ['a string', 'x'],
    ['a number', 5],
    ['an array', [1]],
  ])('%s is rejected', async (_name, value) => {
    const fetch = createRecordingFetch();
    const error = await rejectionOf(createTestClient({ fetch }).request('configuration', value as never));
    expect(isInvalidParamsError(error)).toBe(true);
    expect((error as InvalidParamsError).param).toBe('(params)');
    expect(fetch.calls).toHaveLength(0);
  });

  it.each(['deleteEverything', 'toString', '__proto__', 'constructor'])(
    'an unknown operation %s is rejected',
    async (operation) => {
      const fetch = createRecordingFetch();
      const error = await rejectionOf(createTestClient({ fetch }).request(operation as OperationName, {}));
      expect(isInvalidParamsError(error)).toBe(true);
      expect(error).toMatchObject({ param: '(operation)', rule: 'unknown operation' });
      expect(fetch.calls).toHaveLength(0);
    },
  );
});
