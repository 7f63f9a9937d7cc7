import { type IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import { ANSWERS_STORE, openFirstAnswersDb, STATE_KEY } from '../../src/store/first-answers-db.js';
import { catalogueWorld } from '../helpers/catalogue-world.js';
import { until } from '../query/view-helpers.js';
import { fullDiskFactory } from '../reliability/support/full-disk.js';

const DB = 'clear-full-disk';
const opened: Catalogue[] = [];
afterEach(async () => {
  for (const catalogue of opened.splice(0)) await catalogue.close();
});

/** A world whose catalogues open on a disk the test can fill. */
function setup() {
  const world = catalogueWorld({ dbName: DB, connectivity: 'per-instance' });
  const disk = fullDiskFactory(world.indexedDB);
  const open = () => {
    const catalogue = world.open({ indexedDB: { indexedDB: disk.factory, IDBKeyRange } });
    opened.push(catalogue);
    return catalogue;
  };
  return { clock: world.clock, disk, open };
}

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
    const { clock, disk, open } = setup();
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
