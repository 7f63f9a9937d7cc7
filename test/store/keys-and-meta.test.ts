import { describe, expect, it } from 'vitest';
import {
  listKeyOf,
  readStored,
  readSyncMeta,
  recordSyncError,
  storeRequestKey,
  writeResponse,
} from '../../src/store/index.js';
import { freshDatabase, loadSample, ok } from './store-fixtures.js';

describe('store keys', () => {
  it('a paged call names its page in the request key; the list key leaves it out', () => {
    expect(storeRequestKey('discoverTv', {})).toBe('discoverTv?page=1');
    expect(storeRequestKey('discoverTv', { page: 1 })).toBe(storeRequestKey('discoverTv', {}));
    expect(storeRequestKey('discoverTv', { with_genres: '18', page: 3 })).toBe('discoverTv?page=3&with_genres=18');
    expect(listKeyOf('discoverTv', { with_genres: '18', page: 3 })).toBe('discoverTv?with_genres=18');
    expect(storeRequestKey('configuration', {})).toBe('configuration');
    expect(storeRequestKey('movieVideos', { movie_id: 5 })).toBe('movieVideos?movie_id=5');
  });

  it('refuses credentials wherever a key is made', () => {
    expect(() => storeRequestKey('tvAccountStates', { series_id: 1, session_id: 'abc' })).toThrow(TypeError);
    expect(() => listKeyOf('accountTvWatchlist', { account_id: 1, session_id: 'abc' })).toThrow(TypeError);
    expect(() => storeRequestKey('episodeAccountStates', { guest_session_id: 'g' })).toThrow(TypeError);
  });
});

describe('sync metadata', () => {
  it('a failed fetch is noted without touching freshness or data; the next success clears it', async () => {
    const db = freshDatabase();
    const videos = await loadSample('movieVideos', 'movie-videos.json');
    const params = { movie_id: 550 };
    const requestKey = storeRequestKey('movieVideos', params);
    await writeResponse(db, {
      operation: 'movieVideos',
      params,
      response: ok(videos, 'W/"v"'),
      expiresAt: 100,
      now: 10,
    });
    const error = { name: 'NetworkError', message: 'offline' };
    await recordSyncError(db, { requestKey, operation: 'movieVideos', params, error, now: 50 });
    expect(await readSyncMeta(db, requestKey)).toEqual({
      requestKey,
      operation: 'movieVideos',
      params,
      etag: 'W/"v"',
      fetchedAt: 10,
      expiresAt: 100,
      lastError: { name: 'NetworkError', message: 'offline', at: 50 },
    });
    expect(await readStored(db, 'movieVideos', params)).toStrictEqual(videos);
    await writeResponse(db, {
      operation: 'movieVideos',
      params,
      response: ok(videos, 'W/"v2"'),
      expiresAt: 200,
      now: 60,
    });
    expect(await readSyncMeta(db, requestKey)).not.toHaveProperty('lastError');
  });

  it('an error on a key never fetched makes a row that stays missing to freshness (fetchedAt 0)', async () => {
    const db = freshDatabase();
    const requestKey = storeRequestKey('tvAccountStates', { series_id: 9 }, 'u');
    const error = { name: 'ServiceError', message: '401' };
    await recordSyncError(db, { requestKey, operation: 'tvAccountStates', userScope: 'u', error, now: 5 });
    expect(await readSyncMeta(db, requestKey)).toEqual({
      requestKey,
      operation: 'tvAccountStates',
      userScope: 'u',
      fetchedAt: 0,
      expiresAt: 0,
      lastError: { name: 'ServiceError', message: '401', at: 5 },
    });
  });
});

describe('reads never serve part of a response', () => {
  it('a list page whose record was removed (evicted) reads as missing, not as a shorter page', async () => {
    const db = freshDatabase();
    const trending = await loadSample('trendingMovies', 'trending-movie-week.json');
    const params = { time_window: 'week' as const };
    await writeResponse(db, { operation: 'trendingMovies', params, response: ok(trending), expiresAt: 1, now: 0 });
    await db.movies.delete(trending.results[5]?.id ?? -1);
    expect(await readStored(db, 'trendingMovies', params)).toBeUndefined();
  });

  it('a stored row that no longer satisfies the schema reads as missing', async () => {
    const db = freshDatabase();
    const config = await loadSample('configuration', 'configuration.json');
    await writeResponse(db, { operation: 'configuration', params: {}, response: ok(config), expiresAt: 1, now: 0 });
    await db.configuration.update('configuration', { images: undefined });
    expect(await readStored(db, 'configuration', {})).toBeUndefined();
  });

  it('refuses an operation the store does not keep, and non-finite times', async () => {
    const db = freshDatabase();
    const config = await loadSample('configuration', 'configuration.json');
    const base = { params: {}, response: ok(config), expiresAt: 1, now: 0 };
    await expect(writeResponse(db, { ...base, operation: 'validateToken' as 'configuration' })).rejects.toThrow(
      TypeError,
    );
    await expect(writeResponse(db, { ...base, operation: 'configuration', now: Number.NaN })).rejects.toThrow(/finite/);
    expect(await db.syncMeta.count()).toBe(0);
  });
});
