import { describe, expect, it } from 'vitest';
import { discoverTvSortBy } from '../../src/api/schemas/params.js';
import { type Harness, harness, type Json } from './helpers.js';

type Params = Record<string, string>;

const SORTS = discoverTvSortBy.options;

/** Discover over the generated records, written independently of the fake's typed columns. */
function bruteForce(all: Json[], params: Params): number[] {
  const genres = params.with_genres;
  const matches = all.filter((s) => {
    const date = s.first_air_date as string;
    const ids = s.genre_ids as number[];
    if (params.include_adult !== 'true' && s.adult) return false;
    if (date === '' && params.include_null_first_air_dates !== 'true') return false;
    if (genres?.includes('|') && !genres.split('|').some((g) => ids.includes(Number(g)))) return false;
    if (genres && !genres.includes('|') && !genres.split(',').every((g) => ids.includes(Number(g)))) return false;
    const num = (key: string) => (params[key] === undefined ? undefined : Number(params[key]));
    if (num('vote_average.gte') !== undefined && (s.vote_average as number) < (num('vote_average.gte') as number))
      return false;
    if (num('vote_average.lte') !== undefined && (s.vote_average as number) > (num('vote_average.lte') as number))
      return false;
    if (num('vote_count.gte') !== undefined && (s.vote_count as number) < (num('vote_count.gte') as number))
      return false;
    const dated = params.first_air_date_year ?? params['first_air_date.gte'] ?? params['first_air_date.lte'];
    if (dated !== undefined && date === '') return false;
    if (params.first_air_date_year && date.slice(0, 4) !== params.first_air_date_year) return false;
    if (params['first_air_date.gte'] && date < params['first_air_date.gte']) return false;
    if (params['first_air_date.lte'] && date > params['first_air_date.lte']) return false;
    if (params.with_original_language && s.original_language !== params.with_original_language) return false;
    return true;
  });
  const [field, direction] = (params.sort_by ?? 'popularity.desc').split('.') as [string, string];
  const sign = direction === 'asc' ? 1 : -1;
  matches.sort((a, b) => {
    const x = a[field] as string | number;
    const y = b[field] as string | number;
    if (field === 'first_air_date' && (x === '' || y === '')) {
      if (x !== y) return x === '' ? 1 : -1;
    } else if (x !== y) {
      return sign * (x < y ? -1 : 1);
    }
    return (a.id as number) - (b.id as number);
  });
  return matches.map((s) => s.id as number);
}

async function served(h: Harness, params: Params): Promise<{ ids: number[]; total: number }> {
  const ids: number[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ ...params, page: String(page) });
    const body = await h.json<{ results: Json[]; total_results: number; total_pages: number; page: number }>(
      `/3/discover/tv?${query}`,
    );
    expect(body.page).toBe(page);
    expect(body.results.length).toBeLessThanOrEqual(20);
    for (const r of body.results) expect(r).not.toHaveProperty('media_type');
    ids.push(...body.results.map((r) => r.id as number));
    total = body.total_results;
    expect(body.total_pages).toBe(Math.ceil(total / 20));
    if (page >= body.total_pages) break;
  }
  return { ids, total };
}

describe('discover/tv against a brute-force filter over the generated data', () => {
  const h = harness();
  const all = h.service.control.allSeries();

  it('has data that exercises the filters (adult, dateless, several languages)', () => {
    expect(all.length).toBe(400);
    expect(all.some((s) => s.adult)).toBe(true);
    expect(all.some((s) => s.first_air_date === '')).toBe(true);
    expect(new Set(all.map((s) => s.original_language)).size).toBeGreaterThan(5);
  });

  for (const sort_by of SORTS) {
    it(`sorts by ${sort_by}, then id ascending`, async () => {
      const params = { sort_by, include_null_first_air_dates: 'true' };
      const { ids, total } = await served(h, params);
      expect(ids).toEqual(bruteForce(all, params));
      expect(total).toBe(ids.length);
    });
  }

  const cases: Params[] = [
    {},
    { with_genres: '18,35' },
    { with_genres: '18|35|10765' },
    { 'vote_average.gte': '6.5', 'vote_average.lte': '8' },
    { 'vote_count.gte': '500', sort_by: 'vote_count.desc' },
    { first_air_date_year: '2019' },
    { 'first_air_date.gte': '2010-01-01', 'first_air_date.lte': '2015-12-31', sort_by: 'first_air_date.asc' },
    { with_original_language: 'ja' },
    { include_adult: 'true' },
    { include_adult: 'true', include_null_first_air_dates: 'true', sort_by: 'name.desc' },
    { with_genres: '18', 'vote_average.gte': '5', with_original_language: 'en', sort_by: 'vote_average.desc' },
    { with_networks: '213', with_keywords: '9715', watch_region: 'US', with_watch_providers: '8|119' },
  ];
  for (const params of cases) {
    it(`filters ${JSON.stringify(params)}`, async () => {
      const { ids, total } = await served(h, params);
      const expected = bruteForce(all, params);
      // Every case selects something, and the filtered ones not everything: the comparison can fail.
      expect(expected.length).toBeGreaterThan(0);
      const narrowing = ['with_genres', 'vote_', 'first_air_date', 'with_original_language'];
      if (Object.keys(params).some((k) => narrowing.some((n) => k.startsWith(n)))) {
        expect(expected.length).toBeLessThan(all.length - 20);
      }
      expect(ids).toEqual(expected);
      expect(total).toBe(expected.length);
    });
  }

  it('answers an empty page past the end with the real totals', async () => {
    const body = await h.json<{ results: Json[]; total_results: number }>('/3/discover/tv?page=400');
    expect(body.results).toEqual([]);
    expect(body.total_results).toBe(bruteForce(all, {}).length);
  });

  it('refuses an unknown sort_by with the errors shape', async () => {
    const response = await h.get('/3/discover/tv?sort_by=title.asc');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { errors: string[] }).errors[0]).toMatch(/^sort_by/);
  });
});
