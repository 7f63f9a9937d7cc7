import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import type { CatalogueDatabase } from '../../src/store/database/catalogue-database.js';
import { ANSWER_TABLES } from '../../src/store/first-answers/answer-tables.js';
import { openFirstAnswersDb, readFirstAnswer } from '../../src/store/first-answers/first-answers-db.js';
import type { StoredOperation } from '../../src/store/mappings/store-mappings.js';
import { tableOfRef } from '../../src/store/read-ref.js';
import { readStoredWithMeta } from '../../src/store/records/read-stored.js';
import { writeResponse } from '../../src/store/records/write-response.js';
import { writeThrough } from '../../src/store/write/write-gate.js';
import { WritePlan } from '../../src/store/write/write-plan.js';
import { prepareCall } from '../../src/sync/prepare-call.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';

/**
 * The write gate derives the first answers a write may make wrong from the write's own plan: a write invalidates
 * EXACTLY the answers whose rows (or whole tables) its plan names, on both sides: one that read a written row goes,
 * one that did not stays. Shown for every kind of plan part and for response writes, whose plans the store builds.
 */

const open = closedAfterEach();
const DAY = { time_window: 'day' } as const;
const WEEK = { time_window: 'week' } as const;

interface Answer {
  readonly key: string;
  readonly refs: readonly string[];
}

/** A catalogue with three stored answers (two lists and a resource), as a page's keeper stores them. */
async function threeAnswers() {
  const fixture = open();
  const { catalogue, clock, service } = fixture;
  // The core (and its database) arrives after the first answers are read.
  await catalogue.auth.ready();
  const db = databaseOf(catalogue);
  const movieId = (service.control.groundTruth('trendingMovies', DAY) as { results: { id: number }[] }).results[0]
    ?.id as number;
  await clock.runUntil(catalogue.sync.pull('trendingTv', DAY));
  await clock.runUntil(catalogue.sync.pull('trendingMovies', DAY));
  await clock.runUntil(catalogue.sync.pull('movieVideos', { movie_id: movieId }));
  const tv = await storeAnswer(db, 'trendingTv', DAY);
  const movies = await storeAnswer(db, 'trendingMovies', DAY);
  const videos = await storeAnswer(db, 'movieVideos', { movie_id: movieId });
  let page: Promise<IDBDatabase | undefined> | undefined;
  /** Which of the answers a page would still find, after the writes' sessions closed. */
  const kept = async (...answers: Answer[]) => {
    await db.firstAnswers.settled();
    page ??= openFirstAnswersDb(fixture.indexedDB, db.name);
    const found: string[] = [];
    for (const answer of answers)
      if (await readFirstAnswer((await page) as IDBDatabase, answer.key)) found.push(answer.key);
    return found;
  };
  return { ...fixture, db, tv, movies, videos, movieId, kept };
}

/** What a view does: mark, read the store fresh, put the answer with the refs it was read from. */
async function storeAnswer(db: CatalogueDatabase, operation: StoredOperation, params: Record<string, unknown>) {
  const call = prepareCall(operation, params as never, { language: 'en-US', user: undefined });
  await db.firstAnswers.settled();
  const mark = await db.firstAnswers.mark();
  const read = await readStoredWithMeta(db, operation, call.storeParams as never, undefined, call.requestKey);
  const refs = read.entry?.refs ?? [];
  const row = { data: read.entry?.data, updatedAt: read.meta?.fetchedAt, expiresAt: read.meta?.expiresAt };
  expect(mark, operation).toBeDefined();
  expect(await db.firstAnswers.put(mark as never, call.requestKey, row, refs), operation).toBe(true);
  return { key: call.requestKey, refs };
}

/** The key of a record the answer read, of `table` (`table/json-key` refs). */
function keyRead(answer: Answer, table: string): unknown {
  const ref = answer.refs.find((candidate) => tableOfRef(candidate) === table);
  expect(ref, table).toBeDefined();
  return JSON.parse((ref as string).slice(table.length + 1));
}

/** Rewrites one stored row in place (a field changed), as any writer's body does. */
async function rewrite(db: CatalogueDatabase, table: string, key: unknown): Promise<void> {
  const row = (await db.table(table).get(key as never)) as Record<string, unknown>;
  await db.table(table).put({ ...row, popularity: Number(row.popularity ?? 0) + 1 });
}

describe('the write gate invalidates exactly the first answers a write’s plan names', () => {
  it('rows: an answer that read a written row goes; the others stay', async () => {
    const { db, tv, movies, videos, kept } = await threeAnswers();
    const series = keyRead(tv, 'tvSeries');
    expect(movies.refs).not.toContain(`tvSeries/${JSON.stringify(series)}`);
    await writeThrough(db, WritePlan.rows('tvSeries', [series as number]), () => rewrite(db, 'tvSeries', series));
    expect(await kept(tv, movies, videos)).toEqual([movies.key, videos.key]);
  });

  it('a whole table: every answer that read any row of it goes; one that read none stays', async () => {
    const { db, tv, movies, videos, kept } = await threeAnswers();
    const movie = keyRead(movies, 'movies');
    await writeThrough(db, WritePlan.wholeTables(['movies']), () => rewrite(db, 'movies', movie));
    expect(await kept(tv, movies, videos)).toEqual([tv.key, videos.key]);
  });

  it('a table only read, or rows of tables no answer reads: every answer stays', async () => {
    const { db, tv, movies, videos, kept } = await threeAnswers();
    await writeThrough(db, WritePlan.reads(['movies', 'tvSeries']), async () => {
      await db.movies.count();
    });
    const ref = tv.refs[0] as string;
    await writeThrough(db, WritePlan.rows('readMarks', [ref]), async () => {
      await db.readMarks.put({ ref, lastReadAt: 1 });
    });
    expect(await kept(tv, movies, videos)).toEqual([tv.key, movies.key, videos.key]);
  });

  it("a response's write: its own answer goes, and an answer sharing one of its records; the others stay", async () => {
    const { db, clock, service, tv, movies, videos, kept } = await threeAnswers();
    // The week's trending movies, served with one movie of the day's first: a record the day's answer read.
    const day = service.control.groundTruth('trendingMovies', DAY) as { results: Record<string, unknown>[] };
    const week = service.control.groundTruth('trendingMovies', WEEK) as Record<string, unknown> & {
      results: Record<string, unknown>[];
    };
    const shared = day.results.find((movie) => movies.refs.includes(`movies/${movie.id}`));
    const others = week.results.filter((movie) => !movies.refs.includes(`movies/${movie.id}`)).slice(0, 5);
    await writeResponse(db, {
      operation: 'trendingMovies',
      params: { language: 'en-US', ...WEEK } as never,
      response: { status: 200, data: { ...week, results: others } } as never,
      now: clock.now(),
      expiresAt: clock.now() + 60_000,
    });
    expect(await kept(tv, movies, videos)).toEqual([tv.key, movies.key, videos.key]);
    await writeResponse(db, {
      operation: 'trendingMovies',
      params: { language: 'en-US', ...WEEK } as never,
      response: { status: 200, data: { ...week, results: [shared, ...others] } } as never,
      now: clock.now(),
      expiresAt: clock.now() + 60_000,
    });
    expect(await kept(tv, movies, videos)).toEqual([tv.key, videos.key]);
    // Its own answer's response again, freshness only (a 304): the freshness row is its own.
    await writeResponse(db, {
      operation: 'movieVideos',
      params: { language: 'en-US', movie_id: keyRead(videos, 'movieVideos') } as never,
      response: { status: 304 } as never,
      now: clock.now(),
      expiresAt: clock.now() + 60_000,
    });
    expect(await kept(tv, videos)).toEqual([tv.key]);
  });

  it('answers of every kind name only tables the gate knows answers read', async () => {
    const { tv, movies, videos } = await threeAnswers();
    for (const answer of [tv, movies, videos]) {
      const tables = new Set(answer.refs.map(tableOfRef));
      expect(tables.size).toBeGreaterThan(0);
      for (const table of tables) expect(ANSWER_TABLES.has(table), `${answer.key}: ${table}`).toBe(true);
    }
  });
});

describe('the write gate holds its plans', () => {
  it('a write joining a running one must stay within its plan', async () => {
    const { db, tv, movies } = await threeAnswers();
    const series = keyRead(tv, 'tvSeries') as number;
    const movie = keyRead(movies, 'movies') as number;
    const outer = WritePlan.rows('tvSeries', [series]).and(WritePlan.reads(['movies']));
    await expect(
      writeThrough(db, outer, () =>
        writeThrough(db, WritePlan.rows('movies', [movie]), () => rewrite(db, 'movies', movie)),
      ),
    ).rejects.toThrow(/plan does not/);
    expect(
      await writeThrough(db, outer, () =>
        writeThrough(db, WritePlan.rows('tvSeries', [series]), async () => {
          await rewrite(db, 'tvSeries', series);
          return 'joined';
        }),
      ),
    ).toBe('joined');
  });

  it('a plan is built by its builders only', () => {
    // @ts-expect-error: a plan is a class with a private constructor and private fields: no literal is one.
    const byHand: WritePlan = { scope: ['movies'], refs: [] };
    expect(byHand).not.toBeInstanceOf(WritePlan);
    expect(WritePlan.rows('movies', [1]).refs).toEqual(['movies/1']);
    expect(WritePlan.wholeTables(['movies']).refs).toEqual(['movies/*']);
    expect(WritePlan.reads(['movies']).refs).toEqual([]);
  });
});
