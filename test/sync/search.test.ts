/**
 * The service's search (`searchMulti`, `searchTv`, `searchMovies`, `searchPeople`), end to end: a bad query is
 * refused before anything is sent; the fake answers like the service (word prefixes, case and accents aside, adult
 * titles only when asked, 20 a page, the page limit); the library stores each answer as served, a mixed search's
 * movies, series and people each in their table even when two share an id, and an offline repeat of a query shows
 * its stored pages.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ResponseOf } from '../../src/api/index.js';
import { isInvalidParamsError } from '../../src/index.js';
import { readStored, writeResponse } from '../../src/store/index.js';
import { searchWords } from '../../src/testing/data/search-index.js';
import { createFakeService, createVirtualClock, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { until } from '../query/view-helpers.js';
import { freshDatabase } from '../store/store-fixtures.js';

let world: CatalogueWorld | undefined;

afterEach(async () => {
  await world?.closeAll();
  world = undefined;
});

function fake() {
  const clock = createVirtualClock();
  const service = createFakeService({ clock, rateLimit: false, seed: 7, scale: 'small' });
  const client = createApiClient({
    baseUrl: 'https://fake.test',
    accessToken: FAKE_ACCESS_TOKEN,
    fetch: service.fetch,
  });
  return { service, client };
}

/** Every name of the fake's series, as trending and discover list them. */
async function seriesNames(client: ReturnType<typeof fake>['client']): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; page <= 20; page++) {
    const { data } = await client.request('discoverTv', { page, include_adult: true });
    names.push(...data.results.map((series) => series.name));
    if (page >= data.total_pages) break;
  }
  return names;
}

describe('search: parameters', () => {
  it('refuses a blank, missing or over-long query and a page past 500 before any request is sent', async () => {
    world = catalogueWorld();
    const catalogue = world.open();
    const before = world.service.log.count();
    for (const params of [{ query: '' }, { query: '   ' }, { query: 'x'.repeat(201) }, { query: 'a', page: 501 }, {}]) {
      let error: unknown;
      try {
        await catalogue.sync.pull('searchMulti', params as never);
      } catch (caught) {
        error = caught;
      }
      expect(isInvalidParamsError(error), JSON.stringify(params)).toBe(true);
    }
    expect(world.service.log.count()).toBe(before);
  });
});

describe('search: the fake answers like the service', () => {
  it('finds every series whose name has a word starting with the query, case and accents aside', async () => {
    const { client } = fake();
    const names = await seriesNames(client);
    const word = searchWords(names[0] as string)[0] as string;
    const query = `${word.slice(0, 3).toUpperCase()}`;
    const expected = names.filter((name) => searchWords(name).some((w) => w.startsWith(query.toLowerCase())));
    const found: string[] = [];
    for (let page = 1; ; page++) {
      const { data } = await client.request('searchTv', { query, page, include_adult: true });
      expect(data.results.length).toBeLessThanOrEqual(20);
      expect(data.total_results).toBeGreaterThanOrEqual(expected.length);
      found.push(...data.results.map((series) => series.name));
      if (page >= data.total_pages) break;
    }
    // Every listed series with the word is found (names in another script match through their original name too).
    for (const name of expected) expect(found).toContain(name);
    // An accent or a capital changes nothing.
    const accented = `${word.charAt(0).toUpperCase()}\u0301${word.slice(1)}`;
    const plain = await client.request('searchTv', { query: word, include_adult: true });
    const marked = await client.request('searchTv', { query: accented, include_adult: true });
    expect(marked.data).toStrictEqual(plain.data);
  });

  it('needs every word of the query, leaves adult titles out unless asked, and pages consistently', async () => {
    const { client } = fake();
    const names = await seriesNames(client);
    const twoWords = names.find((name) => searchWords(name).length >= 2) as string;
    const [first, second] = searchWords(twoWords) as [string, string];
    const both = await client.request('searchTv', { query: `${first} ${second}` });
    for (const series of both.data.results) {
      const words = [...searchWords(series.name), ...searchWords(series.original_name)];
      expect(words.some((w) => w.startsWith(first)) && words.some((w) => w.startsWith(second))).toBe(true);
      expect(series.adult).toBe(false);
    }
    const all = await client.request('searchMulti', { query: first, include_adult: true });
    const safe = await client.request('searchMulti', { query: first });
    expect(safe.data.total_results).toBeLessThanOrEqual(all.data.total_results);
    expect(safe.data.total_pages).toBe(Math.ceil(safe.data.total_results / 20));
    // Most popular first, each kind told by its media_type.
    const popularity = safe.data.results.map((item) => item.popularity);
    expect(popularity).toStrictEqual([...popularity].sort((a, b) => b - a));
    expect(new Set(safe.data.results.map((item) => item.media_type)).size).toBeGreaterThan(0);
  });

  it('answers a query matching nothing with an empty page, and a page past 500 with the service error', async () => {
    const { service } = fake();
    const headers = { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` };
    const none = await service.fetch(new Request('https://fake.test/3/search/movie?query=zzzqqqxxx', { headers }));
    expect(await none.json()).toStrictEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });
    const blank = await service.fetch(new Request('https://fake.test/3/search/person?query=', { headers }));
    expect(((await blank.json()) as { results: unknown[] }).results).toStrictEqual([]);
    const tooFar = await service.fetch(new Request('https://fake.test/3/search/tv?query=a&page=501', { headers }));
    expect(tooFar.status).toBe(422);
  });
});

describe('search: stored as served', () => {
  it('a mixed search whose movie and series share an id keeps each in its table and reads back as served', async () => {
    const db = freshDatabase();
    const { client } = fake();
    const movie = (await client.request('trendingMovies', { time_window: 'day' })).data.results[0];
    const series = (await client.request('trendingTv', { time_window: 'day' })).data.results[0];
    const person = (await client.request('popularPeople', {})).data.results[0];
    if (!movie || !series || !person) throw new Error('the fake served empty lists');
    const { media_type: _m, ...movieItem } = movie;
    const { media_type: _t, ...seriesItem } = series;
    const shared = 4242;
    const data: ResponseOf<'searchMulti'> = {
      page: 1,
      results: [
        { ...seriesItem, id: shared, media_type: 'tv' },
        { ...person, media_type: 'person' },
        { ...movieItem, id: shared, media_type: 'movie' },
      ],
      total_pages: 1,
      total_results: 3,
    };
    const params = { query: 'shared' };
    const result = await writeResponse(db, {
      operation: 'searchMulti',
      params,
      userScope: undefined,
      response: { data, status: 200, headers: new Headers() } as never,
      expiresAt: 1,
      now: 0,
    });
    expect(result.outcome).toBe('stored');
    expect(await readStored(db, 'searchMulti', params, undefined)).toStrictEqual(data);
    expect(await db.table('movies').get(shared)).toMatchObject({ title: movie.title });
    expect(await db.table('tvSeries').get(shared)).toMatchObject({ name: series.name });
  });

  it('a query asked online shows its stored pages offline, and the titles found feed the local search', async () => {
    world = catalogueWorld();
    const catalogue = world.open();
    const word = searchWords(
      (
        world.service.control.groundTruth('trendingTv', { time_window: 'day' } as never) as {
          results: { name: string }[];
        }
      ).results[0]?.name as string,
    )[0] as string;
    const online = catalogue.pages('searchMulti', { query: word });
    const seen = online.subscribe(() => {});
    const first = await until(world.clock, online, (snapshot) => snapshot.status === 'fresh');
    expect(first.data?.results.length).toBeGreaterThan(0);
    seen();
    await world.settle(1_000);
    const sent = world.service.log.count({ operation: 'searchMulti' });

    world.connectivity.setOnline(false);
    const again = catalogue.pages('searchMulti', { query: word });
    const stop = again.subscribe(() => {});
    const stored = await until(world.clock, again, (snapshot) => snapshot.data !== undefined);
    expect(stored.data).toStrictEqual(first.data);
    expect(world.service.log.count({ operation: 'searchMulti' })).toBe(sent);
    stop();
  });
});
