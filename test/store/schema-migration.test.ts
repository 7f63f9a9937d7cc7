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
import { failMutation } from '../../src/store/outbox/outbox-store.js';
import { version1Stores } from '../../src/store/schema/version-1.js';
import { userScopeOfRequestKey, version2Stores } from '../../src/store/schema/version-2.js';
import { version3Stores } from '../../src/store/schema/version-3.js';
import { version4Stores } from '../../src/store/schema/version-4.js';
import { version5Stores } from '../../src/store/schema/version-5.js';
import { version6Stores } from '../../src/store/schema/version-6.js';
import { version7Stores } from '../../src/store/schema/version-7.js';
import { version8Stores } from '../../src/store/schema/version-8.js';
import { version11Stores } from '../../src/store/schema/version-11.js';
import { version12Stores } from '../../src/store/schema/version-12.js';
import { version13Stores } from '../../src/store/schema/version-13.js';
import { writeThrough } from '../../src/store/write/write-gate.js';
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
        ...Object.keys(version8Stores),
        ...Object.keys(version11Stores),
        ...Object.keys(version12Stores),
        ...Object.keys(version13Stores),
      ].sort(),
    );
    // Version 9 dropped version 7's boot store.
    expect(db.tables.map((t) => t.name)).not.toContain(Object.keys(version7Stores)[0]);
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
    const {
      sizeLedger: _ledger,
      outboxBase,
      movieDetails,
      tvSeriesDetails,
      personDetails,
      adoptedRows,
      episodeNews,
      ...carried
    } = after;
    // Version 11's detail tables, version 12's adoption records and version 13's news start empty.
    expect([movieDetails, tvSeriesDetails, personDetails, adoptedRows, episodeNews]).toEqual([[], [], [], [], []]);
    // Version 8's bases start empty (the row had no snapshots), and rows lose `undo`; version 7's boot store came
    // and went (version 9).
    expect(outboxBase).toEqual([]);
    expect(after).not.toHaveProperty('bootViews');
    const outboxBefore = (before.outbox as Record<string, unknown>[]).map(({ undo: _undo, ...row }) => row);
    // These rows were written as version 1 wrote them, without `userScope`: the version-2 backfill (which runs for
    // any older database, and sets what the request key already says) gives them one.
    const syncMetaBefore = (before.syncMeta as { requestKey: string; userScope?: string }[]).map((row) => {
      const userScope = userScopeOfRequestKey(row.requestKey);
      return userScope === undefined ? row : { ...row, userScope };
    });
    expect(carried).toEqual({ ...before, outbox: outboxBefore, syncMeta: syncMetaBefore });
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

  it('opens a version-7 database whose pending rows carry undo snapshots: the oldest snapshot of each row becomes its base', async () => {
    const indexedDB = new IDBFactory();
    const state = (rated: unknown, favorite: boolean) => ({
      userScope: 'account:1',
      series_id: 7,
      id: 7,
      favorite,
      rated,
      watchlist: false,
    });
    const v7 = new Dexie('catalogue', { indexedDB, IDBKeyRange });
    v7.version(7).stores({
      ...version1Stores,
      ...version2Stores,
      ...version3Stores,
      ...version4Stores,
      ...version5Stores,
      ...version6Stores,
      ...version7Stores,
    });
    // As version 7 left them: two pending changes of one series applied in the stored row (favorite, then rated),
    // each with the row as it was before it; a failed row (rolled back, no snapshot).
    await v7.table('tvAccountStates').put(state({ value: 8 }, true));
    const mutation = (operation: string, params: Record<string, unknown>) => ({ operation, params });
    await v7.table('outbox').bulkPut([
      {
        seq: 1,
        userScope: 'account:1',
        idempotencyKey: 'a',
        coalesceKey: 'favorite:tv:7',
        mutation: mutation('markFavorite', { account_id: 1, media_type: 'tv', media_id: 7, favorite: true }),
        undo: [{ table: 'tvAccountStates', key: ['account:1', 7], row: state(false, false) }],
        state: 'pending',
        attempts: 0,
        createdAt: 1,
        updatedAt: 1,
      },
      {
        seq: 2,
        userScope: 'account:1',
        idempotencyKey: 'b',
        coalesceKey: 'rating:tv:7',
        mutation: mutation('rateTvSeries', { series_id: 7, value: 8 }),
        undo: [{ table: 'tvAccountStates', key: ['account:1', 7], row: state(false, true) }],
        state: 'pending',
        attempts: 0,
        createdAt: 2,
        updatedAt: 2,
      },
      {
        seq: 3,
        userScope: 'account:1',
        idempotencyKey: 'c',
        coalesceKey: 'rating:tv:8',
        mutation: mutation('rateTvSeries', { series_id: 8, value: 1 }),
        undo: [],
        state: 'failed',
        attempts: 1,
        createdAt: 3,
        updatedAt: 3,
      },
    ]);
    v7.close();

    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    const rows = await db.outbox.toArray();
    expect(rows.map((row) => [row.seq, row.state, 'undo' in row])).toEqual([
      [1, 'pending', false],
      [2, 'pending', false],
      [3, 'failed', false],
    ]);
    // The base is the state from before both changes; the stored row still shows both.
    expect(await db.outboxBase.toArray()).toEqual([
      {
        ref: 'tvAccountStates|["account:1",7]',
        group: 'tv|account:1|7',
        userScope: 'account:1',
        table: 'tvAccountStates',
        key: ['account:1', 7],
        row: state(false, false),
      },
    ]);
    expect(await db.tvAccountStates.get(['account:1', 7])).toEqual(state({ value: 8 }, true));
    // The first change refused: the state is rebased on that base without it, and the rating stays.
    const claim = { instance: 'tab', attempt: 1, leaseUntil: Number.MAX_SAFE_INTEGER };
    await db.outbox.update(1, { state: 'sending', attempts: 1, claim });
    await failMutation({ db, writeThrough }, 1, claim, { name: 'ServiceError', message: 'no', status: 401, at: 4 });
    expect(await db.tvAccountStates.get(['account:1', 7])).toEqual(state({ value: 8 }, false));
    db.close();
  });
});
