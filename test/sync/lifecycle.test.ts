import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { isClosedError } from '../../src/errors/index.js';
import { DATA_KINDS } from '../../src/store/tables/data-kinds.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, until } from '../query/view-helpers.js';

const open = closedAfterEach();
const SESSION = { account_id: 7, session_id: 's'.repeat(40) };

/** A catalogue with browse data, the user's account state, and one change waiting in the outbox (offline). */
async function withEveryKind() {
  const fixture = open();
  const { catalogue, clock, connectivity, service } = fixture;
  await catalogue.sync.pull('trendingTv', { time_window: 'day' });
  await clock.runUntil(catalogue.setUser(service.control.createSession()));
  const seriesId = (await catalogue.read('trendingTv', { time_window: 'day' }))?.results[0]?.id as number;
  await catalogue.sync.pull('tvAccountStates', { series_id: seriesId });
  connectivity.setOnline(false);
  await catalogue.account.markFavorite({ media_type: 'tv', media_id: seriesId, favorite: true });
  return { ...fixture, seriesId };
}

describe('lifecycle: clear, delete, storage, resume, closed', () => {
  it('every table has a kind (storage figures and clear() cover the whole store)', async () => {
    const { catalogue } = open();
    await catalogue.auth.ready();
    const kinds = Object.values(DATA_KINDS).flat().sort();
    expect(kinds).toEqual(
      databaseOf(catalogue)
        .tables.map((table) => table.name)
        .sort(),
    );
  });

  it('clear() empties browse data and keeps the user data and the outbox; a view shown fetches again', async () => {
    const { catalogue, clock, connectivity, seriesId } = await withEveryKind();
    const before = await catalogue.storage();
    expect(before.byKind.browse.rows).toBeGreaterThan(0);
    expect(before.byKind.user.rows).toBeGreaterThan(0);
    expect(before.byKind.outbox.rows).toBeGreaterThan(0);
    expect(before.byKind.browse.bytes).toBeGreaterThan(before.byKind.browse.rows);
    const view = catalogue.trendingTv({ time_window: 'day' });
    const recorder = record(view);
    await until(clock, view, (s) => s.status === 'fresh');

    await catalogue.clear();
    const after = await catalogue.storage();
    // What is left of the browse tables is the user's freshness rows (their account state's).
    const left = await databaseOf(catalogue).syncMeta.toArray();
    expect(left.map((row) => row.operation)).toEqual(['tvAccountStates']);
    expect(after.byKind.browse.rows).toBe(1);
    expect(after.byKind.user).toEqual(before.byKind.user);
    expect(after.byKind.outbox).toEqual(before.byKind.outbox);
    expect(await catalogue.read('tvAccountStates', { series_id: seriesId })).toMatchObject({ favorite: true });
    await until(clock, view, (s) => s.status === 'missing');
    connectivity.setOnline(true);
    await until(clock, view, (s) => s.status === 'fresh' && s.data !== undefined);
    recorder.stop();

    connectivity.setOnline(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: seriesId, favorite: false });
    const pending = (await catalogue.storage()).byKind.outbox;
    expect(pending.rows).toBeGreaterThan(0);
    await catalogue.clear({ userData: true });
    const cleared = await catalogue.storage();
    expect(cleared.byTable.tvAccountStates?.rows).toBe(0);
    expect(cleared.byTable.users?.rows).toBe(1);
    expect(cleared.byKind.outbox).toEqual(pending);
  });

  it('delete() closes the catalogue and leaves no database', async () => {
    const indexedDB = new IDBFactory();
    const { catalogue } = open({ catalogue: { indexedDB: { indexedDB, IDBKeyRange } } });
    await catalogue.sync.pull('trendingTv', { time_window: 'day' });
    expect((await indexedDB.databases()).map((db) => db.name)).toContain(`catalogue-test${DATABASE_PROTOCOL_SUFFIX}`);
    await catalogue.delete();
    expect(await indexedDB.databases()).toEqual([]);
    await expect(catalogue.sync.pull('trendingTv', { time_window: 'day' })).rejects.toSatisfy(isClosedError);
  });

  it('a closed catalogue fails every call and view with ClosedError; close() twice is one close', async () => {
    const { catalogue } = open();
    const view = catalogue.trendingTv({ time_window: 'week' });
    await Promise.all([catalogue.close(), catalogue.close()]);
    expect(() => catalogue.trendingTv({ time_window: 'day' })).toThrow(
      expect.objectContaining({ name: 'ClosedError' }),
    );
    expect(view.getSnapshot()).toMatchObject({ status: 'missing', fetching: false });
    expect(isClosedError(view.getSnapshot().error)).toBe(true);
    for (const call of [
      () => catalogue.read('trendingTv', { time_window: 'day' }),
      () => catalogue.sync.refresh(),
      () => catalogue.setUser(SESSION),
      () => catalogue.auth.validate(),
      () => catalogue.configuration(),
      () => catalogue.clear(),
      () => catalogue.storage(),
      () => view.refresh(),
    ]) {
      await expect(call()).rejects.toSatisfy(isClosedError);
    }
  });

  it('read() is frozen like a snapshot', async () => {
    const { catalogue } = open();
    await catalogue.sync.pull('trendingTv', { time_window: 'day' });
    const stored = await catalogue.read('trendingTv', { time_window: 'day' });
    expect(Object.isFrozen(stored)).toBe(true);
    expect(Object.isFrozen(stored?.results[0])).toBe(true);
  });

  it('pages() on a new page shows again the pages loaded before', async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const first = open({ catalogue: { indexedDB } });
    const list = first.catalogue.pages('popularPeople', {});
    const recorder = record(list);
    await until(first.clock, list, (s) => s.status === 'fresh' && !s.fetching);
    await list.fetchNextPage();
    await list.fetchNextPage();
    await until(
      first.clock,
      list,
      (s) => s.pageCount === 3 && !s.fetching && !s.fetchingNextPage && s.status === 'fresh',
    );
    const shown = list.getSnapshot().data?.results.length;
    recorder.stop();
    await first.catalogue.close();

    const { catalogue, clock, connectivity, urls } = open({ catalogue: { indexedDB } });
    connectivity.setOnline(false);
    const again = catalogue.pages('popularPeople', {});
    const second = record(again);
    const resumed = await until(clock, again, (s) => s.data?.page === 3 && !s.fetchingNextPage);
    expect(resumed.data?.results.length).toBe(shown);
    expect(resumed.hasNextPage).toBe(true);
    expect(urls).toEqual([]);
    second.stop();
  });
});
