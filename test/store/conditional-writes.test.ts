import { describe, expect, it } from 'vitest';
import type { NotModifiedResponse } from '../../src/api/index.js';
import { readStored, readSyncMeta, storeRequestKey, writeResponse } from '../../src/store/index.js';
import { countWrites, dumpDatabase, freshDatabase, loadSample, ok } from './store-fixtures.js';

const notModified = (etag?: string): NotModifiedResponse => ({
  data: undefined,
  etag,
  maxAgeSeconds: undefined,
  status: 304,
  receivedAt: 0,
});

const withoutSyncMeta = (dump: Record<string, unknown[]>) => ({ ...dump, syncMeta: [] });

describe('revalidation that changes nothing writes nothing but freshness', () => {
  it('a 200 whose ETag equals the stored one writes no record and no list page', async () => {
    const db = freshDatabase();
    const writes = countWrites(db);
    const trending = await loadSample('trendingTv', 'trending-tv-day.json');
    const params = { time_window: 'day' as const };
    await writeResponse(db, {
      operation: 'trendingTv',
      params,
      response: ok(trending, 'W/"v1"'),
      expiresAt: 10,
      now: 0,
    });
    expect(writes.rows).toEqual({ tvSeries: 20, listPages: 1, syncMeta: 1 });
    const before = await dumpDatabase(db);

    writes.reset();
    const result = await writeResponse(db, {
      operation: 'trendingTv',
      params,
      response: ok(trending, 'W/"v1"'),
      expiresAt: 5_000,
      now: 1_000,
    });
    expect(result).toEqual({
      outcome: 'not-modified',
      requestKey: 'trendingTv?page=1&time_window=day',
      reason: 'same-etag',
    });
    expect(writes.rows).toEqual({ syncMeta: 1 });
    expect(withoutSyncMeta(await dumpDatabase(db))).toStrictEqual(withoutSyncMeta(before));
    expect(await readSyncMeta(db, result.requestKey)).toEqual({
      requestKey: result.requestKey,
      operation: 'trendingTv',
      params,
      etag: 'W/"v1"',
      fetchedAt: 1_000,
      expiresAt: 5_000,
    });
  });

  it('a 304 writes only freshness, keeps the ETag, and the stored data still reads back', async () => {
    const db = freshDatabase();
    const writes = countWrites(db);
    const people = await loadSample('popularPeople', 'person-popular.json');
    await writeResponse(db, {
      operation: 'popularPeople',
      params: {},
      response: ok(people, 'W/"p"'),
      expiresAt: 1,
      now: 0,
    });
    const before = await dumpDatabase(db);
    writes.reset();

    const result = await writeResponse(db, {
      operation: 'popularPeople',
      params: { page: 1 },
      response: notModified(),
      expiresAt: 9_000,
      now: 2_000,
    });
    expect(result).toMatchObject({ outcome: 'not-modified', reason: 'status-304' });
    expect(writes.rows).toEqual({ syncMeta: 1 });
    expect(withoutSyncMeta(await dumpDatabase(db))).toStrictEqual(withoutSyncMeta(before));
    expect(await readSyncMeta(db, storeRequestKey('popularPeople', {}))).toMatchObject({
      etag: 'W/"p"',
      fetchedAt: 2_000,
      expiresAt: 9_000,
    });
    expect(await readStored(db, 'popularPeople', {})).toStrictEqual(people);
  });

  it('a 200 with a different ETag is written, and a resource revalidation with the same ETag is not', async () => {
    const db = freshDatabase();
    const writes = countWrites(db);
    const videos = await loadSample('movieVideos', 'movie-videos.json');
    const params = { movie_id: 550 };
    await writeResponse(db, { operation: 'movieVideos', params, response: ok(videos, 'W/"a"'), expiresAt: 1, now: 0 });
    const fewer = { ...videos, results: videos.results.slice(1) };
    writes.reset();
    await writeResponse(db, { operation: 'movieVideos', params, response: ok(fewer, 'W/"b"'), expiresAt: 1, now: 1 });
    expect(writes.rows).toEqual({ movieVideos: 1, syncMeta: 1 });
    expect(await readStored(db, 'movieVideos', params)).toStrictEqual(fewer);
    writes.reset();
    await writeResponse(db, { operation: 'movieVideos', params, response: ok(videos, 'W/"b"'), expiresAt: 1, now: 2 });
    expect(writes.rows).toEqual({ syncMeta: 1 });
    expect(await readStored(db, 'movieVideos', params)).toStrictEqual(fewer);
  });

  it('a response without an ETag is always written (nothing to compare)', async () => {
    const db = freshDatabase();
    const writes = countWrites(db);
    const config = await loadSample('configuration', 'configuration.json');
    await writeResponse(db, { operation: 'configuration', params: {}, response: ok(config), expiresAt: 1, now: 0 });
    await writeResponse(db, { operation: 'configuration', params: {}, response: ok(config), expiresAt: 1, now: 1 });
    expect(writes.rows).toEqual({ configuration: 2, syncMeta: 2 });
  });
});

describe('previousEtag: the ETag the caller saw when it built the request', () => {
  it('decides "unchanged" from the given ETag, with no read of the stored one', async () => {
    const db = freshDatabase();
    const trending = await loadSample('trendingTv', 'trending-tv-day.json');
    const params = { time_window: 'day' as const };
    const first = { operation: 'trendingTv' as const, params, expiresAt: 10, now: 0 };
    const writes = countWrites(db);
    await writeResponse(db, { ...first, previousEtag: null, response: ok(trending, 'W/"v1"') });
    writes.reset();
    const reads: string[] = [];
    db.syncMeta.hook('reading', (row) => {
      reads.push('syncMeta');
      return row;
    });
    const result = await writeResponse(db, {
      ...first,
      now: 5,
      previousEtag: 'W/"v1"',
      response: ok(trending, 'W/"v1"'),
    });
    expect(result).toMatchObject({ outcome: 'not-modified', reason: 'same-etag' });
    expect(writes.rows).toEqual({ syncMeta: 1 });
    expect(reads).toEqual([]);
    expect((await readSyncMeta(db, result.requestKey))?.fetchedAt).toBe(5);
  });

  it('writes the response when the given ETag differs, even if the stored one is equal (harmless, never lossy)', async () => {
    const db = freshDatabase();
    const trending = await loadSample('trendingTv', 'trending-tv-day.json');
    const params = { time_window: 'day' as const };
    const first = { operation: 'trendingTv' as const, params, expiresAt: 10, now: 0 };
    await writeResponse(db, { ...first, response: ok(trending, 'W/"v1"') });
    const result = await writeResponse(db, { ...first, now: 5, previousEtag: null, response: ok(trending, 'W/"v1"') });
    expect(result.outcome).toBe('stored');
    expect(await readStored(db, 'trendingTv', params)).toEqual(trending);
  });
});
