import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import type { StorageFigures } from '../../src/env.js';
import { QUOTA_RECHECK_MS, QUOTA_ROOM_BYTES } from '../../src/sync/quota-resume.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { fullDiskFactory } from './support/full-disk.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.catalogue.close();
  fixture = undefined;
});

/** The origin's storage as `navigator.storage.estimate()` would report it: full until the test frees it. */
function storage() {
  let figures: StorageFigures | undefined = { usage: 50_000_000, quota: 50_000_000 };
  let asked = 0;
  return {
    estimate: async () => {
      asked += 1;
      return figures;
    },
    set(next: StorageFigures | undefined) {
      figures = next;
    },
    get asked() {
      return asked;
    },
  };
}

/**
 * A signed-in catalogue on a disk that fills up, with one change made offline: once online, its drain meets the
 * full disk (the claim cannot be written) and stops. Resolves when it has.
 */
async function stoppedOnFullDisk(disk = storage()) {
  const full = fullDiskFactory(new IDBFactory());
  fixture = oneCatalogue({
    catalogue: { indexedDB: { indexedDB: full.factory, IDBKeyRange }, storageEstimate: disk.estimate },
  });
  const { catalogue, service, connectivity, clock, writes } = fixture;
  const session = service.control.createSession();
  await catalogue.setUser(session);
  const movies = service.control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] };
  const items = movies.results.slice(0, 3).map((movie) => movie.id);
  const { list_id } = service.control.createList({ session_id: session.session_id, items });
  await catalogue.sync.pull('listDetails', { list_id });
  connectivity.setOnline(false);
  await catalogue.lists.removeItem({ list_id, media_id: items[0] as number });
  full.control.full = true;
  connectivity.setOnline(true);
  await clock.advance(10_000);
  const db = databaseOf(catalogue);
  expect(writes).toEqual([]);
  expect((await db.outbox.toArray()).map((row) => row.state)).toEqual(['pending']);
  /** Whether the change reached the service (once) and left the outbox within a few seconds, with no trigger. */
  const sent = async () => {
    for (let step = 0; step < 10; step++) {
      if (writes.length === 1 && (await db.outbox.count()) === 0) return true;
      await clock.advance(500);
    }
    return false;
  };
  return { ...fixture, full, disk, list_id, items, sent };
}

describe('a drain stopped by a full disk resumes once storage is freed, with no other trigger', () => {
  it('when the storage estimate shows room (asked while stopped, not before)', async () => {
    const disk = storage();
    const f = await stoppedOnFullDisk(disk);
    // Still full: the estimate is asked, the drain waits.
    await f.clock.advance(3 * QUOTA_RECHECK_MS);
    expect(disk.asked).toBeGreaterThanOrEqual(3);
    expect(f.writes).toEqual([]);
    // Freed, but the estimate still shows less than the room asked for: it waits.
    f.full.control.full = false;
    disk.set({ usage: 50_000_000 - QUOTA_ROOM_BYTES / 2, quota: 50_000_000 });
    await f.clock.advance(QUOTA_RECHECK_MS);
    expect(f.writes).toEqual([]);
    disk.set({ usage: 10_000_000, quota: 50_000_000 });
    await f.clock.advance(QUOTA_RECHECK_MS);
    expect(await f.sent()).toBe(true);
    expect(f.writes).toEqual([`POST /3/list/${f.list_id}/remove_item`]);
    expect(await f.catalogue.read('listDetails', { list_id: f.list_id })).toMatchObject({
      items: expect.not.arrayContaining([expect.objectContaining({ id: f.items[0] })]),
    });
  });

  it('at the next write of the store that succeeds (a pull), though the estimate never shows room', async () => {
    const f = await stoppedOnFullDisk();
    f.full.control.full = false;
    await f.clock.advance(QUOTA_RECHECK_MS / 2);
    expect(f.writes).toEqual([]);
    await f.catalogue.sync.pull('trendingTv', { time_window: 'day' });
    expect(await f.sent()).toBe(true);
  });

  it('where there is no estimate, by trying again at the recheck pace', async () => {
    const disk = storage();
    disk.set(undefined);
    const f = await stoppedOnFullDisk(disk);
    // Still full: each try fails on the claim and writes nothing; nothing reaches the service.
    await f.clock.advance(2 * QUOTA_RECHECK_MS);
    expect(f.writes).toEqual([]);
    f.full.control.full = false;
    await f.clock.advance(QUOTA_RECHECK_MS);
    expect(await f.sent()).toBe(true);
  });

  it('stops asking once the catalogue is closed', async () => {
    const disk = storage();
    const f = await stoppedOnFullDisk(disk);
    await f.clock.advance(QUOTA_RECHECK_MS);
    expect(disk.asked).toBeGreaterThan(0);
    await f.catalogue.close();
    const asked = disk.asked;
    await f.clock.advance(5 * QUOTA_RECHECK_MS);
    expect(disk.asked).toBe(asked);
  });
});
