import { IDBDatabase, IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import { readStoredWithMeta, storeRequestKey } from '../../src/store/index.js';
import { closedAfterEach } from '../sync/catalogue-fixture.js';
import { record, until } from './view-helpers.js';

const open = closedAfterEach();

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
      if (openAtFirstData === undefined && view.getSnapshot().data) openAtFirstData = databaseOf(catalogue).isOpen();
    });
    const shown = await until(clock, view, (s) => s.data !== undefined);
    expect(openAtFirstData).toBe(false);
    expect(shown).toMatchObject({ status: 'fresh', error: undefined });

    // What Dexie reads once open is the same answer: the snapshot object stays.
    await databaseOf(catalogue).open();
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
    expect(databaseOf(catalogue).isOpen()).toBe(false);
  });

  it("comes from the boot row a shown view left, in one read of one table, with the store's own answer", async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const writer = open({ catalogue: { indexedDB } });
    await writer.catalogue.sync.pull('trendingTv', { time_window: 'week' });
    // Shown once: its first live read leaves a boot row (none existed).
    const shownBefore = writer.catalogue.trendingTv({ time_window: 'week' });
    const stopShown = shownBefore.subscribe(() => {});
    const key = storeRequestKey('trendingTv', { language: 'en-US', time_window: 'week' });
    const bootRow = async () => databaseOf(writer.catalogue).bootViews.get(key);
    for (let i = 0; i < 50 && !(await bootRow()); i++) await writer.clock.flush();
    expect(await bootRow()).toBeDefined();
    stopShown();
    await writer.catalogue.close();

    const original = IDBDatabase.prototype.transaction;
    const opened: string[][] = [];
    const spy = vi.spyOn(IDBDatabase.prototype, 'transaction').mockImplementation(function (
      this: IDBDatabase,
      ...args: Parameters<IDBDatabase['transaction']>
    ) {
      opened.push(typeof args[0] === 'string' ? [args[0]] : [...args[0]]);
      return original.apply(this, args);
    });
    try {
      const { catalogue, clock, connectivity } = open({ catalogue: { indexedDB } });
      connectivity.setOnline(false);
      const view = catalogue.trendingTv({ time_window: 'week' });
      let before: string[][] | undefined;
      const stop = view.subscribe(() => {
        if (!before && view.getSnapshot().data) before = [...opened];
      });
      const shown = await until(clock, view, (s) => s.data !== undefined);
      // Restoring the user read `users`; the view read its boot row: no record, page or freshness table.
      expect(before?.sort()).toEqual([['bootViews'], ['users']]);
      expect(shown).toMatchObject({ status: 'fresh', error: undefined });
      await databaseOf(catalogue).open();
      const live = await readStoredWithMeta(databaseOf(catalogue), 'trendingTv', {
        language: 'en-US',
        time_window: 'week',
      });
      expect(shown.data).toStrictEqual(live.entry?.data);
      expect(shown.updatedAt).toBe(live.meta?.fetchedAt);
      stop();
    } finally {
      spy.mockRestore();
    }
  });

  it('is rewritten when a view whose data changed stops, not on every change; user views keep none', async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const { catalogue, clock, service } = open({ catalogue: { indexedDB } });
    await catalogue.sync.pull('trendingTv', { time_window: 'week' });
    const key = storeRequestKey('trendingTv', { language: 'en-US', time_window: 'week' });
    const boot = () => databaseOf(catalogue).bootViews.get(key);
    const view = catalogue.trendingTv({ time_window: 'week' });
    const recorder = record(view);
    await until(clock, view, (s) => s.data !== undefined);
    for (let i = 0; i < 50 && !(await boot()); i++) await clock.flush();
    const written = await boot();
    expect(written).toBeDefined();

    // Two changes while it shows: each deletes the row (in the write's transaction), neither rewrites it.
    const id = view.getSnapshot().data?.results[0]?.id as number;
    for (const name of ['First rename', 'Second rename']) {
      await databaseOf(catalogue).tvSeries.update(id, { name });
      await until(clock, view, (s) => s.data?.results[0]?.name === name);
      expect(await boot()).toBeUndefined();
    }
    // Leaving the screen writes it once, with what it last showed.
    recorder.stop();
    for (let i = 0; i < 50 && !(await boot()); i++) await clock.flush();
    const rewritten = JSON.parse((await boot())?.json ?? '{}') as { data?: { results: { name: string }[] } };
    expect(rewritten.data?.results[0]?.name).toBe('Second rename');

    // A user view's answer is the user's: it never goes to the boot store.
    const { session_id, account_id } = service.control.createSession();
    await catalogue.setUser({ account_id, session_id });
    const watchlist = catalogue.accountTvWatchlist({ sort_by: 'created_at.asc' });
    const watching = record(watchlist);
    await until(clock, watchlist, (s) => s.status === 'fresh' && !s.fetching);
    for (let i = 0; i < 20; i++) await clock.flush();
    watching.stop();
    for (let i = 0; i < 20; i++) await clock.flush();
    expect(await databaseOf(catalogue).bootViews.toCollection().primaryKeys()).toEqual([key]);
  });
});
