import { describe, expect, it } from 'vitest';
import { parseParams } from '../../src/api-entry.js';
import { caseName, expectAccepted, expectRejected, type ParamCase } from '../helpers/param-assertions.js';

/** The typed discover/tv filters of SPEC's filtering table and FACTS §5: each rejects bad input before sending. */

describe('discover filters', () => {
  const discover = (param: string, value: unknown, rule?: RegExp): ParamCase => ({
    operation: 'discoverTv',
    param,
    params: { [param]: value },
    ...(rule ? { rule } : {}),
  });
  const cases: ParamCase[] = [
    // Dates: the format and a real calendar day.
    ...['2024-02-30', '2023-02-29', '2024-13-01', '2024-00-10', '2024-04-31'].map((d) =>
      discover('air_date.gte', d, /calendar/),
    ),
    ...['2024-2-3', '20240101', '2024/01/01', '01-01-2024', '', '2024-01-01T00:00:00Z'].map((d) =>
      discover('first_air_date.lte', d, /YYYY-MM-DD/),
    ),
    // Id lists: comma AND or pipe OR, never mixed; arrays of ids.
    ...['16,35|10759', '16|35,10759'].map((v) => discover('with_genres', v, /not mixed/)),
    ...['16,,35', 'drama', '16, 35', ',16', '16|'].map((v) => discover('with_genres', v)),
    discover('with_genres', '0', /≥ 1/),
    discover('with_genres', [], />=1/),
    discover('with_genres', [1.5], /int/),
    discover('with_genres', ['16'], /number/),
    discover('with_genres', 16, /string or array/),
    discover('without_genres', '1,2|3', /not mixed/),
    discover('with_keywords', [0]),
    discover('with_companies', 'a|b'),
    discover('with_watch_providers', '8,9|10', /not mixed/),
    discover('with_status', '0,1|2'),
    discover('with_type', '7,8x'),
    // Booleans are booleans.
    discover('include_adult', 'true', /boolean/),
    discover('include_null_first_air_dates', 1, /boolean/),
    discover('screened_theatrically', 'false', /boolean/),
    // Numbers in range.
    ...[-0.5, 10.5, '7', Number.NaN].map((v) => discover('vote_average.gte', v)),
    discover('vote_average.lte', 11),
    discover('vote_count.gte', -1),
    discover('vote_count.gte', 2.5),
    discover('with_runtime.lte', -10),
    discover('first_air_date_year', 2020.5),
    discover('first_air_date_year', '2020'),
    // Codes.
    discover('watch_region', 'us'),
    discover('with_origin_country', 'USA'),
    discover('with_original_language', 'eng'),
    discover('with_watch_monetization_types', 'subscription'),
    discover('timezone', 'America/New York'),
    // Ranges: gte ≤ lte.
    { ...discover('vote_average.gte', 8), params: { 'vote_average.gte': 8, 'vote_average.lte': 5 }, rule: /lte/ },
    { ...discover('vote_count.gte', 100), params: { 'vote_count.gte': 100, 'vote_count.lte': 10 }, rule: /lte/ },
    {
      ...discover('first_air_date.gte', ''),
      params: { 'first_air_date.gte': '2024-05-01', 'first_air_date.lte': '2024-04-30' },
      rule: /lte/,
    },
    {
      ...discover('air_date.gte', ''),
      params: { 'air_date.gte': '2024-01-02', 'air_date.lte': '2024-01-01' },
      rule: /lte/,
    },
    { ...discover('with_runtime.gte', 0), params: { 'with_runtime.gte': 60, 'with_runtime.lte': 30 }, rule: /lte/ },
    // Watch providers need a region.
    { ...discover('watch_region', ''), params: { with_watch_providers: '8|9' }, rule: /watch_region/ },
    { ...discover('watch_region', ''), params: { with_watch_monetization_types: 'flatrate' }, rule: /watch_region/ },
    // Unknown parameters, typos included.
    { ...discover('with_genre', '16'), rule: /with_genre/ },
    { ...discover('api_key', 'k'), rule: /api_key/ },
    { ...discover('vote_average_gte', 5), rule: /vote_average_gte/ },
  ];
  it.each(cases.map((c) => [caseName(c), c] as const))('rejects %s', async (_name, c) => {
    await expectRejected(c);
  });

  it('accepts well-formed filters', () => {
    expectAccepted('discoverTv', {
      'air_date.gte': '2024-02-29',
      'air_date.lte': '2024-03-01',
      with_genres: '16,35',
      without_genres: '99|10764',
      with_keywords: [210024, 41645],
      include_adult: false,
      'vote_average.gte': 0,
      'vote_average.lte': 10,
      'vote_count.gte': 100,
      'vote_count.lte': 100,
      watch_region: 'US',
      with_watch_providers: '8|9',
      with_watch_monetization_types: 'flatrate|free',
      with_status: '0|3',
      with_type: '2,4',
      timezone: 'America/New_York',
      first_air_date_year: 2024,
    });
  });

  it('with_genres as an array of ids is sent as the comma (AND) form', () => {
    expect(parseParams('discoverTv', { with_genres: [16, 35] })).toEqual({ with_genres: '16,35' });
  });
});
