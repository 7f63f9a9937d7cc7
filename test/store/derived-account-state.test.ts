import { describe, expect, it } from 'vitest';
import type { ResponseOf, TvSeriesSummary } from '../../src/api/index.js';
import type { CatalogueDatabase } from '../../src/store/database/catalogue-database.js';
import { readStored, readStoredWithMeta, storeRequestKey, writeResponse } from '../../src/store/index.js';
import { ACCOUNT_LISTS } from '../../src/store/optimistic/account-lists.js';
import { foldAccountListPages } from '../../src/store/optimistic/fold-mutations.js';
import { pageRequestKey } from '../../src/store/page-request-key.js';
import type { Mutation } from '../../src/store/tables/outbox-rows.js';
import type { WatchlistPageRow } from '../../src/store/tables/rows.js';
import { freshDatabase, loadSample, ok } from './store-fixtures.js';

const USER = 'account:548';
const ACCOUNT = { account_id: 548, language: 'en-US' };

type TvList = 'accountTvFavorites' | 'accountTvWatchlist' | 'accountTvRated';

/** 20 real series summaries (the watchlist sample's items). */
async function series(): Promise<TvSeriesSummary[]> {
  return (await loadSample('accountTvWatchlist', 'account-watchlist-tv.json')).results;
}

/** Stores page `page` of a list holding `items` (20 a page), fetched at `now`, fresh until `expiresAt`. */
async function storeListPage(
  db: CatalogueDatabase,
  operation: TvList,
  items: readonly (TvSeriesSummary & { rating?: number })[],
  options: { page?: number; now?: number; expiresAt?: number; sort_by?: 'created_at.desc'; total?: number } = {},
) {
  const page = options.page ?? 1;
  const total = options.total ?? items.length;
  const data = {
    page,
    results: items.slice((page - 1) * 20, page * 20),
    total_pages: Math.ceil(total / 20),
    total_results: total,
  } as ResponseOf<TvList>;
  await writeResponse(db, {
    operation,
    params: { ...ACCOUNT, page, ...(options.sort_by ? { sort_by: options.sort_by } : {}) },
    userScope: USER,
    response: ok(data),
    now: options.now ?? 1_000,
    expiresAt: options.expiresAt ?? 100_000,
  });
}

describe('pageRequestKey', () => {
  it('is the store request key of a page, rebuilt from the list key', () => {
    const cases: Record<string, unknown>[] = [
      { account_id: 548, language: 'en-US', sort_by: 'created_at.desc' },
      { account_id: 548 },
      {},
    ];
    for (const params of cases) {
      const listKey = storeRequestKey('accountTvRated', params).replace(/&?page=1/, '');
      for (const page of [1, 7]) {
        expect(pageRequestKey(listKey.replace('?&', '?'), page, USER)).toBe(
          storeRequestKey('accountTvRated', { ...params, page }, USER),
        );
      }
    }
  });
});

describe('a series state derived from the stored TV lists', () => {
  it('answers from whole lists: listed is true (rated with its rating), unlisted false; as fresh as the stalest page', async () => {
    const db = freshDatabase();
    const all = await series();
    const [a, b, c] = all as [TvSeriesSummary, TvSeriesSummary, TvSeriesSummary];
    await storeListPage(db, 'accountTvFavorites', all.slice(0, 2), { now: 1_000, expiresAt: 50_000 });
    await storeListPage(db, 'accountTvWatchlist', [b], { now: 2_000, expiresAt: 40_000 });
    await storeListPage(db, 'accountTvRated', [{ ...b, rating: 7.5 }], { now: 3_000, expiresAt: 60_000 });
    const read = await readStoredWithMeta(db, 'tvAccountStates', { series_id: b.id }, USER);
    expect(read.entry?.data).toEqual({ id: b.id, favorite: true, watchlist: true, rated: { value: 7.5 } });
    expect(read.meta).toMatchObject({ fetchedAt: 1_000, expiresAt: 40_000 });
    expect(await readStored(db, 'tvAccountStates', { series_id: a.id }, USER)).toEqual({
      id: a.id,
      favorite: true,
      watchlist: false,
      rated: false,
    });
    expect(await readStored(db, 'tvAccountStates', { series_id: c.id }, USER)).toEqual({
      id: c.id,
      favorite: false,
      watchlist: false,
      rated: false,
    });
    // The rating stays on the user's page: the shared record never carries it.
    expect(await db.tvSeries.get(b.id)).not.toHaveProperty('rating');
    // Another user has no lists: nothing derived.
    expect(await readStored(db, 'tvAccountStates', { series_id: b.id }, 'account:9')).toBeUndefined();
  });

  it('needs all three lists, each whole (pages 1..n knowing every item counted); any sort order will do', async () => {
    const db = freshDatabase();
    const all = await series();
    const many = [...all, ...all.map((s) => ({ ...s, id: s.id + 1_000_000 }))].slice(0, 25);
    const target = many[22] as TvSeriesSummary;
    const ask = () => readStored(db, 'tvAccountStates', { series_id: target.id }, USER);
    await storeListPage(db, 'accountTvWatchlist', []);
    await storeListPage(db, 'accountTvRated', []);
    expect(await ask()).toBeUndefined();
    await storeListPage(db, 'accountTvFavorites', many);
    // Page 1 of 2 only: the target (on page 2) could be there.
    expect(await ask()).toBeUndefined();
    await storeListPage(db, 'accountTvFavorites', many, { page: 2, sort_by: 'created_at.desc' });
    // Page 2 of another sort order does not complete this one.
    expect(await ask()).toBeUndefined();
    await storeListPage(db, 'accountTvFavorites', many, { page: 2 });
    expect(await ask()).toMatchObject({ favorite: true });
    // A page fetched later counts one more than the two pages hold (the list grew between them): not whole.
    await storeListPage(db, 'accountTvFavorites', [...many, all[5] as TvSeriesSummary], { page: 2, total: 26 });
    expect(await ask()).toBeUndefined();
  });

  it("the series' own row answers instead when it expires later, and the lists when they do", async () => {
    const db = freshDatabase();
    const [a] = (await series()) as [TvSeriesSummary];
    for (const operation of ['accountTvFavorites', 'accountTvWatchlist', 'accountTvRated'] as const) {
      await storeListPage(db, operation, [], { now: 1_000, expiresAt: 50_000 });
    }
    const own = { id: a.id, favorite: true, watchlist: false, rated: false } as const;
    const writeOwn = (now: number, expiresAt: number) =>
      writeResponse(db, {
        operation: 'tvAccountStates',
        params: { series_id: a.id },
        userScope: USER,
        response: ok(own),
        now,
        expiresAt,
      });
    await writeOwn(500, 20_000);
    expect((await readStoredWithMeta(db, 'tvAccountStates', { series_id: a.id }, USER)).entry?.data).toMatchObject({
      favorite: false,
    });
    await writeOwn(60_000, 90_000);
    const read = await readStoredWithMeta(db, 'tvAccountStates', { series_id: a.id }, USER);
    expect(read.entry?.data).toEqual(own);
    expect(read.meta).toMatchObject({ fetchedAt: 60_000, expiresAt: 90_000 });
  });
});

describe('an account list folded with pending changes', () => {
  const page = (ids: number[], options: Partial<WatchlistPageRow> = {}): WatchlistPageRow => ({
    userScope: USER,
    listKey: 'accountTvRated?account_id=548&language=en-US',
    page: 1,
    operation: 'accountTvRated',
    ids,
    total_pages: 1,
    total_results: ids.length,
    fetchedAt: 1,
    ...options,
  });
  const rate = (series_id: number, value: number): Mutation => ({
    operation: 'rateTvSeries',
    params: { series_id, value },
  });
  const unrate = (series_id: number): Mutation => ({ operation: 'deleteTvSeriesRating', params: { series_id } });
  const rated = ACCOUNT_LISTS.accountTvRated;

  it('rating again keeps the place and changes the rating; a new one joins the end; a removal leaves', () => {
    const base = page([1, 2, 3], { itemExtras: { 0: { rating: 5 }, 1: { rating: 6 }, 2: { rating: 7 } } });
    const [folded] = foldAccountListPages([base], [rate(2, 9.5), rate(4, 3), unrate(1)], rated, () => true);
    expect(folded?.ids).toEqual([2, 3, 4]);
    expect(folded?.itemExtras).toEqual({ 0: { rating: 9.5 }, 1: { rating: 7 }, 2: { rating: 3 } });
    expect([folded?.total_results, folded?.total_pages]).toEqual([3, 1]);
    expect(folded).not.toHaveProperty('unlisted');
    // No change: the page comes back equal (so nothing is rewritten).
    expect(foldAccountListPages([base], [], rated, () => true)).toEqual([base]);
  });

  it('an addition no page can show (record not stored, or past a full last page) is kept as unlisted', () => {
    const full = page(
      Array.from({ length: 20 }, (_, i) => i + 1),
      { total_results: 20 },
    );
    const [noRecord] = foldAccountListPages([page([1, 2])], [rate(9, 8)], rated, (id) => id !== 9);
    expect(noRecord?.ids).toEqual([1, 2]);
    expect(noRecord?.unlisted).toEqual([{ id: 9, extras: { rating: 8 } }]);
    expect(noRecord?.total_results).toBe(3);
    const [overflow] = foldAccountListPages([full], [rate(21, 4)], rated, () => true);
    expect(overflow?.ids).toHaveLength(20);
    expect(overflow?.unlisted).toEqual([{ id: 21, extras: { rating: 4 } }]);
    expect([overflow?.total_results, overflow?.total_pages]).toEqual([21, 2]);
    // Removing an unlisted item takes it out of the count again.
    const [back] = foldAccountListPages([noRecord as WatchlistPageRow], [unrate(9)], rated, () => true);
    expect(back).toEqual(page([1, 2]));
  });

  it('a favorite of a movie acts on the movie favorites only', () => {
    const favorite: Mutation = {
      operation: 'markFavorite',
      params: { account_id: 548, media_type: 'movie', media_id: 550, favorite: true },
    };
    const movies = { ...page([]), operation: 'accountMovieFavorites', listKey: 'accountMovieFavorites?account_id=548' };
    expect(foldAccountListPages([movies], [favorite], ACCOUNT_LISTS.accountMovieFavorites, () => true)[0]?.ids).toEqual(
      [550],
    );
    const tv = { ...page([]), operation: 'accountTvFavorites', listKey: 'accountTvFavorites?account_id=548' };
    expect(foldAccountListPages([tv], [favorite], ACCOUNT_LISTS.accountTvFavorites, () => true)[0]?.ids).toEqual([]);
  });
});
