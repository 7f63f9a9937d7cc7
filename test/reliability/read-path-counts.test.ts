import type { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { databaseOf } from '../../src/create-catalogue.js';
import * as storeKeys from '../../src/store/store-keys.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, until } from '../query/view-helpers.js';

vi.mock('../../src/store/store-keys.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/store/store-keys.js')>();
  return { ...original, storeRequestKey: vi.fn(original.storeRequestKey) };
});

const fixture = closedAfterEach();
/**
 * The eager door: the counters are store middleware, which goes in before the core's database opens; what they
 * count (the core's reads and writes) is the same behind either door.
 */
const open = (options: Parameters<typeof fixture>[0] = {}) => fixture({ door: 'eager', ...options });
const PARAMS = { time_window: 'week' } as const;

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(storeKeys.storeRequestKey).mockClear();
});

/**
 * Counts the write transactions a catalogue's database starts while `counting` (a Dexie DBCore middleware: it
 * sees every transaction, whoever starts it). Added before the database opens.
 */
function countWrites(db: Dexie) {
  const counts = { counting: false, readwrite: 0, readonly: 0 };
  db.use({
    stack: 'dbcore',
    name: 'count-writes',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        if (counts.counting) counts[mode === 'readwrite' ? 'readwrite' : 'readonly'] += 1;
        return down.transaction(stores, mode, options);
      },
    }),
  });
  return counts;
}

/** A database holding a fresh answer of `trendingTv(PARAMS)`, left by an earlier page. */
async function storedBefore() {
  const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
  const writer = open({ catalogue: { indexedDB } });
  await writer.catalogue.sync.pull('trendingTv', PARAMS);
  await writer.catalogue.close();
  return indexedDB;
}

describe('the read path, counted', () => {
  it('subscribing to a view of a fresh stored answer starts no write transaction and sends nothing', async () => {
    const indexedDB = await storedBefore();
    const { catalogue, clock, urls } = open({ catalogue: { indexedDB } });
    const counts = countWrites(databaseOf(catalogue));
    // The page's own start (restoring the user, the outbox's first look) is done before counting.
    await catalogue.auth.ready();
    for (let i = 0; i < 50; i++) await clock.flush();
    counts.counting = true;
    const view = catalogue.trendingTv(PARAMS);
    const recorder = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && s.data !== undefined);
    // Time passes within the answer's lifetime; re-reads and timers run.
    await clock.advance(60_000);
    await until(clock, view, () => true);
    recorder.stop();
    expect(counts.readwrite).toBe(0);
    expect(urls).toEqual([]);
    // The count sees writes: the engine's next pull writes its answer (and what the view read).
    await catalogue.sync.pull('trendingTv', { time_window: 'day' });
    expect(counts.readwrite).toBeGreaterThan(0);
  });

  it('a view is validated and keyed once: one params parse, one store key, however often it is read', async () => {
    const indexedDB = await storedBefore();
    const { catalogue, clock } = open({ catalogue: { indexedDB } });
    const parse = vi.spyOn(endpoints.trendingTv.params, 'check');
    const key = vi.mocked(storeKeys.storeRequestKey);
    key.mockClear();
    const view = catalogue.trendingTv(PARAMS);
    const recorder = record(view);
    await until(clock, view, (s) => s.status === 'fresh');
    for (let i = 0; i < 5; i++) view.getSnapshot();
    recorder.stop();
    expect(parse).toHaveBeenCalledTimes(1);
    expect(key).toHaveBeenCalledTimes(1);
  });

  it('the same call gives the same view, and a new subscriber of a shown key gets its snapshot at once', async () => {
    const { catalogue, clock, urls } = open();
    const view = catalogue.trendingTv(PARAMS);
    expect(catalogue.trendingTv({ time_window: 'week' })).toBe(view);
    expect(catalogue.view('trendingTv', PARAMS)).toBe(view);
    expect(catalogue.trendingTv({ time_window: 'day' })).not.toBe(view);
    // Before anything read it, every read of it is one and the same snapshot (safe for useSyncExternalStore).
    expect(view.getSnapshot()).toBe(view.getSnapshot());
    const first = record(view);
    const second = record(view);
    const shown = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    // Two subscribers, one fetch.
    expect(urls.filter((url) => url.includes('/trending/tv/week'))).toHaveLength(1);
    const late: unknown[] = [];
    const stop = view.subscribe(() => late.push(view.getSnapshot()));
    expect(view.getSnapshot()).toBe(shown);
    first.stop();
    second.stop();
    stop();
  });

  it('a fetch clears `fetching` only with the snapshot that shows what it stored', async () => {
    const { catalogue, clock } = open();
    const view = catalogue.trendingTv(PARAMS);
    const recorder = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    recorder.stop();
    const settled = recorder.snapshots.filter((s) => s.status !== 'loading' && !s.fetching);
    // No snapshot says "done" while still showing nothing.
    expect(settled.every((s) => s.data !== undefined)).toBe(true);
    expect(recorder.snapshots.some((s) => s.fetching)).toBe(true);
  });

  it("a list's pages cost at most one write each, and their freshness one read for the whole list", async () => {
    const { catalogue, urls } = open();
    const counts = countWrites(databaseOf(catalogue));
    await catalogue.auth.ready();
    counts.counting = true;
    const pages = 12;
    const result = await catalogue.sync.pullList('discoverTv', {}, { pages });
    counts.counting = false;
    expect(result.pages).toBe(pages);
    expect(urls).toHaveLength(pages);
    // Pages that arrive while a write runs share the next transaction (test/sync/pull-list-transactions.test.ts).
    expect(counts.readwrite).toBeGreaterThanOrEqual(1);
    expect(counts.readwrite).toBeLessThanOrEqual(pages);
    // Page 1's freshness row before its request, then every other page's at once: not one read per page.
    expect(counts.readonly).toBeLessThanOrEqual(2);
  });
});
