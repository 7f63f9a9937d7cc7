import { describe, expect, it } from 'vitest';
import { purgeUserScope, readStored, readSyncMeta, storeRequestKey, writeResponse } from '../../src/store/index.js';
import { dumpDatabase, freshDatabase, loadSample, ok } from './store-fixtures.js';

const at = { expiresAt: 1, now: 0 };

describe('user-scoped data', () => {
  it('keeps two user scopes apart: account states, watchlist pages and their freshness', async () => {
    const db = freshDatabase();
    const watchlist = await loadSample('accountTvWatchlist', 'account-watchlist-tv.json');
    const states = await loadSample('tvAccountStates', 'tv-account-states.json');
    const otherWatchlist = { ...watchlist, results: watchlist.results.slice(0, 3), total_results: 3, total_pages: 1 };
    const otherStates = { ...states, favorite: false, rated: false as const };
    const list = { account_id: 548 };
    const series = { series_id: 550 };

    await writeResponse(db, {
      operation: 'accountTvWatchlist',
      params: list,
      userScope: 'a',
      response: ok(watchlist),
      ...at,
    });
    await writeResponse(db, {
      operation: 'accountTvWatchlist',
      params: list,
      userScope: 'b',
      response: ok(otherWatchlist),
      ...at,
    });
    await writeResponse(db, {
      operation: 'tvAccountStates',
      params: series,
      userScope: 'a',
      response: ok(states),
      ...at,
    });
    await writeResponse(db, {
      operation: 'tvAccountStates',
      params: series,
      userScope: 'b',
      response: ok(otherStates),
      ...at,
    });

    expect(await readStored(db, 'accountTvWatchlist', list, 'a')).toStrictEqual(watchlist);
    expect(await readStored(db, 'accountTvWatchlist', list, 'b')).toStrictEqual(otherWatchlist);
    expect(await readStored(db, 'accountTvWatchlist', list, 'c')).toBeUndefined();
    expect(await readStored(db, 'tvAccountStates', series, 'a')).toStrictEqual(states);
    expect(await readStored(db, 'tvAccountStates', series, 'b')).toStrictEqual(otherStates);
    expect(await db.listPages.count()).toBe(0);
    expect(storeRequestKey('tvAccountStates', series, 'a')).toBe('tvAccountStates?series_id=550&user_scope=a');
    expect(await readSyncMeta(db, storeRequestKey('tvAccountStates', series, 'a'))).toMatchObject({ userScope: 'a' });

    await purgeUserScope(db, 'a');
    expect(await readStored(db, 'accountTvWatchlist', list, 'a')).toBeUndefined();
    expect(await readStored(db, 'tvAccountStates', series, 'a')).toBeUndefined();
    expect(await readSyncMeta(db, storeRequestKey('tvAccountStates', series, 'a'))).toBeUndefined();
    expect(await readStored(db, 'accountTvWatchlist', list, 'b')).toStrictEqual(otherWatchlist);
    expect(await readStored(db, 'tvAccountStates', series, 'b')).toStrictEqual(otherStates);
  });

  it('episode account states are keyed by user scope, series, season and episode number', async () => {
    const db = freshDatabase();
    const state = await loadSample('episodeAccountStates', 'tv-episode-account-states.json');
    const e1 = { series_id: 1399, season_number: 1, episode_number: 1 };
    const e2 = { ...e1, episode_number: 2 };
    await writeResponse(db, {
      operation: 'episodeAccountStates',
      params: e1,
      userScope: 'a',
      response: ok(state),
      ...at,
    });
    expect(await readStored(db, 'episodeAccountStates', e1, 'a')).toStrictEqual(state);
    expect(await readStored(db, 'episodeAccountStates', e2, 'a')).toBeUndefined();
    expect(await readStored(db, 'episodeAccountStates', e1, 'b')).toBeUndefined();
  });

  it('refuses credentials in parameters and a missing or misplaced user scope, before writing anything', async () => {
    const db = freshDatabase();
    const states = await loadSample('tvAccountStates', 'tv-account-states.json');
    const base = { operation: 'tvAccountStates' as const, response: ok(states), ...at };
    const withSession = { series_id: 550, session_id: 'secret-session' } as { series_id: number };
    await expect(writeResponse(db, { ...base, params: withSession, userScope: 'a' })).rejects.toThrow(/credentials/);
    await expect(writeResponse(db, { ...base, params: { series_id: 550 } })).rejects.toThrow(/userScope/);
    const config = await loadSample('configuration', 'configuration.json');
    await expect(
      writeResponse(db, { operation: 'configuration', params: {}, userScope: 'a', response: ok(config), ...at }),
    ).rejects.toThrow(/public/);
    await expect(readStored(db, 'tvAccountStates', { series_id: 550 })).rejects.toThrow(TypeError);
    const dump = await dumpDatabase(db);
    expect(Object.values(dump).flat()).toEqual([]);
    expect(JSON.stringify(dump)).not.toContain('secret-session');
  });
});
