import { describe, expect, it } from 'vitest';
import { createApiClient, type ParamsOf, type ResponseOf } from '../../src/api/index.js';
import {
  readStored,
  readSyncMeta,
  type StoredOperation,
  type StoreParams,
  storeRequestKey,
  writeResponse,
} from '../../src/store/index.js';
import { recordTables } from '../../src/store/tables/record-tables.js';
import { createFakeService, createVirtualClock, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { countWrites, dumpDatabase, freshDatabase } from './store-fixtures.js';

const USER = 'user-scope-1';

function setup() {
  const clock = createVirtualClock();
  const fake = createFakeService({ clock, rateLimit: false, seed: 7 });
  const client = createApiClient({
    baseUrl: 'https://fake.test',
    accessToken: FAKE_ACCESS_TOKEN,
    fetch: fake.fetch,
    clock,
  });
  const db = freshDatabase();
  return { clock, fake, client, db };
}

/** What the engine does: the credentials go to the request, the store gets the params without them. */
function storeParams<O extends StoredOperation>(params: ParamsOf<O>): StoreParams<O> {
  const { session_id: _s, guest_session_id: _g, ...rest } = params as Record<string, unknown>;
  return rest as StoreParams<O>;
}

describe('every stored operation, fetched from the fake service, reads back exactly as served', () => {
  it('every stored GET operation round-trips through one store, each still as served after the others', async () => {
    const { fake, client, db } = setup();
    const { session_id, account_id } = fake.control.createSession();
    const trendingTv = await client.request('trendingTv', { time_window: 'week' });
    const trendingMovies = await client.request('trendingMovies', { time_window: 'day' });
    const people = await client.request('popularPeople', {});
    const seriesId = trendingTv.data.results[0]?.id ?? 0;
    const movieId = trendingMovies.data.results[0]?.id ?? 0;
    const personId = people.data.results[0]?.id ?? 0;
    const episodeId = fake.control.episodeId({ series_id: seriesId, season_number: 1, episode_number: 1 }) ?? 0;
    fake.control.addToWatchlist({ session_id, series_id: seriesId });
    fake.control.setAccountState({ session_id, series_id: seriesId }, { favorite: true, rated: { value: 8 } });
    const movieState = { favorite: true, watchlist: true, rated: { value: 6.5 } };
    fake.control.setAccountState({ session_id, movie_id: movieId }, movieState);

    const calls: { [O in StoredOperation]: ParamsOf<O> } = {
      trendingTv: { time_window: 'week' },
      trendingMovies: { time_window: 'day' },
      airingToday: { page: 1 },
      discoverTv: { sort_by: 'popularity.desc', page: 2 },
      tvAccountStates: { series_id: seriesId, session_id },
      seasonCredits: { series_id: seriesId, season_number: 1 },
      seasonImages: { series_id: seriesId, season_number: 1 },
      episodeAccountStates: { series_id: seriesId, season_number: 1, episode_number: 1, session_id },
      episodeChanges: { episode_id: episodeId },
      movieVideos: { movie_id: movieId },
      popularPeople: {},
      personExternalIds: { person_id: personId },
      personTaggedImages: { person_id: personId },
      personTranslations: { person_id: personId },
      accountTvWatchlist: { account_id, session_id },
      accountTvFavorites: { account_id, session_id },
      accountTvRated: { account_id, session_id, sort_by: 'created_at.desc' },
      accountMovieWatchlist: { account_id, session_id },
      accountMovieFavorites: { account_id, session_id },
      accountMovieRated: { account_id, session_id },
      configuration: {},
      seasonDetails: { series_id: seriesId, season_number: 1 },
      listDetails: { list_id: fake.control.createList({ session_id, items: [movieId] }).list_id },
      searchMulti: { query: firstWord(trendingTv.data.results[0]?.name) },
      searchTv: { query: firstWord(trendingTv.data.results[0]?.name) },
      searchMovies: { query: firstWord(trendingMovies.data.results[0]?.title) },
      searchPeople: { query: firstWord(people.data.results[0]?.name) },
      movieDetails: { movie_id: movieId },
      tvSeriesDetails: { series_id: seriesId },
      personDetails: { person_id: personId },
    };
    const served = new Map<StoredOperation, unknown>();
    for (const operation of Object.keys(calls) as StoredOperation[]) {
      const params = calls[operation] as ParamsOf<typeof operation>;
      const response = await client.request(operation, params);
      const scoped = 'session_id' in params ? USER : undefined;
      const result = await writeResponse(db, {
        operation,
        params: storeParams(params),
        userScope: scoped,
        response,
        expiresAt: 1,
        now: 0,
      });
      expect(result.outcome, operation).toBe('stored');
      served.set(operation, response.data);
      expect(await readStored(db, operation, storeParams(params), scoped), operation).toStrictEqual(response.data);
    }
    // The responses carry real content (the comparison above is not between empty shells).
    expect((served.get('personTaggedImages') as ResponseOf<'personTaggedImages'>).results.length).toBeGreaterThan(0);
    expect((served.get('accountTvWatchlist') as ResponseOf<'accountTvWatchlist'>).results.map((s) => s.id)).toContain(
      seriesId,
    );
    expect(served.get('tvAccountStates')).toMatchObject({ favorite: true, rated: { value: 8 } });
    expect((served.get('accountTvRated') as ResponseOf<'accountTvRated'>).results).toEqual([
      expect.objectContaining({ id: seriesId, rating: 8 }),
    ]);
    expect((served.get('accountMovieRated') as ResponseOf<'accountMovieRated'>).results).toEqual([
      expect.objectContaining({ id: movieId, rating: 6.5 }),
    ]);
    expect((served.get('accountMovieFavorites') as ResponseOf<'accountMovieFavorites'>).results[0]?.id).toBe(movieId);
    expect((served.get('popularPeople') as ResponseOf<'popularPeople'>).results[0]?.known_for.length).toBeGreaterThan(
      0,
    );
    expect((served.get('seasonCredits') as ResponseOf<'seasonCredits'>).cast.length).toBeGreaterThan(0);
    // Lists and records share rows (a trending series is also on discover, in a watchlist, in known_for):
    // after every write, each response still reads back as served.
    for (const operation of Object.keys(calls) as StoredOperation[]) {
      const params = calls[operation] as ParamsOf<typeof operation>;
      const scoped = 'session_id' in params ? USER : undefined;
      expect(await readStored(db, operation, storeParams(params), scoped), operation).toStrictEqual(
        served.get(operation),
      );
    }
    expect(JSON.stringify(await dumpDatabase(db))).not.toContain(session_id);
    // The no-read fast path is safe only if no mapping writes a field its table does not declare.
    for (const table of ['movies', 'tvSeries', 'people', 'episodes'] as const) {
      const fields = new Set(recordTables[table].fields?.() ?? []);
      expect(await db.table(table).count(), table).toBeGreaterThan(0);
      for (const row of await db.table(table).toArray()) {
        expect(
          Object.keys(row).filter((key) => !fields.has(key)),
          `${table} ${row.id}`,
        ).toEqual([]);
      }
    }
  });

  it('airing today and discover pages that share series each read back as served', async () => {
    const { client, db } = setup();
    const airing = await client.request('airingToday', {});
    const ids = new Set(airing.data.results.map((series) => series.id));
    let discover: ResponseOf<'discoverTv'> | undefined;
    let page = 1;
    for (; page <= 20 && !discover; page++) {
      const candidate = await client.request('discoverTv', { page });
      if (candidate.data.results.some((series) => ids.has(series.id))) discover = candidate.data;
    }
    expect(discover, 'some discover page shares a series with airing today').toBeDefined();
    const at = { expiresAt: 1, now: 0 };
    await writeResponse(db, { operation: 'airingToday', params: {}, response: airing, ...at });
    await writeResponse(db, {
      operation: 'discoverTv',
      params: { page: page - 1 },
      response: { ...airing, data: discover as ResponseOf<'discoverTv'> },
      ...at,
    });
    expect(await readStored(db, 'airingToday', {})).toStrictEqual(airing.data);
    expect(await readStored(db, 'discoverTv', { page: page - 1 })).toStrictEqual(discover);
  });
});

describe('conditional revalidation against the fake service', () => {
  it('If-None-Match → 304 writes freshness only; a changed list after a reshuffle is written', async () => {
    const { fake, client, db } = setup();
    const writes = countWrites(db);
    const params = { time_window: 'day' as const };
    const first = await client.request('trendingTv', params);
    expect(first.etag).toMatch(/^W\//);
    await writeResponse(db, { operation: 'trendingTv', params, response: first, expiresAt: 10, now: 0 });
    const key = storeRequestKey('trendingTv', params);
    const etag = (await readSyncMeta(db, key))?.etag;
    expect(etag).toBe(first.etag);

    writes.reset();
    const again = await client.request('trendingTv', params, { ifNoneMatch: etag as string });
    expect(again.status).toBe(304);
    expect(
      await writeResponse(db, { operation: 'trendingTv', params, response: again, expiresAt: 20, now: 5 }),
    ).toMatchObject({
      outcome: 'not-modified',
      reason: 'status-304',
    });
    // The same body fetched unconditionally: equal ETag, so also nothing but freshness.
    const unconditional = await client.request('trendingTv', params);
    expect(
      await writeResponse(db, { operation: 'trendingTv', params, response: unconditional, expiresAt: 30, now: 6 }),
    ).toMatchObject({
      outcome: 'not-modified',
      reason: 'same-etag',
    });
    expect(writes.rows).toEqual({ syncMeta: 2 });
    expect(await readSyncMeta(db, key)).toMatchObject({ etag, fetchedAt: 6, expiresAt: 30 });

    fake.control.reshuffleTrending();
    const changed = await client.request('trendingTv', params, { ifNoneMatch: etag as string });
    expect(changed.status).toBe(200);
    writes.reset();
    await writeResponse(db, { operation: 'trendingTv', params, response: changed, expiresAt: 40, now: 7 });
    expect(writes.rows).toMatchObject({ listPages: 1, syncMeta: 1 });
    expect(await readStored(db, 'trendingTv', params)).toStrictEqual(changed.data);
  });
});

/** A name's first word: a search for it finds the record (and others sharing the word). */
function firstWord(name: string | undefined): string {
  const word = name?.split(' ')[0];
  if (!word) throw new Error('the fake served a record without a name');
  return word;
}
