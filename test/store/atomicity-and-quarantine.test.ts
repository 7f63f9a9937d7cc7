import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/index.js';
import { SchemaValidationError } from '../../src/errors/index.js';
import { quarantineResponse, readStored, storeRequestKey, writeResponse } from '../../src/store/index.js';
import {
  countReads,
  dumpDatabase,
  freshDatabase,
  injectPutFailure,
  loadSample,
  loadSampleJson,
  ok,
} from './store-fixtures.js';

describe('a failure inside the write transaction', () => {
  it.each([1, 2, 3, 4, 5, 6])('failing put #%i leaves the store exactly as it was', async (n) => {
    const db = freshDatabase();
    const failure = injectPutFailure(db);
    const trending = await loadSample('trendingMovies', 'trending-movie-day.json');
    const people = await loadSample('popularPeople', 'person-popular.json');
    await writeResponse(db, {
      operation: 'trendingMovies',
      params: { time_window: 'day' },
      response: ok(trending),
      expiresAt: 1,
      now: 0,
    });
    const before = await dumpDatabase(db);

    // popularPeople puts movies (50 in this sample: two pieces), tvSeries and people in pieces of at most PIECE_ROWS
    // rows, two in flight, each next one issued once an earlier one is stored, and its list page and sync metadata:
    // six puts in all (a later piece's failure too).
    failure.arm(n);
    await expect(
      writeResponse(db, {
        operation: 'popularPeople',
        params: {},
        response: ok(people, 'W/"x"'),
        expiresAt: 1,
        now: 5,
      }),
    ).rejects.toThrow(`injected failure on put #${n}`);
    expect(await dumpDatabase(db)).toStrictEqual(before);
    expect(await readStored(db, 'popularPeople', {})).toBeUndefined();
  });

  it('with the failure disarmed the same write goes through (the injection really sits on the path)', async () => {
    const db = freshDatabase();
    const failure = injectPutFailure(db);
    const people = await loadSample('popularPeople', 'person-popular.json');
    failure.arm(99);
    await writeResponse(db, { operation: 'popularPeople', params: {}, response: ok(people), expiresAt: 1, now: 0 });
    expect(failure.puts).toBe(6);
    expect(await readStored(db, 'popularPeople', {})).toStrictEqual(people);
  });
});

describe('a failure inside the write transaction, on the path that reads nothing first', () => {
  // Complete summaries (adult and softcore present) and a known previous ETag: the writer issues its puts at once,
  // without a read phase. A failure there must roll back just the same.
  it.each([1, 2, 3])('failing put #%i leaves the store exactly as it was', async (n) => {
    const db = freshDatabase();
    const failure = injectPutFailure(db);
    const reads = countReads(db);
    const discover = await loadSample('discoverTv', 'discover-tv.tmdblib-default.json');
    const page2 = await loadSample('discoverTv', 'discover-tv.tmdblib-vote-filters-page2.json');
    const write = (data: typeof discover, page: number, now: number) =>
      writeResponse(db, {
        operation: 'discoverTv',
        params: { page },
        previousEtag: null,
        response: ok(data, `W/"${page}"`),
        expiresAt: now + 1,
        now,
      });
    await write(discover, 1, 0);
    const before = await dumpDatabase(db);

    // The records (one piece: a page of 20), then the list page, then the sync metadata: three puts.
    failure.arm(n);
    await expect(write(page2, 2, 5)).rejects.toThrow(`injected failure on put #${n}`);
    expect(reads.tvSeries ?? 0).toBe(0);
    expect(await dumpDatabase(db)).toStrictEqual(before);
    expect(await readStored(db, 'discoverTv', { page: 2 })).toBeUndefined();

    failure.arm(99);
    await write(page2, 2, 5);
    expect(failure.puts).toBe(3);
    expect(await readStored(db, 'discoverTv', { page: 2 })).toStrictEqual(page2);
    expect(await readStored(db, 'discoverTv', { page: 1 })).toStrictEqual(discover);
  });
});

describe('quarantine', () => {
  it('records operation, request key, field path, issues and time, and keeps the old data served', async () => {
    const db = freshDatabase();
    const good = await loadSample('discoverTv', 'discover-tv.json');
    const params = { sort_by: 'vote_count.desc' as const };
    await writeResponse(db, { operation: 'discoverTv', params, response: ok(good, 'W/"g"'), expiresAt: 1, now: 0 });
    const before = await dumpDatabase(db);

    const body = (await loadSampleJson('discover-tv.json')) as { results: Record<string, unknown>[] };
    (body.results[3] as Record<string, unknown>).first_air_date = 'soon';
    const result = endpoints.discoverTv.response.safeParse(body);
    if (result.success) throw new Error('the broken body should not parse');
    const error = new SchemaValidationError({
      operation: 'discoverTv',
      path: 'results.3.first_air_date',
      issues: result.error.issues,
    });
    const requestKey = storeRequestKey('discoverTv', params);
    const id = await quarantineResponse(db, { operation: 'discoverTv', requestKey, error, receivedAt: 42 });

    const after = await dumpDatabase(db);
    expect({ ...after, quarantine: [] }).toStrictEqual(before);
    expect(after.quarantine).toEqual([
      {
        id,
        operation: 'discoverTv',
        requestKey: 'discoverTv?page=1&sort_by=vote_count.desc',
        path: 'results.3.first_air_date',
        issues: [{ code: 'invalid_format', path: 'results.3.first_air_date', message: 'expected YYYY-MM-DD or ""' }],
        receivedAt: 42,
      },
    ]);
    expect(await readStored(db, 'discoverTv', params)).toStrictEqual(good);
  });

  it('refuses a request key that still carries a session id', async () => {
    const db = freshDatabase();
    const error = new SchemaValidationError({ operation: 'tvAccountStates', path: '', issues: [] });
    await expect(
      quarantineResponse(db, {
        operation: 'tvAccountStates',
        requestKey: 'tvAccountStates?series_id=1&session_id=abc',
        error,
        receivedAt: 0,
      }),
    ).rejects.toThrow(TypeError);
    expect(await db.quarantine.count()).toBe(0);
  });
});
