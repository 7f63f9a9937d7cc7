import { readFile } from 'node:fs/promises';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { BOOT_FORMAT, MAX_BOOT_VIEWS } from '../../src/store/boot-rows.js';
import {
  type CatalogueDatabase,
  openCatalogueDatabase,
  readStoredDirect,
  readStoredWithMeta,
  storeRequestKey,
  writeBoot,
  writeResponse,
} from '../../src/store/index.js';
import { loadSample, ok } from './store-fixtures.js';

const at = { expiresAt: 5_000, now: 1_000 };
const WEEK = { time_window: 'week' } as const;

type Trending = Awaited<ReturnType<typeof loadSample<'trendingTv'>>>;

async function fixture() {
  const indexedDB = new IDBFactory();
  const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
  const trending = await loadSample('trendingTv', 'trending-tv-week.json');
  await writeResponse(db, { operation: 'trendingTv', params: WEEK, response: ok(trending, 'W/"t"'), ...at });
  /** Another instance on the same database: a new page. */
  const reopen = () => openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
  return { db, trending, reopen };
}

const WEEK_KEY = storeRequestKey('trendingTv', WEEK);
const DISCOVER_KEY = storeRequestKey('discoverTv', {});

/** Another list that brings `series` (a newer version of a record the week's list holds, say). */
function otherList(db: CatalogueDatabase, series: Trending['results'][number], now = 2_000) {
  const data = { page: 1, results: [series], total_pages: 1, total_results: 1 };
  return writeResponse(db, {
    operation: 'trendingTv',
    params: { time_window: 'day' },
    response: ok(data as Trending),
    expiresAt: now + 4_000,
    now,
  });
}

const bootKeys = (db: CatalogueDatabase) => db.bootViews.toCollection().primaryKeys();

describe('the boot store', () => {
  it("answers a new page's first read with one row equal to the store's read, freshness row included", async () => {
    const { db, trending, reopen } = await fixture();
    expect(await writeBoot(db, 'trendingTv', WEEK, 1_500)).toBe(true);
    // It exists, so it is current: a second call writes nothing.
    expect(await writeBoot(db, 'trendingTv', WEEK, 1_600)).toBe(false);
    db.close();

    const page = reopen();
    const booted = await readStoredDirect(page, 'trendingTv', WEEK, undefined, { boot: true });
    expect(page.isOpen()).toBe(false);
    expect(booted?.booted).toBe(true);
    expect(booted?.entry?.data).toStrictEqual(trending);
    const { booted: _flag, ...read } = booted ?? {};
    expect(read).toEqual(await readStoredWithMeta(page, 'trendingTv', WEEK));
    page.close();
  });

  it('loses the rows a write makes wrong, in the same transaction, and keeps the others', async () => {
    const { db, trending, reopen } = await fixture();
    const other = await loadSample('discoverTv', 'discover-tv.json');
    await writeResponse(db, { operation: 'discoverTv', params: {}, response: ok(other), ...at });
    await writeBoot(db, 'trendingTv', WEEK, 1_500);
    await writeBoot(db, 'discoverTv', {}, 1_500);
    expect((await bootKeys(db)).sort()).toEqual([DISCOVER_KEY, WEEK_KEY].sort());

    // A record the week's list holds, brought newer by another list: only the week's boot row goes.
    const held = trending.results.find((r) => !other.results.some((o) => o.id === r.id));
    await otherList(db, { ...(held as Trending['results'][number]), name: 'Renamed elsewhere' });
    expect(await bootKeys(db)).toEqual([DISCOVER_KEY]);
    expect((await db.bootDeps.toArray()).map((row) => row.key)).toEqual([DISCOVER_KEY]);
    // The direct read then reads the rows themselves, and sees the new name.
    db.close();
    const read = await readStoredDirect(reopen(), 'trendingTv', WEEK, undefined, { boot: true });
    expect(read?.booted).toBeUndefined();
    expect(read?.entry?.data.results.find((r) => r.id === held?.id)?.name).toBe('Renamed elsewhere');
  });

  it('loses a row when another connection (a tab, the service worker) writes a row under it', async () => {
    const { db, trending, reopen } = await fixture();
    await writeBoot(db, 'trendingTv', WEEK, 1_500);
    const worker = reopen();
    const first = trending.results[0] as Trending['results'][number];
    await otherList(worker, { ...first, vote_count: first.vote_count + 1 });
    expect(await bootKeys(db)).toEqual([]);
    const read = await readStoredDirect(reopen(), 'trendingTv', WEEK, undefined, { boot: true });
    expect(read?.booted).toBeUndefined();
    expect(read?.entry?.data.results[0]?.vote_count).toBe(first.vote_count + 1);
    worker.close();
    db.close();
  });

  it('loses a row when its own freshness changes (a 304 renews it), when a table is cleared, or on `clear()`', async () => {
    const { db, reopen } = await fixture();
    await writeBoot(db, 'trendingTv', WEEK, 1_500);
    await writeResponse(db, {
      operation: 'trendingTv',
      params: WEEK,
      response: { status: 304, data: undefined, etag: 'W/"t"', maxAgeSeconds: 60, receivedAt: 3_000 },
      expiresAt: 9_000,
      now: 3_000,
    });
    expect(await bootKeys(db)).toEqual([]);
    // Written again: the status a new page computes from it is the renewed one.
    await writeBoot(db, 'trendingTv', WEEK, 3_100);
    const renewed = await readStoredDirect(reopen(), 'trendingTv', WEEK, undefined, { boot: true });
    expect(renewed).toMatchObject({ booted: true, meta: { expiresAt: 9_000, fetchedAt: 3_000 } });

    await db.tvSeries.clear();
    expect(await bootKeys(db)).toEqual([]);
    await db.clear();
    await writeResponse(db, {
      operation: 'trendingTv',
      params: WEEK,
      response: ok(await loadSample('trendingTv', 'trending-tv-week.json')),
      ...at,
    });
    await writeBoot(db, 'trendingTv', WEEK, 1_500);
    await db.clear();
    expect([await db.bootViews.count(), await db.bootDeps.count()]).toEqual([0, 0]);
    db.close();
  });

  it('keeps its row when the write that would have deleted it fails', async () => {
    const { db, trending } = await fixture();
    await writeBoot(db, 'trendingTv', WEEK, 1_500);
    const first = trending.results[0] as Trending['results'][number];
    await expect(
      db.transaction('rw', db.tvSeries, async () => {
        await db.tvSeries.put({ ...first, name: 'Never committed' } as never);
        throw new Error('the write fails after the put');
      }),
    ).rejects.toThrow('the write fails');
    expect(await bootKeys(db)).toEqual([WEEK_KEY]);
    expect((await db.tvSeries.get(first.id))?.name).toBe(first.name);
    db.close();
  });

  it('writes nothing for a call the store cannot answer, and keeps the most recently written views', async () => {
    const { db, trending } = await fixture();
    expect(await writeBoot(db, 'trendingTv', { time_window: 'day' }, 1_500)).toBe(false);
    await expect(writeBoot(db, 'accountTvWatchlist', { account_id: 548 } as never, 1_500)).rejects.toThrow(
      /user-scoped/,
    );
    expect(await bootKeys(db)).toEqual([]);

    const pages = Array.from({ length: MAX_BOOT_VIEWS + 2 }, (_, i) => ({ time_window: 'week', page: i + 1 }) as const);
    for (const params of pages) {
      await writeResponse(db, {
        operation: 'trendingTv',
        params,
        response: ok({ ...trending, page: params.page }),
        ...at,
      });
    }
    for (const params of pages) expect(await writeBoot(db, 'trendingTv', params, 1_000 + params.page)).toBe(true);
    const kept = await db.bootDeps.orderBy('key').toArray();
    expect(kept).toHaveLength(MAX_BOOT_VIEWS);
    expect(Math.min(...kept.map((row) => row.writtenAt))).toBe(1_003);
    expect(await db.bootViews.count()).toBe(MAX_BOOT_VIEWS);
    db.close();
  });

  it("ignores a row of another library version's format and writes it again", async () => {
    const { db, reopen } = await fixture();
    await writeBoot(db, 'trendingTv', WEEK, 1_500);
    expect(await db.bootViews.update(WEEK_KEY, { format: 'catalogue-sync@0.0.1' })).toBe(1);
    const read = await readStoredDirect(reopen(), 'trendingTv', WEEK, undefined, { boot: true });
    expect(read?.booted).toBeUndefined();
    expect(read?.entry).toBeDefined();
    expect(await writeBoot(db, 'trendingTv', WEEK, 1_600)).toBe(true);
    expect((await db.bootViews.get(WEEK_KEY))?.format).toBe(BOOT_FORMAT);
    db.close();
  });

  it("names this package's version in its format", async () => {
    const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as {
      name: string;
      version: string;
    };
    expect(BOOT_FORMAT).toBe(`${pkg.name}@${pkg.version}`);
  });
});
