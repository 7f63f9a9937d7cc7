import { describe, expect, it } from 'vitest';
import type { CatalogueDatabase } from '../../src/store/database/catalogue-database.js';
import { enqueueMutation, failMutation } from '../../src/store/outbox/outbox-store.js';
import { isUnsettled } from '../../src/store/outbox/pending-rows.js';
import type { Mutation, OutboxClaim, OutboxError, OutboxRow } from '../../src/store/tables/outbox-rows.js';
import type { TvAccountStateRow, WatchlistPageRow } from '../../src/store/tables/rows.js';
import { writeThrough } from '../../src/store/write/write-gate.js';
import { freshDatabase } from './store-fixtures.js';

const USER = 'account:548';
const OTHER = 'account:549';
let keys = 0;

function enqueue(db: CatalogueDatabase, mutation: Mutation, userScope = USER) {
  keys += 1;
  return enqueueMutation({ db, writeThrough }, { userScope, mutation, idempotencyKey: `k${keys}`, now: keys });
}

const CLAIM: OutboxClaim = { instance: 'tab-a', attempt: 1, leaseUntil: Number.MAX_SAFE_INTEGER };

/** Marks a row claimed by an instance sending it, as `claimRows` would. */
async function claim(db: CatalogueDatabase, seq: number): Promise<void> {
  await db.outbox.update(seq, { state: 'sending', attempts: 1, claim: CLAIM });
}

/** Claims the row, then fails it under that claim. */
async function fail(db: CatalogueDatabase, seq: number, error: OutboxError) {
  await claim(db, seq);
  return failMutation({ db, writeThrough }, seq, CLAIM, error);
}

async function pendingMutations(db: CatalogueDatabase): Promise<OutboxRow[]> {
  return (await db.outbox.toArray()).filter(isUnsettled).sort((a, b) => (a.seq as number) - (b.seq as number));
}

const favorite = (media_id: number, value: boolean): Mutation => ({
  operation: 'markFavorite',
  params: { account_id: 548, media_type: 'tv', media_id, favorite: value },
});
const watch = (media_id: number, value: boolean): Mutation => ({
  operation: 'addToWatchlist',
  params: { account_id: 548, media_type: 'tv', media_id, watchlist: value },
});
const rate = (series_id: number, value: number): Mutation => ({
  operation: 'rateTvSeries',
  params: { series_id, value },
});
const unrate = (series_id: number): Mutation => ({ operation: 'deleteTvSeriesRating', params: { series_id } });

async function withState(db: CatalogueDatabase, state: Partial<TvAccountStateRow> & { series_id: number }) {
  const row: TvAccountStateRow = {
    userScope: USER,
    id: state.series_id,
    favorite: false,
    rated: false,
    watchlist: false,
    ...state,
  };
  await db.tvAccountStates.put(row);
}

const stateOf = (db: CatalogueDatabase, series_id: number, userScope = USER) =>
  db.tvAccountStates.get([userScope, series_id]);

describe('enqueueMutation: optimistic change and coalescing', () => {
  it('applies a favorite to the stored account state and queues one row; toggling back cancels it', async () => {
    const db = freshDatabase();
    await withState(db, { series_id: 10 });
    expect((await enqueue(db, favorite(10, true))).outcome).toBe('queued');
    expect((await stateOf(db, 10))?.favorite).toBe(true);
    expect(await db.outbox.count()).toBe(1);
    expect((await enqueue(db, favorite(10, false))).outcome).toBe('cancelled');
    expect((await stateOf(db, 10))?.favorite).toBe(false);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a favorite the stored state already has is still sent (the store may be stale); again, it coalesces', async () => {
    const db = freshDatabase();
    await withState(db, { series_id: 11, favorite: true });
    expect((await enqueue(db, favorite(11, true))).outcome).toBe('queued');
    expect((await enqueue(db, favorite(11, true))).outcome).toBe('coalesced');
    expect(await db.outbox.count()).toBe(1);
    expect((await enqueue(db, favorite(11, false))).outcome).toBe('coalesced');
    expect((await db.outbox.toArray())[0]?.mutation).toEqual(favorite(11, false));
  });

  it('rating twice keeps one row with the last value; deleting back to the stored rating cancels it', async () => {
    const db = freshDatabase();
    await withState(db, { series_id: 12, rated: { value: 4 } });
    await enqueue(db, rate(12, 6));
    expect((await enqueue(db, rate(12, 8.5))).outcome).toBe('coalesced');
    const [row] = await db.outbox.toArray();
    expect(row?.mutation).toEqual(rate(12, 8.5));
    expect(row?.baseline).toEqual({ value: 4 });
    expect((await stateOf(db, 12))?.rated).toEqual({ value: 8.5 });
    // Deleting turns the pending row into a delete (the stored rating was 4, not "unrated").
    expect((await enqueue(db, unrate(12))).outcome).toBe('coalesced');
    expect((await db.outbox.toArray())[0]?.mutation).toEqual(unrate(12));
    expect((await enqueue(db, rate(12, 4))).outcome).toBe('cancelled');
    expect((await stateOf(db, 12))?.rated).toEqual({ value: 4 });
  });

  it('a change never rewrites a row in flight: it queues behind it with that row as its baseline', async () => {
    const db = freshDatabase();
    const first = await enqueue(db, favorite(13, true));
    await claim(db, first.seq);
    const second = await enqueue(db, favorite(13, false));
    expect(second.outcome).toBe('queued');
    const rows = await pendingMutations(db);
    expect(rows.map((r) => [r.seq, r.mutation])).toEqual([
      [first.seq, favorite(13, true)],
      [second.seq, favorite(13, false)],
    ]);
    expect(rows[1]?.baseline).toBe(true);
  });

  it("keeps users apart: the same target of two users never coalesces, and each user's state is their own", async () => {
    const db = freshDatabase();
    await withState(db, { series_id: 14 });
    await db.tvAccountStates.put({
      userScope: OTHER,
      series_id: 14,
      id: 14,
      favorite: false,
      rated: false,
      watchlist: false,
    });
    await enqueue(db, favorite(14, true));
    await enqueue(db, favorite(14, false), OTHER);
    expect(await db.outbox.count()).toBe(2);
    expect((await stateOf(db, 14))?.favorite).toBe(true);
    expect((await stateOf(db, 14, OTHER))?.favorite).toBe(false);
  });

  it('removing a series from the watchlist drops it from every stored page of the list, totals included', async () => {
    const db = freshDatabase();
    const page = (n: number, ids: number[]): WatchlistPageRow => ({
      userScope: USER,
      listKey: 'accountTvWatchlist?account_id=548&language=en-US',
      page: n,
      operation: 'accountTvWatchlist',
      ids,
      total_pages: 2,
      total_results: 4,
      fetchedAt: 0,
    });
    await db.watchlistPages.bulkPut([page(1, [1, 2]), page(2, [3, 4])]);
    await enqueue(db, watch(3, false));
    const pages = await db.watchlistPages.toArray();
    expect(pages.map((p) => [p.ids, p.total_results])).toEqual([
      [[1, 2], 3],
      [[4], 3],
    ]);
    // A permanent failure puts both pages back as they were.
    const [row] = await db.outbox.toArray();
    await fail(db, row?.seq as number, { name: 'ServiceError', message: 'no', status: 401, at: 1 });
    expect((await db.watchlistPages.toArray()).map((p) => [p.ids, p.total_results])).toEqual([
      [[1, 2], 4],
      [[3, 4], 4],
    ]);
  });
});

describe('failMutation', () => {
  it('rolls back to the state before the change and keeps the row as failed with its error', async () => {
    const db = freshDatabase();
    await withState(db, { series_id: 20, rated: false });
    const { seq } = await enqueue(db, rate(20, 9));
    const failed = (await fail(db, seq, {
      name: 'ServiceError',
      message: 'refused',
      status: 401,
      at: 5,
    })) as OutboxRow;
    expect(failed).toMatchObject({ state: 'failed', lastError: { status: 401 } });
    expect((await stateOf(db, 20))?.rated).toBe(false);
    expect(await pendingMutations(db)).toEqual([]);
  });

  it('when a newer change of the same target waits behind it, that change stays (the state is rebased without the failed one)', async () => {
    const db = freshDatabase();
    await withState(db, { series_id: 21, rated: false });
    const first = await enqueue(db, rate(21, 5));
    await claim(db, first.seq);
    const second = await enqueue(db, rate(21, 7));
    await fail(db, first.seq, { name: 'ServiceError', message: 'refused', status: 422, at: 5 });
    // The user's latest intent is still on screen and still pending …
    expect((await stateOf(db, 21))?.rated).toEqual({ value: 7 });
    const [pending] = await pendingMutations(db);
    expect(pending?.seq).toBe(second.seq);
    // … and if it fails too, the state from before both comes back.
    await fail(db, second.seq, { name: 'ServiceError', message: 'refused', status: 422, at: 6 });
    expect((await stateOf(db, 21))?.rated).toBe(false);
  });

  it('is a no-op for a row that is gone (the user signed out meanwhile)', async () => {
    const db = freshDatabase();
    expect(
      await failMutation({ db, writeThrough }, 999, CLAIM, { name: 'Error', message: 'x', at: 1 }),
    ).toBeUndefined();
  });
});
