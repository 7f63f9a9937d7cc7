import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { discoverTvSortBy } from '../../src/api/schemas/params.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { foldText } from '../../src/query/fold-text.js';
import type { CatalogueParams } from '../../src/sync/prepare-call.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { record, renaming, settle, until } from './view-helpers.js';

type Filters = CatalogueParams<'discoverTv'>;
const GENRES = [10759, 16, 35, 80, 99, 18, 10751, 10762, 9648, 10763, 10764, 10765, 10766, 10767, 10768, 37];
const SORTS = discoverTvSortBy.options;

const date = fc
  .date({ min: new Date(Date.UTC(1950, 0, 1)), max: new Date(Date.UTC(2026, 9, 1)), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const ordered = <T>(arb: fc.Arbitrary<T>) => fc.tuple(arb, arb).map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [T, T]);
// Each filter is left out three times in four, so that many combinations still match some series.
const optional = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> =>
  fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });

/** Random discover filters within what the service accepts (ranges ordered, ids joined one way). */
const filtersArb: fc.Arbitrary<Filters> = fc
  .record({
    sort_by: fc.constantFrom(...SORTS),
    genres: optional(fc.tuple(fc.subarray(GENRES, { minLength: 1, maxLength: 3 }), fc.constantFrom(',', '|'))),
    without: optional(fc.subarray(GENRES, { minLength: 1, maxLength: 2 })),
    average: optional(ordered(fc.integer({ min: 0, max: 100 }).map((n) => n / 10))),
    averageSide: fc.constantFrom('gte', 'lte', 'both'),
    votes: optional(ordered(fc.integer({ min: 0, max: 20_000 }))),
    year: optional(fc.integer({ min: 1950, max: 2026 })),
    dates: optional(ordered(date)),
    dateSide: fc.constantFrom('gte', 'lte', 'both'),
    language: optional(fc.constantFrom('en', 'ja', 'ko', 'fr', 'es', 'de', 'zz')),
    include_adult: fc.boolean(),
    include_null_first_air_dates: fc.boolean(),
    page: fc.oneof({ arbitrary: fc.constant(1), weight: 3 }, { arbitrary: fc.integer({ min: 2, max: 4 }), weight: 1 }),
  })
  .map((r) => {
    const f: Record<string, unknown> = { sort_by: r.sort_by, page: r.page };
    if (r.genres) f.with_genres = r.genres[0].join(r.genres[1]);
    if (r.without) f.without_genres = r.without.join(',');
    if (r.average && r.averageSide !== 'lte') f['vote_average.gte'] = r.average[0];
    if (r.average && r.averageSide !== 'gte') f['vote_average.lte'] = r.average[1];
    if (r.votes) [f['vote_count.gte'], f['vote_count.lte']] = r.votes;
    if (r.year !== undefined) f.first_air_date_year = r.year;
    if (r.dates && r.dateSide !== 'lte') f['first_air_date.gte'] = r.dates[0];
    if (r.dates && r.dateSide !== 'gte') f['first_air_date.lte'] = r.dates[1];
    if (r.language) f.with_original_language = r.language;
    if (r.include_adult) f.include_adult = true;
    if (r.include_null_first_air_dates) f.include_null_first_air_dates = true;
    return f as Filters;
  });

describe('local.discoverTv over a fully cached small catalogue', () => {
  let fixture: OneCatalogue;
  beforeAll(async () => {
    fixture = oneCatalogue();
    const everything = { include_adult: true, include_null_first_air_dates: true } as const;
    await fixture.clock.runUntil(fixture.catalogue.sync.pullList('discoverTv', everything, { pages: 'all' }));
  });
  afterAll(() => fixture.catalogue.close());

  it('holds every series of the service', async () => {
    expect(await databaseOf(fixture.catalogue).tvSeries.count()).toBe(fixture.service.control.allSeries().length);
  });

  it('answers exactly what the service answers, for 60 random filter combinations (fast-check, seeded)', async () => {
    const { catalogue, clock, service, urls } = fixture;
    const sent = urls.length;
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(filtersArb, async (filters) => {
        const view = catalogue.local.discoverTv(filters);
        const rec = record(view);
        const { data } = await until(clock, view, (s) => s.status === 'fresh');
        rec.stop();
        const truth = endpoints.discoverTv.response.parse(service.control.groundTruth('discoverTv', { ...filters }));
        expect(data).toEqual(truth);
        if (truth.results.length > 0) nonEmpty += 1;
      }),
      { seed: 20261122, numRuns: 60 },
    );
    // The property is only worth something if many combinations matched series; and none used the network.
    expect(nonEmpty).toBeGreaterThanOrEqual(20);
    expect(urls.length).toBe(sent);
  });

  it('sorts by every sort_by with ids ascending on ties and missing dates last', async () => {
    const { catalogue, clock, service } = fixture;
    for (const sort_by of SORTS) {
      const filters = { sort_by, include_adult: true, include_null_first_air_dates: true, page: 20 } as const;
      const view = catalogue.local.discoverTv(filters);
      const rec = record(view);
      const { data } = await until(clock, view, (s) => s.status === 'fresh');
      rec.stop();
      expect(data).toEqual(endpoints.discoverTv.response.parse(service.control.groundTruth('discoverTv', filters)));
    }
  });

  it('validates filters like the service (InvalidParamsError at once)', () => {
    expect(() => fixture.catalogue.local.discoverTv({ sort_by: 'nope' as never })).toThrow(/sort_by/);
    expect(() => fixture.catalogue.local.discoverTv({ 'vote_average.gte': 8, 'vote_average.lte': 2 })).toThrow(
      /vote_average/,
    );
  });
});

describe('local views stay live', () => {
  it('local.discoverTv re-emits when more series are cached, and not on writes that change nothing it shows', async () => {
    const fixture = oneCatalogue();
    const { catalogue, clock } = fixture;
    await clock.runUntil(catalogue.sync.pull('discoverTv', { sort_by: 'vote_average.desc' }));
    const view = catalogue.local.discoverTv({ sort_by: 'vote_average.desc' });
    const rec = record(view);
    const first = await until(clock, view, (s) => s.status === 'fresh');
    expect(first.data?.total_results).toBe(20);
    await clock.runUntil(catalogue.sync.pull('discoverTv', { sort_by: 'vote_average.desc', page: 2 }));
    const more = await until(clock, view, (s) => (s.data?.total_results ?? 0) > 20);
    expect(more.data?.total_results).toBe(40);
    const emissions = rec.emissions;
    await clock.runUntil(catalogue.sync.pull('discoverTv', { sort_by: 'vote_average.desc', page: 2 }, { force: true }));
    await settle(clock, 20);
    expect(rec.emissions).toBe(emissions);
    rec.stop();
    await catalogue.close();
  });

  it('local.search matches cached titles and names ignoring case and accents, most popular first', async () => {
    const target = { id: undefined as number | undefined, name: 'Crème Brûlée Nights', marker: 'sort_by=name.asc' };
    const fixture = oneCatalogue({ catalogue: { wrapFetch: renaming(target) } });
    const { catalogue, clock, service } = fixture;
    target.id = endpoints.discoverTv.response.parse(
      service.control.groundTruth('discoverTv', { sort_by: 'name.asc' }),
    ).results[4]?.id;
    await clock.runUntil(catalogue.sync.pull('discoverTv', { sort_by: 'name.asc' }));
    await clock.runUntil(catalogue.sync.pull('trendingMovies', { time_window: 'day' }));
    await clock.runUntil(catalogue.sync.pull('popularPeople', {}));
    expect(foldText('Crème BRÛLÉE')).toBe('creme brulee');

    const view = catalogue.local.search('CREME brulee');
    const rec = record(view);
    const found = await until(clock, view, (s) => s.status === 'fresh');
    expect(found.data?.results.map((r) => [r.media_type, r.id])).toEqual([['tv', target.id]]);

    const movie = (await catalogue.read('trendingMovies', { time_window: 'day' }))?.results[0];
    const word = (movie?.title ?? '').split(' ')[0]?.toLowerCase() as string;
    const byWord = catalogue.local.search(word);
    const rec2 = record(byWord);
    const words = await until(clock, byWord, (s) => s.status === 'fresh');
    const results = words.data?.results ?? [];
    expect(results.some((r) => r.media_type === 'movie' && r.id === movie?.id)).toBe(true);
    for (const r of results) {
      const names = [r.name, r.original_name, r.title, r.original_title].filter((n) => typeof n === 'string');
      expect(names.some((n) => foldText(n as string).includes(foldText(word)))).toBe(true);
    }
    const popularity = results.map((r) => r.popularity as number);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(catalogue.local.search('   ').getSnapshot().data).toBeUndefined();
    rec.stop();
    rec2.stop();
    await catalogue.close();
  });
});
