import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import { readStoredWithMeta } from '../../src/store/index.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, until } from './view-helpers.js';

const open = closedAfterEach();

describe("a new page's first snapshot", () => {
  it('is the stored answer, from the live read, and live updates follow', async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const writer = open({ catalogue: { indexedDB } });
    await writer.catalogue.sync.pull('trendingTv', { time_window: 'week' });
    await writer.catalogue.close();

    // A new instance on the same database (a reload), offline so that nothing but the store answers.
    const { catalogue, clock, connectivity } = open({ catalogue: { indexedDB } });
    connectivity.setOnline(false);
    const view = catalogue.trendingTv({ time_window: 'week' });
    const stop = view.subscribe(() => {});
    const shown = await until(clock, view, (s) => s.data !== undefined);
    expect(shown).toMatchObject({ status: 'fresh', error: undefined, fetching: false });

    // The store's own answer; re-reads of it keep the snapshot object.
    const live = await readStoredWithMeta(databaseOf(catalogue), 'trendingTv', {
      language: 'en-US',
      time_window: 'week',
    });
    expect(shown.data).toStrictEqual(live.entry?.data);
    expect(shown.updatedAt).toBe(live.meta?.fetchedAt);
    const recorder = record(view);
    await until(clock, view, () => true);
    expect(view.getSnapshot()).toBe(shown);

    // The live query took over: a record changed by another writer shows in the view.
    const first = shown.data?.results[0];
    await databaseOf(catalogue).tvSeries.update(first?.id as number, { name: 'Renamed by another tab' });
    const renamed = await until(clock, view, (s) => s.data?.results[0]?.name === 'Renamed by another tab');
    expect(renamed.data?.results.slice(1)).toStrictEqual(shown.data?.results.slice(1));
    recorder.stop();
    stop();
  });

  it('restores the signed-in user offline', async () => {
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
  });
});
