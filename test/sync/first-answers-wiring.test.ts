import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import { clearDatabase } from '../../src/store/eviction/clear-database.js';
import { createFirstAnswers } from '../../src/store/first-answers/create-first-answers.js';
import type { FirstAnswers } from '../../src/store/first-answers/first-answers.js';
import { openFirstAnswersDb, readFirstAnswer } from '../../src/store/first-answers/first-answers-db.js';
import { browseUnitsByAge, evictBrowseData, readStoredWithMeta, sweepStore } from '../../src/store/index.js';
import type { StoredOperation } from '../../src/store/mappings/store-mappings.js';
import { applyEpisodeChanges } from '../../src/sync/changes/apply-episode-changes.js';
import { feedStore } from '../../src/sync/changes/feed-store.js';
import { prepareCall } from '../../src/sync/prepare-call.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { wrapTransactions } from '../support/wrap-transactions.js';

const open = closedAfterEach();
const DAY = { time_window: 'day' } as const;

/** A catalogue whose fake IndexedDB the test holds too (to read the first answers as a page would). */
async function start(options: Parameters<typeof open>[0] = {}) {
  const factory = new IDBFactory();
  const fixture = open({
    ...options,
    catalogue: { indexedDB: { indexedDB: factory, IDBKeyRange }, ...options.catalogue },
  });
  // The core, whose database the tests read and whose writes they count, arrives after the first answers are read.
  await fixture.catalogue.auth.ready();
  const db = databaseOf(fixture.catalogue);
  let page: Promise<IDBDatabase | undefined> | undefined;
  return {
    ...fixture,
    factory,
    db,
    /** The first answer a page would read for `key` (on a connection of its own). */
    async firstAnswer(key: string) {
      page ??= openFirstAnswersDb(factory, db.name);
      return readFirstAnswer((await page) as IDBDatabase, key);
    },
    /**
     * What a view does: mark, read the store fresh, put the answer under its request key with the refs it was
     * read from. `params` as a catalogue call takes them (the call is keyed as the engine keys it).
     */
    async storeAnswer(operation: StoredOperation, params: Record<string, unknown>, answers?: FirstAnswers) {
      const first = answers ?? db.firstAnswers;
      const call = prepareCall(operation, params as never, { language: 'en-US', user: undefined });
      await first.settled();
      const mark = await first.mark();
      const read = await readStoredWithMeta(db, operation, call.storeParams as never, undefined, call.requestKey);
      expect(mark).toBeDefined();
      expect(read.entry, operation).toBeDefined();
      const row = { data: read.entry?.data, updatedAt: read.meta?.fetchedAt, expiresAt: read.meta?.expiresAt };
      expect(await first.put(mark as never, call.requestKey, row, read.entry?.refs ?? [])).toBe(true);
      expect(await this.firstAnswer(call.requestKey)).toBeDefined();
      return { key: call.requestKey, refs: read.entry?.refs ?? [] };
    },
  };
}

/** Records every guard's deps on the way through (the instance itself keeps working). */
function recordGuards(answers: FirstAnswers): (readonly string[] | 'all')[] {
  const calls: (readonly string[] | 'all')[] = [];
  const guard = answers.guard.bind(answers);
  answers.guard = (deps, write) => {
    calls.push(deps);
    return guard(deps, write);
  };
  return calls;
}

function groundIds(
  catalogue: Awaited<ReturnType<typeof start>>,
  operation: string,
  params: Record<string, unknown>,
): number[] {
  const truth = catalogue.service.control.groundTruth(operation as never, params as never) as {
    results: { id: number }[];
  };
  return truth.results.map((item) => item.id);
}

/** Serves `/3/discover/tv` pages of 20 series each: page p holds ids 100_000 + 20(p-1) … (`extra` first, if any). */
function discoverPages(extra: () => Record<string, unknown>[] = () => []): (fetch: FetchLike) => FetchLike {
  return (fetch) => async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/3/discover/tv') return fetch(input, init);
    const page = Number(url.searchParams.get('page') ?? '1');
    const ids = Array.from({ length: 20 }, (_, i) => 100_000 + (page - 1) * 20 + i);
    const results = [...(page === 1 ? extra() : []), ...ids.map((id) => series(id))].slice(0, 20);
    const body = { page, results, total_pages: 12, total_results: 240 };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

function series(id: number, name = `Series ${id}`) {
  return {
    adult: false,
    backdrop_path: null,
    first_air_date: '2020-01-01',
    genre_ids: [18],
    id,
    name,
    origin_country: ['US'],
    original_language: 'en',
    original_name: name,
    overview: '',
    popularity: 1,
    poster_path: null,
    vote_average: 7,
    vote_count: 100,
  };
}

/** Timers that fire only when the test says: a session then spans exactly what the test lets it. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  return {
    setTimeout: (fn: () => void) => {
      pending.set(next, fn);
      return next++;
    },
    clearTimeout: (handle: unknown) => {
      pending.delete(handle as number);
    },
    fire() {
      const due = [...pending.values()];
      pending.clear();
      for (const fn of due) fn();
    },
  };
}

/** Counts the readwrite and readonly transactions of the connections `factory` opens. */
function countingFactory(factory: IDBFactory) {
  const counts = { readonly: 0, readwrite: 0 };
  const wrapped = wrapTransactions(factory, (open, mode) => {
    counts[mode === 'readwrite' ? 'readwrite' : 'readonly'] += 1;
    return open();
  });
  return { factory: wrapped, counts };
}

/** Gives the catalogue's database an instance of the test's (on its timers and counted factory). */
function replaceFirstAnswers(fixture: Awaited<ReturnType<typeof start>>) {
  const timers = manualTimers();
  const { factory, counts } = countingFactory(fixture.factory);
  const answers = createFirstAnswers({ indexedDB: factory, dbName: fixture.db.name, now: fixture.clock.now, timers });
  // The member is set once by `openCatalogueDatabase`; a test may swap it before any write of its own.
  Object.defineProperty(fixture.db, 'firstAnswers', { value: answers });
  return { answers, timers, counts };
}

describe('first answers: every write path keeps them exact', () => {
  it("a pull that rewrites the answer's page deletes it; a pull of an unrelated list leaves it", async () => {
    const fixture = await start();
    const { catalogue, clock, db } = fixture;
    const invalidated: (readonly string[] | 'all')[] = [];
    db.firstAnswers.onInvalidated((keys) => invalidated.push(keys));
    await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
    await clock.runUntil(catalogue.sync.pull('trendingMovies', DAY));
    const tv = await fixture.storeAnswer('trendingTv', DAY);
    const movies = await fixture.storeAnswer('trendingMovies', DAY);
    expect(tv.refs).toContain(`syncMeta/${JSON.stringify(tv.key)}`);

    // The movies again (a 304 or a 200 alike): the TV answer is not theirs.
    await clock.runUntil(catalogue.sync.pull('trendingMovies', DAY));
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(tv.key)).toBeDefined();
    expect(await fixture.firstAnswer(movies.key)).toBeUndefined();

    await clock.runUntil(catalogue.sync.pull('trendingTv', DAY, { force: true }));
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(tv.key)).toBeUndefined();
    expect(invalidated).toEqual([[movies.key], [tv.key]]);
  });

  it('a revalidation that only confirms freshness (304) deletes the answer: its freshness changed', async () => {
    const fixture = await start();
    const { catalogue, clock, db } = fixture;
    const first = await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
    expect(first.outcome).toBe('stored');
    const tv = await fixture.storeAnswer('trendingTv', DAY);
    const again = await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
    expect(again.outcome).toBe('not-modified');
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(tv.key)).toBeUndefined();
  });

  it('a pull of another list that rewrites one record of the page deletes the answer', async () => {
    let shared: Record<string, unknown>[] = [];
    const fixture = await start({ catalogue: { wrapFetch: discoverPages(() => shared) } });
    const { catalogue, clock, db } = fixture;
    await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
    const tv = await fixture.storeAnswer('trendingTv', DAY);
    const [id] = groundIds(fixture, 'trendingTv', DAY);
    shared = [series(id as number, 'Renamed by discover')];
    await clock.runUntil(catalogue.sync.pull('discoverTv', {}));
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(tv.key)).toBeUndefined();
    // What the main database gives now is the renamed record: the answer it would have replaced was wrong.
    const read = await readStoredWithMeta(db, 'trendingTv', { language: 'en-US', ...DAY });
    expect(read.entry?.data.results.find((item) => item.id === id)?.name).toBe('Renamed by discover');
  });

  it("every write's deps name every row a read of its answer depends on", async () => {
    const fixture = await start();
    const { catalogue, clock, db } = fixture;
    const [seriesId] = groundIds(fixture, 'trendingTv', DAY);
    const [movieId] = groundIds(fixture, 'trendingMovies', DAY);
    const [personId] = groundIds(fixture, 'popularPeople', {});
    const calls: [StoredOperation, Record<string, unknown>][] = [
      ['trendingTv', DAY],
      ['popularPeople', {}],
      ['seasonDetails', { series_id: seriesId, season_number: 1 }],
      ['seasonCredits', { series_id: seriesId, season_number: 1 }],
      ['movieDetails', { movie_id: movieId }],
      ['personTaggedImages', { person_id: personId }],
    ];
    const guards = recordGuards(db.firstAnswers);
    for (const [operation, params] of calls) {
      await clock.runUntil(catalogue.sync.pull(operation as never, params as never));
      const written = guards.at(-1);
      const { refs } = await fixture.storeAnswer(operation, params);
      expect(written, operation).not.toBe('all');
      expect(refs.length, operation).toBeGreaterThan(1);
      expect(
        refs.filter((ref) => !(written as readonly string[]).includes(ref)),
        operation,
      ).toEqual([]);
    }
  });

  it('works with a storage budget (the accounted write runs in a transaction of its own)', async () => {
    const fixture = await start({ catalogue: { maxBytes: 50_000_000 } });
    const { catalogue, clock, db } = fixture;
    // Both writes are accounted: the first stores, the second finds the same ETag (freshness only).
    expect((await clock.runUntil(catalogue.sync.pull('trendingTv', DAY))).outcome).toBe('stored');
    const tv = await fixture.storeAnswer('trendingTv', DAY);
    expect(await db.sizeLedger.count()).toBe(1);
    await clock.runUntil(catalogue.sync.pull('trendingTv', DAY, { force: true }));
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(tv.key)).toBeUndefined();
  });

  it('eviction deletes the answers of the responses it removes', async () => {
    const fixture = await start();
    const { catalogue, clock, db } = fixture;
    await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
    await clock.runUntil(catalogue.sync.pull('trendingMovies', DAY));
    const tv = await fixture.storeAnswer('trendingTv', DAY);
    const movies = await fixture.storeAnswer('trendingMovies', DAY);
    const units = await browseUnitsByAge(db, sweepStore());
    const evicted = await evictBrowseData(
      db,
      sweepStore(),
      units.filter((unit) => unit.operation === 'trendingTv'),
    );
    expect(evicted.requestKeys).toEqual([tv.key]);
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(tv.key)).toBeUndefined();
    expect(await fixture.firstAnswer(movies.key)).toBeDefined();
    await evictBrowseData(db, sweepStore(), await browseUnitsByAge(db, sweepStore()));
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(movies.key)).toBeUndefined();
  });

  it('clear() leaves no answer', async () => {
    const fixture = await start();
    const { catalogue, clock, db } = fixture;
    await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
    const tv = await fixture.storeAnswer('trendingTv', DAY);
    await catalogue.clear();
    expect(await fixture.firstAnswer(tv.key)).toBeUndefined();
    await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
    await fixture.storeAnswer('trendingTv', DAY);
    await clearDatabase(db);
    expect(await fixture.firstAnswer(tv.key)).toBeUndefined();
  });

  it('sign-out leaves no answer', async () => {
    const fixture = await start();
    const { catalogue, clock } = fixture;
    await catalogue.auth.createGuestSession();
    await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
    const tv = await fixture.storeAnswer('trendingTv', DAY);
    await catalogue.signOut();
    expect(await fixture.firstAnswer(tv.key)).toBeUndefined();
  });

  it("delete() deletes the first answers' database with the catalogue's", async () => {
    const fixture = await start();
    const { catalogue, clock, db, factory } = fixture;
    await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
    await fixture.storeAnswer('trendingTv', DAY);
    expect((await factory.databases()).map((info) => info.name).sort()).toEqual([db.name, `${db.name}:first`]);
    await catalogue.delete();
    expect(await factory.databases()).toEqual([]);
  });

  it("a list removal (the outbox's optimistic change) deletes the list's public answer", async () => {
    const fixture = await start();
    const { catalogue, clock, connectivity, service } = fixture;
    const session = service.control.createSession();
    await catalogue.setUser(session);
    const items = groundIds(fixture, 'trendingMovies', DAY).slice(0, 3);
    const { list_id } = service.control.createList({ session_id: session.session_id, items });
    await clock.runUntil(catalogue.sync.pull('listDetails', { list_id }));
    const list = await fixture.storeAnswer('listDetails', { list_id });
    connectivity.setOnline(false);
    await catalogue.lists.removeItem({ list_id, media_id: items[1] as number });
    expect(await fixture.firstAnswer(list.key)).toBeUndefined();
    await catalogue.signOut({ force: true });
  });

  it("a change feed's patch deletes the answers that show the episode, and only those", async () => {
    const fixture = await start();
    const { catalogue, clock, db } = fixture;
    const [seriesId] = groundIds(fixture, 'trendingTv', DAY);
    const season = { series_id: seriesId as number, season_number: 1 };
    await clock.runUntil(catalogue.sync.pull('seasonDetails', season));
    await clock.runUntil(catalogue.sync.pull('trendingMovies', DAY));
    const details = await fixture.storeAnswer('seasonDetails', season);
    const movies = await fixture.storeAnswer('trendingMovies', DAY);
    const [episode] = await db.episodes
      .where('show_id')
      .equals(seriesId as number)
      .toArray();
    const time = new Date(clock.now())
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    const feed = {
      changes: [{ key: 'name', items: [{ id: 'c1', action: 'updated' as const, time, value: 'Patched name' }] }],
    };
    const applied = await applyEpisodeChanges(db, {
      episodeId: episode?.id as number,
      feed,
      checkedAt: clock.now(),
      language: 'en-US',
      now: clock.now(),
      store: feedStore(),
    });
    expect(applied.written).toBe(true);
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(details.key)).toBeUndefined();
    expect(await fixture.firstAnswer(movies.key)).toBeDefined();
  });
});

describe("first answers: a change feed's stale marks", () => {
  async function seasonWorld() {
    const fixture = await start();
    const { catalogue, clock, db } = fixture;
    const [seriesId] = groundIds(fixture, 'trendingTv', DAY);
    const season = { series_id: seriesId as number, season_number: 1 };
    await clock.runUntil(catalogue.sync.pull('seasonDetails', season));
    await clock.runUntil(catalogue.sync.pull('seasonCredits', season));
    await clock.runUntil(catalogue.sync.pull('trendingMovies', DAY));
    const credits = await fixture.storeAnswer('seasonCredits', season);
    const movies = await fixture.storeAnswer('trendingMovies', DAY);
    const [episode] = await db.episodes.where('show_id').equals(season.series_id).toArray();
    const time = new Date(clock.now())
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    // A crew change cannot be patched into the row: the season's credits are marked stale instead.
    const feed = {
      changes: [{ key: 'crew', items: [{ id: 'c2', action: 'added' as const, time, value: { name: 'New crew' } }] }],
    };
    const input = {
      episodeId: episode?.id as number,
      feed,
      checkedAt: clock.now(),
      language: 'en-US',
      now: clock.now(),
      store: feedStore(),
    };
    return {
      fixture,
      db,
      credits,
      movies,
      input,
      place: { id: episode?.id as number, show_id: season.series_id, season_number: 1 },
    };
  }

  it("with the episode's place, delete the answers of its season only", async () => {
    const { fixture, db, credits, movies, input, place } = await seasonWorld();
    expect((await applyEpisodeChanges(db, { ...input, place })).staled).toBe(1);
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(credits.key)).toBeUndefined();
    expect(await fixture.firstAnswer(movies.key)).toBeDefined();
  });

  it('without it, delete every answer', async () => {
    const { fixture, db, credits, movies, input } = await seasonWorld();
    expect((await applyEpisodeChanges(db, input)).staled).toBe(1);
    await db.firstAnswers.settled();
    expect(await fixture.firstAnswer(credits.key)).toBeUndefined();
    expect(await fixture.firstAnswer(movies.key)).toBeUndefined();
  });
});

describe('first answers: the sync hot path stays cheap', () => {
  it('a 12-page list pull costs one session (open and close), not a transaction per page', async () => {
    const fixture = await start({ catalogue: { wrapFetch: discoverPages() } });
    const { catalogue, clock } = fixture;
    const { answers, timers, counts } = replaceFirstAnswers(fixture);
    await clock.runUntil(catalogue.sync.pull('trendingMovies', DAY));
    timers.fire();
    const movies = await fixture.storeAnswer('trendingMovies', DAY, answers);
    counts.readonly = 0;
    counts.readwrite = 0;
    const result = await clock.runUntil(catalogue.sync.pullList('discoverTv', {}, { pages: 12 }));
    expect(result.pages).toBe(12);
    expect(counts).toEqual({ readonly: 0, readwrite: 1 });
    timers.fire();
    await answers.settled();
    expect(counts).toEqual({ readonly: 0, readwrite: 2 });
    expect(await fixture.firstAnswer(movies.key)).toBeDefined();
  });

  it('a page of it that intersects an answer adds one deletion, and deletes that answer', async () => {
    const fixture = await start({ catalogue: { wrapFetch: discoverPages() } });
    const { catalogue, clock } = fixture;
    const { answers, timers, counts } = replaceFirstAnswers(fixture);
    await clock.runUntil(catalogue.sync.pull('discoverTv', { page: 7 }));
    timers.fire();
    const page7 = await fixture.storeAnswer('discoverTv', { page: 7 }, answers);
    expect(page7.refs).toContain(`tvSeries/${100_000 + 6 * 20}`);
    counts.readwrite = 0;
    await clock.runUntil(catalogue.sync.pullList('discoverTv', {}, { pages: 12 }));
    timers.fire();
    await answers.settled();
    // Open, the deletion before page 7's write (none if page 7 happened to open the session), close.
    expect(counts.readwrite).toBeGreaterThanOrEqual(2);
    expect(counts.readwrite).toBeLessThanOrEqual(3);
    expect(await fixture.firstAnswer(page7.key)).toBeUndefined();
  });
});
