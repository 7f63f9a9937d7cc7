import { type IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { ANSWERS_STORE, openFirstAnswersDb, STATE_KEY } from '../../src/store/first-answers/first-answers-db.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { until } from '../query/view-helpers.js';
import { fullDiskFactory } from '../reliability/support/full-disk.js';

const DB = 'clear-full-disk';
let world: CatalogueWorld;
beforeEach(() => {
  world = catalogueWorld({ dbName: DB, connectivity: 'per-instance' });
});
afterEach(() => world.closeAll());

/** The keys of the first answers a reloaded page would find. */
async function firstAnswerKeys(indexedDB: IDBFactory): Promise<string[]> {
  const db = (await openFirstAnswersDb(indexedDB, `${DB}${DATABASE_PROTOCOL_SUFFIX}`)) as IDBDatabase;
  try {
    return await new Promise((resolve, reject) => {
      const request = db.transaction(ANSWERS_STORE, 'readonly').objectStore(ANSWERS_STORE).getAllKeys();
      request.onsuccess = () => resolve((request.result as string[]).filter((key) => key !== STATE_KEY));
      request.onerror = () => reject(request.error);
    });
  } finally {
    db.close();
  }
}

describe('clear() on a full disk', () => {
  it.each([
    ['browse data', {}],
    ['browse and user data', { userData: true }],
  ])('clearing %s leaves no first answer of what it removed, and a reload shows none of it', async (_name, options) => {
    const { clock } = world;
    // Every instance opens on a disk the test can fill.
    const disk = fullDiskFactory(world.indexedDB);
    const open = () => world.open({ indexedDB: { indexedDB: disk.factory, IDBKeyRange } });
    const first = open();
    const keys: string[] = [];
    for (const window of ['day', 'week'] as const) {
      const view = first.trendingTv({ time_window: window });
      const stop = view.subscribe(() => {});
      await until(clock, view, (s) => s.status === 'fresh');
      stop();
      keys.push(view.requestKey);
    }
    await first.close();
    expect((await firstAnswerKeys(disk.factory)).sort()).toEqual([...keys].sort());

    const second = open();
    await second.read('trendingTv', { time_window: 'day' });
    disk.control.full = true;
    await second.clear(options);
    expect(await second.read('trendingTv', { time_window: 'day' })).toBeUndefined();
    // A crash right after the clear: nothing of the cleared data is a first answer.
    expect(await firstAnswerKeys(disk.factory)).toEqual([]);
    await second.close();
    expect(await firstAnswerKeys(disk.factory)).toEqual([]);
    disk.control.full = false;
  });
});
