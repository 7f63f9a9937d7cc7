import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, openCatalogueDatabase } from '../../src/store/index.js';
import { version1Stores } from '../../src/store/schema/version-1.js';
import { version2Stores } from '../../src/store/schema/version-2.js';
import { version3Stores } from '../../src/store/schema/version-3.js';
import { version4Stores } from '../../src/store/schema/version-4.js';
import { version5Stores } from '../../src/store/schema/version-5.js';
import { version6Stores } from '../../src/store/schema/version-6.js';

/**
 * The database declares one version, whose upgrade runs every earlier backfill (see `catalogue-database.ts`). These
 * open a database written by each released version, declared exactly as that release declared it, and check that
 * nothing is lost and that no backfill undoes what a database already had.
 */
const RELEASES = [
  version1Stores,
  version2Stores,
  version3Stores,
  version4Stores,
  version5Stores,
  version6Stores,
] as const;

const EPISODES = [
  { id: 501, show_id: 5, season_number: 1, episode_number: 1, name: 'Pilot' },
  { id: 502, show_id: 5, season_number: 1, episode_number: 2, name: 'Second' },
];
const USER_KEY = 'tvAccountStates?series_id=5&user_scope=u1';
const PUBLIC_KEY = 'trendingTv?language=en-US&time_window=week';

async function writtenBy(version: number, indexedDB: IDBFactory): Promise<void> {
  const old = new Dexie('catalogue', { indexedDB, IDBKeyRange });
  for (let v = 1; v <= version; v++) old.version(v).stores(RELEASES[v - 1] as Record<string, string>);
  await old.open();
  await old.table('episodes').bulkPut(EPISODES);
  await old.table('tvAccountStates').put({ userScope: 'u1', series_id: 5, id: 5, favorite: true, rated: false });
  // Version 1 recorded no user scope on freshness rows: version 2 reads it back out of the request key.
  const scoped = version >= 2 ? { userScope: 'u1' } : {};
  await old.table('syncMeta').bulkPut([
    { requestKey: USER_KEY, operation: 'tvAccountStates', params: {}, fetchedAt: 1, expiresAt: 2, ...scoped },
    { requestKey: PUBLIC_KEY, operation: 'trendingTv', params: {}, fetchedAt: 1, expiresAt: 2 },
  ]);
  if (version >= 3) {
    // A cursor that has seen changes: a re-run of version 3's backfill would reset it to 0.
    await old.table('episodeCursors').put({
      episode_id: 501,
      series_id: 5,
      season_number: 1,
      episode_number: 1,
      checkedAt: 777,
      applied: ['c1'],
    });
  }
  if (version >= 4) {
    await old.table('users').put({ id: 'u1', selectedAt: 3 });
    await old.table('outbox').add({ userScope: 'u1', coalesceKey: 'favorite:tv:5', state: 'pending', attempts: 0 });
  }
  expect(old.verno).toBe(version);
  old.close();
}

describe('databases of every released version open at the current one', () => {
  it.each([1, 2, 3, 4, 5, 6])('version %i', async (version) => {
    const indexedDB = new IDBFactory();
    await writtenBy(version, indexedDB);

    const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);

    expect(await db.episodes.toArray()).toEqual(EPISODES);
    expect(await db.tvAccountStates.count()).toBe(1);
    expect(await db.syncMeta.get(USER_KEY)).toMatchObject({ userScope: 'u1' });
    expect(await db.syncMeta.get(PUBLIC_KEY)).not.toHaveProperty('userScope');
    expect(await db.syncMeta.where('userScope').equals('u1').primaryKeys()).toEqual([USER_KEY]);

    const cursors = await db.episodeCursors.orderBy('episode_id').toArray();
    if (version < 3) {
      // Backfilled once for every stored episode, from 0 (older than any change window).
      expect(cursors.map((c) => [c.episode_id, c.checkedAt])).toEqual([
        [501, 0],
        [502, 0],
      ]);
    } else {
      // A cursor already there is kept as it was (a re-run from 0 would send the episode down the fallback again);
      // an episode without one (the library never leaves one so since version 3; this fixture does) gets one.
      expect(cursors).toHaveLength(2);
      expect(cursors[0]).toMatchObject({ episode_id: 501, checkedAt: 777, applied: ['c1'] });
      expect(cursors[1]).toMatchObject({ episode_id: 502, checkedAt: 0, applied: [] });
    }
    expect(await db.outbox.count()).toBe(version >= 4 ? 1 : 0);
    expect(await db.users.count()).toBe(version >= 4 ? 1 : 0);
    db.close();

    // And it opens again at the current version without another upgrade touching the data.
    const again = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
    await again.open();
    expect(again.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(await again.episodeCursors.orderBy('episode_id').toArray()).toEqual(cursors);
    again.close();
  });
});
