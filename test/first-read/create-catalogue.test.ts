import type { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { calls, type OperationName } from '../../src/api/calls.js';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import { createCatalogue, databaseOf } from '../../src/create-catalogue.js';
import { InvalidParamsError } from '../../src/errors/index.js';
import {
  ANSWERS_STORE,
  type FirstAnswerRow,
  openFirstAnswersDb,
  readFirstAnswer,
} from '../../src/store/first-answers/first-answers-db.js';
import { readStoredWithMeta } from '../../src/store/records/read-stored.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { record, until } from '../query/view-helpers.js';

const DB = 'first-read-test';
let world: CatalogueWorld;
beforeEach(() => {
  world = catalogueWorld({ dbName: DB });
});
afterEach(() => world.closeAll());

/** Writes a first answer straight into the one-store database (what a previous session's view left). */
async function putFirstAnswer(indexedDB: IDBFactory, key: string, row: FirstAnswerRow): Promise<void> {
  const db = await openFirstAnswersDb(indexedDB, `${DB}${DATABASE_PROTOCOL_SUFFIX}`);
  if (!db) throw new Error('the first answers database did not open');
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(ANSWERS_STORE, 'readwrite');
    tx.objectStore(ANSWERS_STORE).put(row, key);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
  });
  db.close();
}

describe('the first-read createCatalogue', () => {
  it('makes a view of each operation the registry stores, and of no other', () => {
    const catalogue = world.open();
    for (const operation of Object.keys(calls) as OperationName[]) {
      const make = () => catalogue.view(operation as never, {} as never);
      if (calls[operation].stored) {
        // A missing parameter is an `InvalidParamsError`: the operation itself was accepted.
        try {
          make();
        } catch (error) {
          expect(error, operation).toBeInstanceOf(InvalidParamsError);
        }
      } else expect(make, operation).toThrow(/is not an operation whose answers are stored/);
    }
    expect(() => catalogue.view('tvChanges' as never)).toThrow(TypeError);
  });

  it('validates options, operations and parameters at once, with the errors of the whole library', () => {
    const { open } = world;
    expect(() => createCatalogue({ baseUrl: '', accessToken: 'x' })).toThrow(TypeError);
    const catalogue = open();
    expect(() => catalogue.trendingTv({ time_window: 'month' as never })).toThrow(InvalidParamsError);
    expect(() => catalogue.discoverTv({ with_genre: '18' } as never)).toThrow(InvalidParamsError);
    expect(() => catalogue.view('tvChanges' as never)).toThrow(TypeError);
    expect(() => catalogue.pages('discoverTv', { page: 0 } as never)).not.toThrow();
    expect(() => catalogue.local.search(3 as never)).toThrow(TypeError);
    // A per-user call needs a user, not known before the library loads: its view waits (loading, then disabled
    // signed out), but bad params throw at once.
    expect(catalogue.accountTvWatchlist().getSnapshot()).toMatchObject({ status: 'loading', error: undefined });
    expect(() => catalogue.tvAccountStates({ series_id: -1 })).toThrow(InvalidParamsError);
    expect(() => catalogue.imageUrl('/a.jpg', 'poster', 'w92')).toThrow(/configuration/);
  });

  it('keys its views with the engine and hands back the same view for the same call', async () => {
    const { open } = world;
    const catalogue = open();
    const view = catalogue.trendingTv({ time_window: 'week' });
    expect(catalogue.trendingTv({ time_window: 'week' })).toBe(view);
    expect(catalogue.view('trendingTv', { time_window: 'week' })).toBe(view);
    expect(view.requestKey).toBe('trendingTv?language=en-US&page=1&time_window=week');
    expect(catalogue.pages('discoverTv', {})).toBe(catalogue.pages('discoverTv', { page: 3 } as never));
    // And still after the library has loaded.
    const pages = catalogue.pages('discoverTv', {});
    await catalogue.onIdle();
    expect(catalogue.trendingTv({ time_window: 'week' })).toBe(view);
    expect(catalogue.pages('discoverTv', {})).toBe(pages);
    const later = catalogue.trendingTv({ time_window: 'day' });
    expect(catalogue.trendingTv({ time_window: 'day' })).toBe(later);
    await catalogue.auth.ready();
    expect(catalogue.pages('accountTvWatchlist').getSnapshot()).toMatchObject({ disabled: true, error: undefined });
  });

  it('shows a stored first answer before the library has loaded, then follows the live view', async () => {
    const { open, indexedDB, clock } = world;
    // A previous session: the whole catalogue stores the list, the first answer is what its view showed.
    const writer = open();
    await writer.sync.pull('trendingTv', { time_window: 'week' });
    const stored = await writer.read('trendingTv', { time_window: 'week' });
    await writer.close();
    const key = 'trendingTv?language=en-US&page=1&time_window=week';
    await putFirstAnswer(indexedDB, key, {
      data: stored,
      updatedAt: clock.now(),
      expiresAt: clock.now() + 3_600_000,
    });

    const catalogue = open();
    const view = catalogue.trendingTv({ time_window: 'week' });
    const seen = record(view);
    const first = await until(clock, view, (s) => s.data !== undefined);
    expect(first).toMatchObject({ status: 'fresh', fetching: false, error: undefined });
    expect(first.data).toStrictEqual(stored);
    // Never back to loading once something was shown, and the live view agrees.
    await until(clock, view, () => catalogue.status !== undefined && seen.snapshots.length > 1);
    await catalogue.onIdle();
    expect(seen.snapshots.slice(seen.snapshots.indexOf(first)).every((s) => s.data !== undefined)).toBe(true);
    expect(view.getSnapshot().data).toStrictEqual(stored);
    seen.stop();
  });

  it('the first snapshot comes from the first answers, and the live read replaces it', async () => {
    const { open, indexedDB, clock } = world;
    const writer = open();
    await writer.sync.pull('trendingTv', { time_window: 'week' });
    const stored = await writer.read('trendingTv', { time_window: 'week' });
    await writer.close();
    if (!stored) throw new Error('nothing stored');
    // Marked, to tell where the snapshot came from (the protocol never leaves such a row: this is only a probe).
    const marked = { ...stored, results: stored.results.slice(0, 1) };
    await putFirstAnswer(indexedDB, 'trendingTv?language=en-US&page=1&time_window=week', {
      data: marked,
      updatedAt: 1,
      expiresAt: undefined,
    });
    const catalogue = open();
    const view = catalogue.trendingTv({ time_window: 'week' });
    const seen = record(view);
    const first = await until(clock, view, (s) => s.data !== undefined);
    expect(first).toMatchObject({ data: marked, status: 'stale', updatedAt: 1 });
    const live = await until(clock, view, (s) => s.data !== undefined && s.data.results.length > 1);
    expect(live.data).toStrictEqual(stored);
    seen.stop();
  });

  it('a pages view shows page 1 of a first answer, ids once each', async () => {
    const { open, indexedDB, clock } = world;
    const writer = open();
    await writer.sync.pull('discoverTv', {});
    const stored = await writer.read('discoverTv', {});
    await writer.close();
    if (!stored) throw new Error('nothing stored');
    await putFirstAnswer(indexedDB, 'discoverTv?language=en-US&page=1', {
      data: stored,
      updatedAt: clock.now(),
      expiresAt: clock.now() - 1,
    });
    const catalogue = open();
    const pages = catalogue.pages('discoverTv', {});
    const seen = record(pages);
    const first = await until(clock, pages, (s) => s.data !== undefined);
    expect(first).toMatchObject({ status: 'stale', pageCount: 1, hasNextPage: stored.total_pages > 1 });
    expect(first.data?.results.map((item) => item.id)).toStrictEqual([
      ...new Set(stored.results.map((item) => item.id)),
    ]);
    seen.stop();
  });

  it('"show more" right after a first answer shows adds page 2, though the library had not read page 1 yet', async () => {
    const { open, indexedDB, clock } = world;
    const writer = open();
    await writer.sync.pull('discoverTv', {});
    const stored = await writer.read('discoverTv', {});
    await writer.close();
    if (!stored || stored.total_pages < 2) throw new Error('no list of two pages stored');
    await putFirstAnswer(indexedDB, 'discoverTv?language=en-US&page=1', {
      data: stored,
      updatedAt: clock.now(),
      expiresAt: clock.now() + 3_600_000,
    });
    const catalogue = open();
    const pages = catalogue.pages('discoverTv', {});
    const seen = record(pages);
    const first = await until(clock, pages, (s) => s.data !== undefined);
    expect(first.hasNextPage).toBe(true);
    // At once, as a user taps "Show more" on what was shown: before the library's own read of page 1.
    const more = pages.fetchNextPage();
    await until(clock, pages, (s) => s.data?.page === 2 && !s.fetching);
    await more;
    expect(pages.getSnapshot()).toMatchObject({ pageCount: 2, data: { page: 2 } });
    seen.stop();

    // Asked and then closed before the library read page 1: the call settles, it does not wait forever.
    const again = open();
    const shown = again.pages('discoverTv', {});
    const stop = shown.subscribe(() => {});
    await until(clock, shown, (s) => s.data !== undefined);
    const asked = shown.fetchNextPage().then(
      () => 'settled',
      () => 'settled',
    );
    await again.close();
    const waited = new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000));
    expect(await Promise.race([asked, waited])).toBe('settled');
    stop();
  });

  it('without a first answer it shows loading and then what the whole library shows', async () => {
    const { open, clock, urls } = world;
    const catalogue = open();
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    expect(view.getSnapshot().status).toBe('loading');
    const shown = await until(clock, view, (s) => s.data !== undefined);
    expect(shown.status).toBe('fresh');
    expect(urls.filter((url) => url.includes('/3/trending/tv/day'))).toHaveLength(1);
    seen.stop();
  });

  it('delivers events subscribed before the library loaded, and none after their unsubscribe', async () => {
    const { open } = world;
    const catalogue = open();
    const kept: unknown[] = [];
    const dropped: unknown[] = [];
    catalogue.on('stored', (event) => kept.push(event));
    const off = catalogue.on('stored', (event) => dropped.push(event));
    off();
    await catalogue.sync.pull('trendingTv', { time_window: 'day' });
    expect(kept).toHaveLength(1);
    expect(dropped).toHaveLength(0);
  });

  it('forwards every other member to the loaded catalogue', async () => {
    const { open } = world;
    const catalogue = open();
    expect(catalogue.status.state).toBe('idle');
    expect(catalogue.queueStats.sent).toBe(0);
    expect(catalogue.userScopeId).toBeUndefined();
    // Before the core has read the last session back, nobody is signed out yet: the user is being restored.
    expect(catalogue.user.getSnapshot()).toEqual({ status: 'restoring', user: undefined });
    expect(catalogue.outbox.getSnapshot().status).toBe('loading');
    const configuration = await catalogue.configuration();
    expect(catalogue.imageUrl('/a.jpg', 'poster', configuration.images.poster_sizes[0] as string)).toContain('/a.jpg');
    await catalogue.auth.ready();
    expect((await catalogue.storage()).byKind.browse.rows).toBeGreaterThan(0);
    await catalogue.clear();
    await catalogue.close();
    expect(() => catalogue.trendingTv({ time_window: 'day' })).toThrow();
  });
});

describe('first answers kept by views', () => {
  it('a view keeps what it showed; the next page load shows it before the library loads', async () => {
    const { open, indexedDB, clock } = world;
    const first = open();
    const view = first.trendingTv({ time_window: 'week' });
    const seen = record(view);
    const shown = await until(clock, view, (s) => s.status === 'fresh');
    seen.stop();
    await first.close(); // closing lets the answer being kept finish

    const db = await openFirstAnswersDb(indexedDB, `${DB}${DATABASE_PROTOCOL_SUFFIX}`);
    const kept = await readFirstAnswer(db as IDBDatabase, view.requestKey);
    db?.close();
    expect(kept?.data).toStrictEqual(shown.data);
    expect(kept?.updatedAt).toBe(shown.updatedAt);

    const next = open();
    const again = next.trendingTv({ time_window: 'week' });
    const nextSeen = record(again);
    const firstShown = await until(clock, again, (s) => s.data !== undefined);
    expect(firstShown.data).toStrictEqual(shown.data);
    nextSeen.stop();
  });

  it('a load that shows what the last one kept writes no first answer again (it is exact already)', async () => {
    const { open, clock } = world;
    const puts = async (catalogue: Catalogue) => {
      const put = vi.spyOn(databaseOf(catalogue).firstAnswers, 'put');
      const view = catalogue.trendingTv({ time_window: 'week' });
      const seen = record(view);
      await until(clock, view, (s) => s.status === 'fresh');
      seen.stop();
      await catalogue.close(); // lets the answer being kept finish
      return put.mock.calls.length;
    };
    // The eager door: the spy goes on the core's database before the instance's first view is made.
    expect(await puts(open({ door: 'eager' }))).toBe(1);
    expect(await puts(open({ door: 'eager' }))).toBe(0);
  });

  it('after a write that changes the answer, the kept one is the new one, never the old', async () => {
    const { open, indexedDB, clock } = world;
    // The eager door: the test reads the core's database before the first view is made.
    const catalogue = open({ door: 'eager' });
    const db = databaseOf(catalogue);
    const view = catalogue.trendingTv({ time_window: 'week' });
    const seen = record(view);
    await until(clock, view, (s) => s.status === 'fresh');
    const key = view.requestKey;
    const kept = async () => {
      const connection = await openFirstAnswersDb(indexedDB, `${DB}${DATABASE_PROTOCOL_SUFFIX}`);
      const row = await readFirstAnswer(connection as IDBDatabase, key);
      connection?.close();
      return row;
    };
    const stored = async () => {
      const { entry, meta } = await readStoredWithMeta(db, 'trendingTv', { language: 'en-US', time_window: 'week' });
      return { data: entry?.data, updatedAt: meta?.fetchedAt };
    };
    await expect.poll(async () => (await kept())?.updatedAt, { timeout: 5_000 }).toBe((await stored()).updatedAt);
    const before = (await kept())?.updatedAt;
    // Written again (a new fetchedAt): the kept answer must follow, and never be the old one once the write is in.
    await clock.advance(60_000);
    await catalogue.sync.pull('trendingTv', { time_window: 'week' }, { force: true });
    const now = await stored();
    expect(now.updatedAt).not.toBe(before);
    expect((await kept())?.updatedAt).not.toBe(before);
    await expect.poll(async () => (await kept())?.updatedAt, { timeout: 5_000 }).toBe(now.updatedAt);
    expect((await kept())?.data).toStrictEqual(now.data);
    seen.stop();
  });
});
