import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredWithMeta } from '../../src/store/index.js';
import { type CatalogueFixture, catalogueFixture } from '../sync/catalogue-fixture.js';
import { record, until } from './view-helpers.js';

const fixtures: CatalogueFixture[] = [];
function open(options: Parameters<typeof catalogueFixture>[0] = {}): CatalogueFixture {
  const fixture = catalogueFixture(options);
  fixtures.push(fixture);
  return fixture;
}
afterEach(async () => {
  for (const f of fixtures.splice(0)) await f.catalogue.close();
});

describe("a new page's first snapshot", () => {
  it('comes straight from IndexedDB before Dexie has opened, equal to the live read, and live updates follow', async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const writer = open({ catalogue: { indexedDB } });
    await writer.catalogue.sync.pull('trendingTv', { time_window: 'week' });
    await writer.catalogue.close();

    // A new instance on the same database (a reload), offline so that nothing but the store answers.
    const { catalogue, clock, connectivity } = open({ catalogue: { indexedDB } });
    connectivity.setOnline(false);
    const view = catalogue.trendingTv({ time_window: 'week' });
    let openAtFirstData: boolean | undefined;
    const stop = view.subscribe(() => {
      if (openAtFirstData === undefined && view.getSnapshot().data) openAtFirstData = catalogue.database.isOpen();
    });
    const shown = await until(clock, view, (s) => s.data !== undefined);
    expect(openAtFirstData).toBe(false);
    expect(shown).toMatchObject({ status: 'fresh', error: undefined });

    // What Dexie reads once open is the same answer: the snapshot object stays.
    await catalogue.database.open();
    const live = await readStoredWithMeta(catalogue.database, 'trendingTv', { language: 'en-US', time_window: 'week' });
    expect(shown.data).toStrictEqual(live.entry?.data);
    expect(shown.updatedAt).toBe(live.meta?.fetchedAt);
    const recorder = record(view);
    await until(clock, view, () => true);
    expect(view.getSnapshot()).toBe(shown);

    // The live query took over: a record changed by another writer shows in the view.
    const first = shown.data?.results[0];
    await catalogue.database.tvSeries.update(first?.id as number, { name: 'Renamed by another tab' });
    const renamed = await until(clock, view, (s) => s.data?.results[0]?.name === 'Renamed by another tab');
    expect(renamed.data?.results.slice(1)).toStrictEqual(shown.data?.results.slice(1));
    recorder.stop();
    stop();
  });

  it('restores the signed-in user without waiting for Dexie', async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const first = open({ catalogue: { indexedDB } });
    await first.catalogue.auth.createGuestSession();
    const scope = first.catalogue.userScopeId;
    expect(scope).toMatch(/^guest:/);
    await first.catalogue.close();

    const { catalogue, connectivity } = open({ catalogue: { indexedDB } });
    connectivity.setOnline(false);
    await catalogue.auth.ready();
    expect(catalogue.userScopeId).toBe(scope);
    // Offline, nothing else needed the database: restoring the user did not open Dexie.
    expect(catalogue.database.isOpen()).toBe(false);
  });
});
