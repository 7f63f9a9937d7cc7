import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  openCatalogueDatabase,
  readStored,
  readSyncMeta,
  storeRequestKey,
  syncMetaOfOperations,
  writeResponse,
} from '../../src/store/index.js';
import { version1Stores } from '../../src/store/schema/version-1.js';
import { version2Stores } from '../../src/store/schema/version-2.js';
import { version3Stores } from '../../src/store/schema/version-3.js';
import { version4Stores } from '../../src/store/schema/version-4.js';
import { version7Stores } from '../../src/store/schema/version-7.js';
import { dumpDatabase, freshDatabase, loadSample, ok } from './store-fixtures.js';

/** Real rows, as version 1 would have stored them: written by the library, minus what version 2 added. */
async function version1Rows(): Promise<Record<string, unknown[]>> {
  const source = freshDatabase('source');
  const watchlist = await loadSample('accountTvWatchlist', 'account-watchlist-tv.json');
  const trending = await loadSample('trendingTv', 'trending-tv-week.json');
  const at = { expiresAt: 500, now: 100 };
  await writeResponse(source, {
    operation: 'accountTvWatchlist',
    params: { account_id: 548 },
    userScope: 'scope-1',
    response: ok(watchlist, 'W/"w"'),
    ...at,
  });
  await writeResponse(source, {
    operation: 'trendingTv',
    params: { time_window: 'week' },
    response: ok(trending),
    ...at,
  });
  const rows = await dumpDatabase(source);
  rows.syncMeta = (rows.syncMeta ?? []).map((row) => {
    const { userScope: _dropped, ...v1 } = row as Record<string, unknown>;
    return v1;
  });
  source.close();
  return rows;
}

describe('schema versions', () => {
  it('opens a version-1 database, migrates it to the current version, and backfills the new field', async () => {
    const indexedDB = new IDBFactory();
    const rows = await version1Rows();
    expect(rows.syncMeta?.some((row) => 'userScope' in (row as object))).toBe(false);

    const v1 = new Dexie('catalogue', { indexedDB, IDBKeyRange });
    v1.version(1).stores(version1Stores);
    await v1.transaction('rw', v1.tables, async () => {
      for (const table of v1.tables) await table.bulkPut(rows[table.name] ?? []);
    });
    expect(v1.verno).toBe(1);
    v1.close();

    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(CURRENT_SCHEMA_VERSION).toBeGreaterThanOrEqual(2);

    const watchlistKey = storeRequestKey('accountTvWatchlist', { account_id: 548 }, 'scope-1');
    expect(await readSyncMeta(db, watchlistKey)).toMatchObject({ userScope: 'scope-1', etag: 'W/"w"' });
    const trendingKey = storeRequestKey('trendingTv', { time_window: 'week' });
    expect(await readSyncMeta(db, trendingKey)).not.toHaveProperty('userScope');
    // The new indexes answer queries over the migrated rows.
    expect(await db.syncMeta.where('userScope').equals('scope-1').primaryKeys()).toEqual([watchlistKey]);
    expect(await db.syncMeta.where('expiresAt').belowOrEqual(500).count()).toBe(2);
    // Data written under version 1 reads back as served.
    const trending = await loadSample('trendingTv', 'trending-tv-week.json');
    expect(await readStored(db, 'trendingTv', { time_window: 'week' })).toStrictEqual(trending);
    const watchlist = await loadSample('accountTvWatchlist', 'account-watchlist-tv.json');
    expect(await readStored(db, 'accountTvWatchlist', { account_id: 548 }, 'scope-1')).toStrictEqual(watchlist);
    db.close();
  });

  it('a fresh database is created at the current version with every table', async () => {
    const db = freshDatabase();
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(db.tables.map((t) => t.name).sort()).toEqual(
      [
        ...Object.keys(version1Stores),
        'episodeCursors',
        ...Object.keys(version4Stores),
        'sizeLedger',
        ...Object.keys(version7Stores),
      ].sort(),
    );
    // Version 5 dropped the list pages' unused `operation` index.
    expect(db.listPages.schema.indexes).toEqual([]);
    // Version 6 dropped the sync metadata's `operation` index (the request key starts with the operation).
    expect(db.syncMeta.schema.indexes.map((index) => index.name).sort()).toEqual(['expiresAt', 'userScope']);
  });
  it('opens a version-4 database at the current version: the size ledger is added empty, every row and the outbox intact', async () => {
    const indexedDB = new IDBFactory();
    const rows = await version1Rows();
    rows.outbox = [
      {
        seq: 1,
        userScope: 'scope-1',
        coalesceKey: 'removeListItem:1:2',
        state: 'pending',
        mutation: { operation: 'removeListItem', params: { list_id: 1, media_id: 2 } },
        undo: [],
      },
    ];
    rows.users = [{ id: 'scope-1', selectedAt: 5 }];
    const v4 = new Dexie('catalogue', { indexedDB, IDBKeyRange });
    v4.version(1).stores(version1Stores);
    v4.version(2).stores(version2Stores);
    v4.version(3).stores(version3Stores);
    v4.version(4).stores(version4Stores);
    await v4.transaction('rw', v4.tables, async () => {
      for (const table of v4.tables) await table.bulkPut(rows[table.name] ?? []);
    });
    const before = Object.fromEntries(await Promise.all(v4.tables.map(async (t) => [t.name, await t.toArray()])));
    expect(v4.verno).toBe(4);
    v4.close();

    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(await db.sizeLedger.count()).toBe(0);
    const after = await dumpDatabase(db);
    const { sizeLedger: _ledger, bootViews, bootDeps, ...carried } = after;
    // Version 7's boot store starts empty.
    expect([bootViews, bootDeps]).toEqual([[], []]);
    expect(carried).toEqual(before);
    expect(after.outbox).toHaveLength(1);
    // The upgrade deleted the list pages' `operation` index in IndexedDB itself, not only in Dexie's schema.
    const tx = db.backendDB().transaction(['listPages', 'syncMeta'], 'readonly');
    expect([...tx.objectStore('listPages').indexNames]).toEqual([]);
    // And version 6 the sync metadata's `operation` index.
    expect([...tx.objectStore('syncMeta').indexNames].sort()).toEqual(['expiresAt', 'userScope']);
    db.close();
  });

  it('finds the sync metadata of an operation by key range, never another operation sharing its first letters', async () => {
    const db = freshDatabase();
    const row = (requestKey: string, operation: string) => ({
      requestKey,
      operation,
      params: {},
      fetchedAt: 1,
      expiresAt: 2,
    });
    await db.syncMeta.bulkPut([
      row('configuration', 'configuration'),
      row('seasonDetails?season_number=1&series_id=5', 'seasonDetails'),
      row('seasonDetails?season_number=2&series_id=5', 'seasonDetails'),
      row('seasonCredits?season_number=1&series_id=5', 'seasonCredits'),
      // Not operations the service has, but keys that share `seasonDetails`'s first letters.
      row('seasonDetailsExtra?x=1', 'seasonDetailsExtra'),
      row('seasonDetail', 'seasonDetail'),
    ]);
    const keys = async (operations: string[]) => (await syncMetaOfOperations(db, operations).primaryKeys()).sort();
    expect(await keys(['seasonDetails'])).toEqual([
      'seasonDetails?season_number=1&series_id=5',
      'seasonDetails?season_number=2&series_id=5',
    ]);
    expect(await keys(['configuration', 'seasonCredits'])).toEqual([
      'configuration',
      'seasonCredits?season_number=1&series_id=5',
    ]);
    expect(await keys([])).toEqual([]);
    db.close();
  });
});
