import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  openCatalogueDatabase,
  readAllDirect,
  readStoredDirect,
  readStoredWithMeta,
  writeResponse,
} from '../../src/store/index.js';
import { version1Stores } from '../../src/store/schema/version-1.js';
import { version2Stores } from '../../src/store/schema/version-2.js';
import { version3Stores } from '../../src/store/schema/version-3.js';
import { version4Stores } from '../../src/store/schema/version-4.js';
import { version5Stores } from '../../src/store/schema/version-5.js';
import { loadSample, ok } from './store-fixtures.js';

const at = { expiresAt: 5_000, now: 1_000 };

/** A database written by the library, closed again: what a new page finds. */
async function storedDatabase(indexedDB: IDBFactory) {
  const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
  const trending = await loadSample('trendingTv', 'trending-tv-week.json');
  const watchlist = await loadSample('accountTvWatchlist', 'account-watchlist-tv.json');
  const season = await loadSample('seasonCredits', 'tv-season-credits.json');
  await writeResponse(db, {
    operation: 'trendingTv',
    params: { time_window: 'week' },
    response: ok(trending, 'W/"t"'),
    ...at,
  });
  await writeResponse(db, {
    operation: 'accountTvWatchlist',
    params: { account_id: 548 },
    userScope: 'scope-1',
    response: ok(watchlist),
    ...at,
  });
  const seasonParams = { series_id: 1396, season_number: 1 };
  await writeResponse(db, { operation: 'seasonCredits', params: seasonParams, response: ok(season), ...at });
  await db.users.put({ id: 'scope-1', credentials: { kind: 'guest' }, selectedAt: 1, current: 1 } as never);
  db.close();
  return { trending, watchlist, season, seasonParams };
}

describe('readStoredDirect: a first read without Dexie', () => {
  it('answers exactly what the Dexie read answers: lists, user lists and resources, with their freshness rows', async () => {
    const indexedDB = new IDBFactory();
    const { trending, watchlist, season, seasonParams } = await storedDatabase(indexedDB);
    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });

    const list = await readStoredDirect(db, 'trendingTv', { time_window: 'week' });
    const userList = await readStoredDirect(db, 'accountTvWatchlist', { account_id: 548 }, 'scope-1');
    const resource = await readStoredDirect(db, 'seasonCredits', seasonParams);
    const missing = await readStoredDirect(db, 'trendingTv', { time_window: 'day' });
    // None of that opened the catalogue's own connection.
    expect(db.isOpen()).toBe(false);

    expect(list?.entry?.data).toStrictEqual(trending);
    expect(list?.meta).toMatchObject({ etag: 'W/"t"', fetchedAt: 1_000, expiresAt: 5_000 });
    expect(userList?.entry?.data).toStrictEqual(watchlist);
    expect(resource?.entry?.data).toStrictEqual(season);
    expect(missing).toEqual({ entry: undefined, meta: undefined });

    // And the same as Dexie's read, refs included (they order refresh and eviction).
    expect(list).toEqual(await readStoredWithMeta(db, 'trendingTv', { time_window: 'week' }));
    expect(resource).toEqual(await readStoredWithMeta(db, 'seasonCredits', seasonParams));
    expect(await readAllDirect(db, 'users')).toEqual([
      { id: 'scope-1', credentials: { kind: 'guest' }, selectedAt: 1, current: 1 },
    ]);
    db.close();
  });

  it('refuses what the Dexie read refuses, before touching IndexedDB', async () => {
    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB: new IDBFactory(), IDBKeyRange });
    await expect(readStoredDirect(db, 'accountTvWatchlist', { account_id: 548 })).rejects.toThrow(/user-scoped/);
    await expect(readStoredDirect(db, 'trendingTv', { time_window: 'week' }, 'scope-1')).rejects.toThrow(/public/);
  });

  it('creates nothing where there is no database yet: undefined, and Dexie then creates it at the current version', async () => {
    const indexedDB = new IDBFactory();
    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    expect(await readStoredDirect(db, 'trendingTv', { time_window: 'week' })).toBeUndefined();
    expect(await readAllDirect(db, 'users')).toBeUndefined();
    expect(await indexedDB.databases()).toEqual([]);

    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(db.tables.length).toBeGreaterThan(20);
    db.close();
  });

  it('never reads a database of an older schema: undefined, the database untouched, and Dexie migrates it after', async () => {
    const indexedDB = new IDBFactory();
    const old = new Dexie('catalogue', { indexedDB, IDBKeyRange });
    const releases = [version1Stores, version2Stores, version3Stores, version4Stores, version5Stores];
    for (const [i, stores] of releases.entries()) old.version(i + 1).stores(stores);
    await old.open();
    await old.table('users').put({ id: 'scope-1', selectedAt: 1, current: 1 });
    old.close();

    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    expect(await readAllDirect(db, 'users')).toBeUndefined();
    expect(await readStoredDirect(db, 'trendingTv', { time_window: 'week' })).toBeUndefined();
    expect(await indexedDB.databases()).toEqual([{ name: 'catalogue', version: 50 }]);

    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(await db.users.count()).toBe(1);
    db.close();
  });

  it('does not hold up another connection that upgrades or deletes the database', async () => {
    const indexedDB = new IDBFactory();
    await storedDatabase(indexedDB);
    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    const reading = readStoredDirect(db, 'trendingTv', { time_window: 'week' });
    // The direct connection closes itself on `versionchange`, so the delete is not blocked.
    const deleted = new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('catalogue');
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error('blocked by the direct read'));
    });
    await reading;
    await expect(deleted).resolves.toBeUndefined();
    expect(await indexedDB.databases()).toEqual([]);
  });

  it('shares one connection between reads that overlap, and closes it after the last', async () => {
    const indexedDB = new IDBFactory();
    const { trending } = await storedDatabase(indexedDB);
    const opened: IDBOpenDBRequest[] = [];
    const open = indexedDB.open.bind(indexedDB);
    indexedDB.open = (name: string, version?: number) => {
      const request = open(name, version);
      opened.push(request);
      return request;
    };
    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    const [users, list] = await Promise.all([
      readAllDirect(db, 'users'),
      readStoredDirect(db, 'trendingTv', { time_window: 'week' }),
    ]);
    expect(users).toHaveLength(1);
    expect(list?.entry?.data).toStrictEqual(trending);
    expect(opened).toHaveLength(1);
    // Closed: a delete is not blocked by it.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase('catalogue');
      request.onsuccess = () => resolve();
      request.onblocked = () => reject(new Error('blocked: the shared connection stayed open'));
    });
    // A later read opens a new one.
    expect(await readAllDirect(db, 'users')).toBeUndefined();
    expect(opened).toHaveLength(2);
  });
});
