import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import {
  CURRENT_SCHEMA_VERSION,
  clearDatabase,
  openCatalogueDatabase,
  readStored,
  writeResponse,
} from '../../src/store/index.js';
import { PIECE_ROWS } from '../../src/store/records/apply-record-writes.js';
import { version1Stores } from '../../src/store/schema/version-1.js';
import { interceptMutations } from '../helpers/mutate-middleware.js';
import { dumpDatabase, freshDatabase, loadSample, ok } from './store-fixtures.js';

describe('openCatalogueDatabase', () => {
  it('validates its options with precise TypeErrors', () => {
    const indexedDB = new IDBFactory();
    expect(() => openCatalogueDatabase({ name: '', indexedDB, IDBKeyRange })).toThrow(/`name`/);
    expect(() => openCatalogueDatabase({ name: 'x', indexedDB: {} as IDBFactory, IDBKeyRange })).toThrow(/`indexedDB`/);
    expect(() =>
      openCatalogueDatabase({ name: 'x', indexedDB, IDBKeyRange: {} as typeof globalThis.IDBKeyRange }),
    ).toThrow(/`IDBKeyRange`/);
  });

  it('closes when another connection upgrades, tells the caller, and lets the upgrade through', async () => {
    const indexedDB = new IDBFactory();
    const events: number[] = [];
    const db = openCatalogueDatabase({
      name: 'shared',
      indexedDB,
      IDBKeyRange,
      onVersionChange: (event) => events.push(event.newVersion ?? -1),
    });
    await db.open();
    const newer = new Dexie('shared', { indexedDB, IDBKeyRange });
    const next = CURRENT_SCHEMA_VERSION + 1;
    newer.version(next).stores({ movies: 'id' });
    await newer.open();
    expect(newer.verno).toBe(next);
    expect(events).toEqual([next * 10]); // Dexie multiplies version numbers by 10 in IndexedDB
    expect(db.isOpen()).toBe(false);
    newer.close();
  });

  it('keeps record tables on their primary key alone, in a new database and one upgraded from version 1', async () => {
    const indexedDB = new IDBFactory();
    const v1 = new Dexie('records', { indexedDB, IDBKeyRange });
    v1.version(1).stores(version1Stores);
    await v1.open();
    await v1.table('tvSeries').put({ id: 7, name: 'Kept', popularity: 3, genre_ids: [18] });
    v1.close();
    for (const name of ['records', 'fresh']) {
      const db = openCatalogueDatabase({ name, indexedDB, IDBKeyRange });
      await db.open();
      // Unused secondary indexes cost every put their keys: local discover and search scan and filter in memory.
      for (const table of [db.movies, db.tvSeries, db.people]) expect(table.schema.indexes).toEqual([]);
      const native = db.backendDB().transaction('tvSeries').objectStore('tvSeries');
      expect([...native.indexNames]).toEqual([]);
      if (name === 'records') expect(await db.tvSeries.get(7)).toMatchObject({ name: 'Kept' });
      db.close();
    }
  });

  it('clearDatabase() empties every table and the database stays usable', async () => {
    const db = freshDatabase();
    const trending = await loadSample('trendingMovies', 'trending-movie-week.json');
    const params = { time_window: 'week' as const };
    await writeResponse(db, { operation: 'trendingMovies', params, response: ok(trending), expiresAt: 1, now: 0 });
    await clearDatabase(db);
    expect(Object.values(await dumpDatabase(db)).flat()).toEqual([]);
    expect(await readStored(db, 'trendingMovies', params)).toBeUndefined();
    await writeResponse(db, { operation: 'trendingMovies', params, response: ok(trending), expiresAt: 1, now: 0 });
    expect(await readStored(db, 'trendingMovies', params)).toStrictEqual(trending);
  });

  it('writes large pages in pieces of at most PIECE_ROWS rows within the one transaction', async () => {
    const db = freshDatabase();
    const sizes: number[] = [];
    interceptMutations(db, 'bulk-sizes', (req, name, next) => {
      if (name === 'tvSeries' && req.type === 'put') sizes.push(req.values.length);
      return next(req);
    });
    const sample = await loadSample('discoverTv', 'discover-tv.json');
    const template = sample.results[0];
    if (!template) throw new Error('empty sample');
    const results = Array.from({ length: 20_001 }, (_, i) => ({ ...template, id: i + 1 }));
    const big = { ...sample, results };
    await writeResponse(db, { operation: 'discoverTv', params: {}, response: ok(big), expiresAt: 1, now: 0 });
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(20_001);
    expect(Math.max(...sizes)).toBe(PIECE_ROWS);
    expect((await readStored(db, 'discoverTv', {}))?.results).toHaveLength(20_001);
  });
});
