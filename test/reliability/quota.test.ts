import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { isQuotaExceededError } from '../../src/errors/quota-exceeded-error.js';
import { browseUnitsByAge } from '../../src/store/eviction/browse-unit-order.js';
import { evictBrowseData } from '../../src/store/eviction/evict-browse-data.js';
import { sweepStore } from '../../src/store/eviction/sweep-store.js';
import type { SyncErrorEvent } from '../../src/sync/catalogue-events.js';
import { LOW_WATER_MARK, QUOTA_BACKOFF_MS } from '../../src/sync/eviction.js';
import { QUOTA_EVICTION_SHARE } from '../../src/sync/sweep-browse-data.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { record, until } from '../query/view-helpers.js';
import {
  countDeletesPerTransaction,
  danglingReferences,
  heldElsewhere,
  injectQuota,
  ledgerBytes,
  lostRows,
  protectedRows,
  quotaFigures,
  readAsView,
  recordEvictions,
  removedBetween,
  snapshot,
  storeUserData,
} from './support/quota-fixture.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Long lifetimes: nothing expires during a test, so only eviction makes data missing. */
const LONG = { discoverTv: 86_400, trendingTv: 86_400, trendingMovies: 86_400, airingToday: 86_400 };

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.catalogue.close();
  fixture = undefined;
});

afterAll(() => {
  // The figures the reliability README quotes (the last run's).
  const f = quotaFigures;
  process.stdout.write(
    `[reliability] quota: faults=${f.quotaFaultsInjected} evictions=${f.evictions} responses=${f.responsesEvicted} ` +
      `rows=${f.rowsEvicted} bytes=${f.bytesEvicted} lost=${f.userRowsLost}\n`,
  );
});

function open(catalogue: Partial<Parameters<typeof oneCatalogue>[0] & object>['catalogue'] = {}) {
  // The eager door: the quota faults are store middleware, which goes in before the core's database opens.
  fixture = oneCatalogue({ catalogue: { locks: heldElsewhere, freshness: LONG, ...catalogue }, door: 'eager' });
  const quota = injectQuota(databaseOf(fixture.catalogue));
  const evictions = recordEvictions(fixture.catalogue);
  return { ...fixture, quota, evictions };
}

function keyOf(catalogue: Catalogue, operation: 'discoverTv' | 'trendingTv' | 'airingToday', params: object): string {
  return catalogue.view(operation, params as never).requestKey;
}

describe('quota: a write the store refuses evicts least recently read browse data and is retried once', () => {
  it('evicts the least recently read quarter, stores the retried write, keeps user data and the outbox', async () => {
    const f = open();
    const { catalogue, clock, service, quota, evictions } = f;
    const watched = await storeUserData(f);
    const people = (service.control.groundTruth('popularPeople', {}) as { results: { id: number }[] }).results;
    // Twelve browse responses, one a minute, so their fetch times order them.
    const pulls: [string, () => Promise<unknown>][] = [
      ['trendingTv', () => catalogue.sync.pull('trendingTv', { time_window: 'day' })],
      ['trendingMovies', () => catalogue.sync.pull('trendingMovies', { time_window: 'day' })],
      ['airingToday1', () => catalogue.sync.pull('airingToday', { page: 1 })],
      ['discover1', () => catalogue.sync.pull('discoverTv', { page: 1 })],
      ['discover2', () => catalogue.sync.pull('discoverTv', { page: 2 })],
      ['discover3', () => catalogue.sync.pull('discoverTv', { page: 3 })],
      ['people1', () => catalogue.sync.pull('popularPeople', { page: 1 })],
      ['externalIds', () => catalogue.sync.pull('personExternalIds', { person_id: people[0]?.id as number })],
      ['discover4', () => catalogue.sync.pull('discoverTv', { page: 4 })],
      ['airingToday2', () => catalogue.sync.pull('airingToday', { page: 2 })],
      ['discover5', () => catalogue.sync.pull('discoverTv', { page: 5 })],
      ['discover6', () => catalogue.sync.pull('discoverTv', { page: 6 })],
    ];
    for (const [, pull] of pulls) {
      await pull();
      await clock.advance(MINUTE);
    }
    // An hour later a user reads three of them; the other nine were never read.
    await clock.advance(HOUR);
    await readAsView(catalogue, clock.now(), 'discoverTv', { page: 1 });
    await readAsView(catalogue, clock.now(), 'popularPeople', { page: 1 });
    await readAsView(catalogue, clock.now(), 'trendingMovies', { time_window: 'day' });
    const userBefore = await protectedRows(databaseOf(catalogue));
    for (const table of ['tvAccountStates', 'episodeAccountStates', 'watchlistPages', 'lists', 'users', 'outbox']) {
      expect(userBefore[table]?.length, table).toBeGreaterThan(0);
    }
    const before = await snapshot(databaseOf(catalogue));

    quota.arm(1);
    const person = people[1]?.id as number;
    const result = await catalogue.sync.pull('personTranslations', { person_id: person });

    expect(quota.injected).toBe(1);
    expect(result.outcome).toBe('stored');
    expect(await catalogue.read('personTranslations', { person_id: person })).toBeDefined();
    // Never read = oldest, then by fetch time: a quarter of twelve (three) go, the first three never read.
    expect(Math.ceil(12 * QUOTA_EVICTION_SHARE)).toBe(3);
    expect(evictions).toHaveLength(1);
    const [event] = evictions;
    const expected = [
      keyOf(catalogue, 'trendingTv', { time_window: 'day' }),
      keyOf(catalogue, 'airingToday', { page: 1 }),
      keyOf(catalogue, 'discoverTv', { page: 2 }),
    ];
    expect(event?.reason).toBe('quota');
    expect(event?.requestKeys).toEqual(expected);
    for (const call of [
      ['trendingTv', { time_window: 'day' }],
      ['airingToday', { page: 1 }],
      ['discoverTv', { page: 2 }],
    ] as const) {
      expect(await catalogue.sync.freshness(call[0], call[1] as never)).toBe('missing');
    }
    // The read ones, and the never-read ones fetched later, are all still served.
    for (const params of [{ page: 1 }, { page: 3 }, { page: 4 }, { page: 5 }, { page: 6 }]) {
      expect(await catalogue.read('discoverTv', params)).toBeDefined();
    }
    expect(await catalogue.read('popularPeople', { page: 1 })).toBeDefined();
    expect(await catalogue.read('trendingMovies', { time_window: 'day' })).toBeDefined();

    // The event states exactly what went: rows per table and their JSON length.
    const after = await snapshot(databaseOf(catalogue));
    const removed = removedBetween(before, after);
    expect(event?.records).toEqual(removed.records);
    expect(event?.bytes).toBe(removed.bytes);
    expect(removed.records).toMatchObject({ syncMeta: 3, listPages: 3 });
    expect(removed.records.tvSeries).toBeGreaterThan(0);
    // User data, the outbox, configuration, episodes and quarantine: byte-identical.
    const userAfter = await protectedRows(databaseOf(catalogue));
    expect(lostRows(userBefore, userAfter)).toBe(0);
    expect(userAfter).toEqual(userBefore);
    expect(await danglingReferences(databaseOf(catalogue))).toEqual([]);
    // Some watchlist series were on the evicted trending page only: the watchlist alone kept them.
    const listed = new Set((await databaseOf(catalogue).listPages.toArray()).flatMap((page) => page.ids));
    const keptByWatchlistOnly = watched.filter((id) => !listed.has(id));
    expect(keptByWatchlistOnly.length).toBeGreaterThan(0);
    for (const id of keptByWatchlistOnly) expect(await databaseOf(catalogue).tvSeries.get(id)).toBeDefined();
    // Credential-free: the event names user scopes and public keys only.
    expect(JSON.stringify(evictions)).not.toMatch(/session_id|session=/);
  });

  it('a quota error that persists: the error surfaces once, nothing of the write is stored, no unhandled rejection', async () => {
    const f = open();
    const { catalogue, clock, quota, evictions } = f;
    await storeUserData(f);
    for (const page of [1, 2, 3, 4]) {
      await catalogue.sync.pull('discoverTv', { page });
      await clock.advance(MINUTE);
    }
    const errors: SyncErrorEvent[] = [];
    catalogue.on('error', (event) => errors.push(event));
    const before = await snapshot(databaseOf(catalogue));
    const userBefore = await protectedRows(databaseOf(catalogue));

    quota.arm(Number.POSITIVE_INFINITY);
    const failed = await catalogue.sync.pull('discoverTv', { page: 9 }).then(
      () => undefined,
      (error: unknown) => error,
    );
    // A background revalidation meets the same full disk within the minute: it fails at once, evicting nothing
    // more; its failure is reported, never unhandled.
    const background = await catalogue.sync.ensureFresh('trendingTv', { time_window: 'day' });
    await background.pending?.catch(() => {});
    expect(evictions).toHaveLength(1);
    // A minute later, a failing write may evict (and retry) once more.
    await clock.advance(QUOTA_BACKOFF_MS);
    const later = await catalogue.sync.pull('airingToday', {}).catch((error: unknown) => error);
    expect(isQuotaExceededError(later)).toBe(true);
    quota.disarm();

    expect(isQuotaExceededError(failed)).toBe(true);
    expect((failed as Error).name).toBe('QuotaExceededError');
    const discoverErrors = errors.filter((event) => event.operation === 'discoverTv');
    expect(discoverErrors).toHaveLength(1);
    expect(discoverErrors[0]?.error.name).toBe('QuotaExceededError');
    expect(catalogue.status.lastError?.name).toBe('QuotaExceededError');
    // Each failing write outside the backoff evicted once (a quarter, at least one) and was retried once.
    expect(evictions.map((event) => event.reason)).toEqual(['quota', 'quota']);
    expect(evictions.map((event) => event.requestKeys.length)).toEqual([1, 1]);
    expect(quota.injected).toBeGreaterThanOrEqual(5);
    expect(await catalogue.read('discoverTv', { page: 9 })).toBeUndefined();
    expect(await catalogue.sync.freshness('discoverTv', { page: 9 })).toBe('missing');

    // The store is as it was, minus exactly what the events said went: nothing was added or changed.
    const after = await snapshot(databaseOf(catalogue));
    for (const [table, rows] of after) {
      for (const [key, json] of rows) expect(before.get(table)?.get(key), `${table} ${key}`).toBe(json);
    }
    const removed = removedBetween(before, after);
    expect(removed.records.syncMeta).toBe(evictions.flatMap((event) => event.requestKeys).length);
    expect(removed.bytes).toBe(evictions.reduce((sum, event) => sum + event.bytes, 0));
    expect(lostRows(userBefore, await protectedRows(databaseOf(catalogue)))).toBe(0);
    expect(await danglingReferences(databaseOf(catalogue))).toEqual([]);
  });

  it('people and tagged images go with the works only they referred to; shared records stay', async () => {
    const f = open();
    const { catalogue, clock, service, quota, evictions } = f;
    const people = (service.control.groundTruth('popularPeople', {}) as { results: { id: number }[] }).results;
    await catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    await catalogue.sync.pull('discoverTv', { page: 1 });
    await clock.advance(MINUTE);
    await catalogue.sync.pull('popularPeople', { page: 1 });
    await clock.advance(MINUTE);
    await catalogue.sync.pull('personTaggedImages', { person_id: people[0]?.id as number });
    await clock.advance(HOUR);
    await readAsView(catalogue, clock.now(), 'trendingMovies', { time_window: 'day' });
    await readAsView(catalogue, clock.now(), 'discoverTv', { page: 1 });
    const trending = await catalogue.read('trendingMovies', { time_window: 'day' });
    const discover = await catalogue.read('discoverTv', { page: 1 });
    const knownFor = (await catalogue.read('popularPeople', { page: 1 }))?.results.flatMap((p) => p.known_for) ?? [];
    expect(knownFor.length).toBeGreaterThan(0);

    // Two refused writes: popular people go first (never read, fetched first), then the tagged images.
    for (const person of [people[1], people[2]]) {
      quota.arm(1);
      await catalogue.sync.pull('personExternalIds', { person_id: person?.id as number });
    }
    expect(evictions.map((event) => event.requestKeys.length)).toEqual([1, 1]);
    expect(evictions[0]?.records.people).toBe(20);
    expect(evictions[1]?.records.taggedImages).toBeGreaterThan(0);
    expect(await catalogue.read('popularPeople', { page: 1 })).toBeUndefined();

    // What the kept pages show reads back unchanged; works only the people knew are gone.
    expect(await catalogue.read('trendingMovies', { time_window: 'day' })).toEqual(trending);
    expect(await catalogue.read('discoverTv', { page: 1 })).toEqual(discover);
    const kept = new Set([
      ...(trending?.results.map((m) => `movie/${m.id}`) ?? []),
      ...(discover?.results.map((s) => `tv/${s.id}`) ?? []),
    ]);
    for (const work of knownFor) {
      const table = work.media_type === 'movie' ? databaseOf(catalogue).movies : databaseOf(catalogue).tvSeries;
      const present = (await table.get(work.id)) !== undefined;
      expect(present, `${work.media_type}/${work.id}`).toBe(kept.has(`${work.media_type}/${work.id}`));
    }
    expect(await danglingReferences(databaseOf(catalogue))).toEqual([]);
  });
});

describe('quota: writes other than responses recover the same way', () => {
  it("a user's change on a full disk evicts browse data and is kept in the outbox, not lost", async () => {
    const f = open();
    const { catalogue, clock, quota, evictions } = f;
    const series = await storeUserData(f);
    for (const page of [1, 2, 3, 4]) {
      await catalogue.sync.pull('discoverTv', { page });
      await clock.advance(MINUTE);
    }
    const outboxBefore = await databaseOf(catalogue).outbox.count();

    quota.arm(1);
    // The first series is a stored favorite: taking it back changes a stored account state optimistically.
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series[0] as number, favorite: false });

    expect(quota.injected).toBe(1);
    expect(evictions.map((event) => event.reason)).toEqual(['quota']);
    expect(await databaseOf(catalogue).outbox.count()).toBe(outboxBefore + 1);
    const row = (await databaseOf(catalogue).outbox.toArray()).at(-1);
    expect(row).toMatchObject({ mutation: { operation: 'markFavorite' }, state: 'pending' });
    // The optimistic account state was written with it (one transaction): the user sees the change at once.
    const scope = catalogue.userScopeId as string;
    expect(await databaseOf(catalogue).tvAccountStates.get([scope, series[0] as number])).toMatchObject({
      favorite: false,
    });
    expect(await danglingReferences(databaseOf(catalogue))).toEqual([]);
  });

  it('a change-feed patch on a full disk evicts browse data and is applied, its cursor moved with it', async () => {
    // The in-process lock (not held elsewhere): `refreshChanges` runs under it.
    const f = open({ locks: undefined });
    const { catalogue, clock, service, quota, evictions } = f;
    const seriesId = service.control
      .allSeries()
      .filter((s) => s.adult === false)
      .map((s) => s.id as number)[0] as number;
    await clock.runUntil(catalogue.track.series(seriesId));
    const trackedAt = clock.now();
    for (const page of [1, 2, 3]) await catalogue.sync.pull('discoverTv', { page });
    await clock.advance(HOUR);
    const changed = service.control
      .mutateEpisodes({ count: 2, series_id: seriesId, keys: ['name', 'overview'] })
      .map((m) => m.episode_id);
    await clock.advance(MINUTE);

    quota.arm(1);
    const result = await clock.runUntil(catalogue.sync.refreshChanges({ budget: 1000 }));

    expect(quota.injected).toBe(1);
    expect(evictions.map((event) => event.reason)).toEqual(['quota']);
    expect(result).toMatchObject({ patched: 2, failed: 0 });
    for (const id of changed) {
      const stored = await databaseOf(catalogue).episodes.get(id);
      const truth = service.control.episode(id) as { name: string; overview: string };
      expect({ name: stored?.name, overview: stored?.overview }).toEqual({
        name: truth.name,
        overview: truth.overview,
      });
      expect((await databaseOf(catalogue).episodeCursors.get(id))?.checkedAt).toBeGreaterThan(trackedAt + HOUR);
    }
  });
});

describe('maxBytes: a size budget for browse data', () => {
  it('rejects a budget that is not a positive integer, precisely', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '1000', null]) {
      expect(() => oneCatalogue({ catalogue: { maxBytes: bad as never } })).toThrow(
        new TypeError(
          `createCatalogue: maxBytes must be a positive integer (bytes), got ${typeof bad === 'string' ? JSON.stringify(bad) : String(bad)}`,
        ),
      );
    }
    fixture = oneCatalogue({ catalogue: { maxBytes: 1_000_000 } });
  });

  it('keeps the accounted bytes under the budget, evicting never-read pages first in fetch order', async () => {
    // One page's accounted size, measured on a budget nothing reaches.
    const probe = open({ maxBytes: 1_000_000_000 });
    await probe.catalogue.sync.pull('discoverTv', { page: 1 });
    const pageBytes = await ledgerBytes(databaseOf(probe.catalogue));
    await probe.catalogue.close();
    // The ledger counts what the write put: close to the JSON length of the rows stored for it.
    expect(pageBytes).toBeGreaterThan(5_000);

    const maxBytes = Math.floor(pageBytes * 5.5);
    const f = open({ maxBytes });
    const { catalogue, clock, evictions } = f;
    for (const page of [1, 2, 3, 4]) {
      await catalogue.sync.pull('discoverTv', { page });
      await clock.advance(MINUTE);
    }
    await clock.advance(HOUR);
    await readAsView(catalogue, clock.now(), 'discoverTv', { page: 1 });
    await readAsView(catalogue, clock.now(), 'discoverTv', { page: 3 });
    const accounted: number[] = [];
    for (const page of [5, 6, 7, 8, 9, 10, 11, 12]) {
      await clock.advance(MINUTE);
      await catalogue.sync.pull('discoverTv', { page });
      accounted.push(await ledgerBytes(databaseOf(catalogue)));
    }
    expect(Math.max(...accounted)).toBeLessThanOrEqual(maxBytes);
    expect(evictions.length).toBeGreaterThan(0);
    expect(evictions.every((event) => event.reason === 'max-bytes')).toBe(true);
    // Hysteresis: each eviction goes down to the low-water mark, so not every write evicts.
    expect(evictions.length).toBeLessThan(8);
    const evicted = evictions.flatMap((event) => event.requestKeys);
    const pageOf = (key: string) => Number(new URLSearchParams(key.split('?')[1]).get('page'));
    const order = evicted.map(pageOf);
    // Never-read pages in fetch order; the two read pages are kept.
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.slice(0, 3)).toEqual([2, 4, 5]);
    expect(order).not.toContain(1);
    expect(order).not.toContain(3);
    expect(await catalogue.read('discoverTv', { page: 1 })).toBeDefined();
    expect(await catalogue.read('discoverTv', { page: 3 })).toBeDefined();
    expect(await catalogue.read('discoverTv', { page: 12 })).toBeDefined();
    // The ledger accounts exactly the browse responses still stored.
    const ledger = (await databaseOf(catalogue).sizeLedger.toCollection().primaryKeys()).sort();
    const metas = (await databaseOf(catalogue).syncMeta.toCollection().primaryKeys()).sort();
    expect(ledger).toEqual(metas);
    expect(await danglingReferences(databaseOf(catalogue))).toEqual([]);
  });

  it('a pullList bigger than the budget completes, then the budget is enforced to the low-water mark', async () => {
    const probe = open({ maxBytes: 1_000_000_000 });
    await probe.catalogue.sync.pull('discoverTv', { page: 1 });
    const pageBytes = await ledgerBytes(databaseOf(probe.catalogue));
    await probe.catalogue.close();

    const maxBytes = Math.floor(pageBytes * 3.5);
    const f = open({ maxBytes });
    const { catalogue, evictions } = f;
    const result = await catalogue.sync.pullList('discoverTv', {}, { pages: 8 });
    expect(result.pages).toBe(8);
    expect(result.ids).toHaveLength(160);
    expect(await ledgerBytes(databaseOf(catalogue))).toBeLessThanOrEqual(maxBytes * LOW_WATER_MARK);
    expect(evictions).toHaveLength(1);
    expect(evictions[0]?.reason).toBe('max-bytes');
    expect(await danglingReferences(databaseOf(catalogue))).toEqual([]);
  });

  it('never takes a page a view shows now: read within the minute, or read and fetched again within it', async () => {
    const probe = open({ maxBytes: 1_000_000_000 });
    await probe.catalogue.sync.pull('discoverTv', { page: 1 });
    const pageBytes = await ledgerBytes(databaseOf(probe.catalogue));
    await probe.catalogue.close();

    const maxBytes = Math.floor(pageBytes * 1.5);
    const f = open({ maxBytes });
    const { catalogue, clock, service, evictions } = f;
    const trending = { time_window: 'day' } as const;
    await catalogue.sync.pull('trendingTv', trending);
    await readAsView(catalogue, clock.now(), 'trendingTv', trending);
    await catalogue.sync.pull('discoverTv', { page: 1 });
    await readAsView(catalogue, clock.now(), 'discoverTv', { page: 1 });
    await catalogue.sync.pull('discoverTv', { page: 2 });
    // Over the budget, but both pages read are on screen and page 2 is being written: nothing goes yet.
    expect(evictions).toEqual([]);
    expect(await ledgerBytes(databaseOf(catalogue))).toBeGreaterThan(maxBytes);

    // Two hours on, the view on trending refetches what it shows (its read mark stays an hour old or more).
    await clock.advance(2 * HOUR);
    service.control.reshuffleTrending();
    await catalogue.sync.pull('trendingTv', trending, { force: true });
    const key = (page: number) => catalogue.discoverTv({ page }).requestKey;
    expect(evictions.flatMap((event) => event.requestKeys)).toEqual([key(2), key(1)]);
    // The next page does not take trending either: read before, fetched again within the minute.
    await catalogue.sync.pull('discoverTv', { page: 3 });
    expect(evictions).toHaveLength(1);
    expect(await catalogue.read('trendingTv', trending)).toBeDefined();
    // A minute later it is fair game, after the never-read page.
    await clock.advance(MINUTE);
    await catalogue.sync.pull('discoverTv', { page: 4 });
    expect(evictions[1]?.requestKeys).toEqual([key(3), catalogue.trendingTv(trending).requestKey]);
    expect(await ledgerBytes(databaseOf(catalogue))).toBeLessThanOrEqual(maxBytes);
  });

  it('accounts what was stored before the budget was set, at the first write under it', async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const before = open({ indexedDB });
    for (const page of [1, 2, 3, 4, 5, 6]) await before.catalogue.sync.pull('discoverTv', { page });
    expect(await databaseOf(before.catalogue).sizeLedger.count()).toBe(0);
    await before.catalogue.close();

    const probe = open({ maxBytes: 1_000_000_000 });
    await probe.catalogue.sync.pull('discoverTv', { page: 1 });
    const pageBytes = await ledgerBytes(databaseOf(probe.catalogue));
    await probe.catalogue.close();

    const maxBytes = Math.floor(pageBytes * 3.5);
    const after = open({ indexedDB, maxBytes });
    await after.clock.advance(MINUTE);
    await after.catalogue.sync.pull('discoverTv', { page: 7 });
    // The six pages stored without a budget were measured from their rows, then the oldest went.
    expect(after.evictions.map((event) => event.reason)).toEqual(['max-bytes']);
    expect(after.evictions[0]?.requestKeys.length).toBeGreaterThanOrEqual(3);
    expect(await ledgerBytes(databaseOf(after.catalogue))).toBeLessThanOrEqual(maxBytes);
    const ledger = (await databaseOf(after.catalogue).sizeLedger.toCollection().primaryKeys()).sort();
    expect(ledger).toEqual((await databaseOf(after.catalogue).syncMeta.toCollection().primaryKeys()).sort());
    // Measured from stored rows, the legacy pages count about what a write of them would have.
    for (const row of await databaseOf(after.catalogue).sizeLedger.toArray()) {
      expect(row.bytes / pageBytes).toBeGreaterThan(0.8);
      expect(row.bytes / pageBytes).toBeLessThan(1.25);
    }
  });

  it('under a budget, a refused accounted write evicts, retries once and is accounted; a persistent one is not', async () => {
    const f = open({ maxBytes: 50_000_000 });
    const { catalogue, clock, quota, evictions } = f;
    for (const page of [1, 2, 3, 4]) {
      await catalogue.sync.pull('discoverTv', { page });
      await clock.advance(MINUTE);
    }
    quota.arm(1);
    await catalogue.sync.pull('discoverTv', { page: 5 });
    expect(evictions.map((event) => event.requestKeys.length)).toEqual([1]);
    const keys = async () => (await databaseOf(catalogue).sizeLedger.toCollection().primaryKeys()).sort();
    const metas = async () => (await databaseOf(catalogue).syncMeta.toCollection().primaryKeys()).sort();
    expect(await keys()).toEqual(await metas());
    expect(await keys()).toContain(catalogue.discoverTv({ page: 5 }).requestKey);

    quota.arm(Number.POSITIVE_INFINITY);
    const failed = await catalogue.sync.pull('discoverTv', { page: 6 }).catch((error: unknown) => error);
    quota.disarm();
    expect(isQuotaExceededError(failed)).toBe(true);
    expect(await keys()).toEqual(await metas());
    expect(await keys()).not.toContain(catalogue.discoverTv({ page: 6 }).requestKey);
  });

  it('accounts nothing without a budget', async () => {
    const f = open();
    await f.catalogue.sync.pullList('discoverTv', {}, { pages: 3 });
    expect(await databaseOf(f.catalogue).sizeLedger.count()).toBe(0);
    expect(f.evictions).toEqual([]);
  });
});

describe('isQuotaExceededError', () => {
  it('recognises the error by name, also wrapped by Dexie, and nothing else', () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    expect(isQuotaExceededError(quota)).toBe(true);
    expect(isQuotaExceededError({ name: 'QuotaExceededError', message: 'crossed postMessage' })).toBe(true);
    expect(isQuotaExceededError({ name: 'AbortError', inner: quota })).toBe(true);
    expect(isQuotaExceededError({ name: 'BulkError', failures: [new Error('x'), quota] })).toBe(true);
    expect(isQuotaExceededError({ name: 'BulkError', failures: { 3: quota } })).toBe(true);
    expect(isQuotaExceededError(new Error('QuotaExceededError'))).toBe(false);
    expect(isQuotaExceededError({ name: 'AbortError', inner: { name: 'ConstraintError' } })).toBe(false);
    for (const value of [undefined, null, 'QuotaExceededError', 22]) expect(isQuotaExceededError(value)).toBe(false);
    const loop: { name: string; inner?: unknown } = { name: 'AbortError' };
    loop.inner = loop;
    expect(isQuotaExceededError(loop)).toBe(false);
  });
});

describe('eviction transactions', () => {
  it('delete at most the row bound each, and every one leaves the store whole', async () => {
    // The eager door: the counter is store middleware, which goes in before the core's database opens.
    fixture = oneCatalogue({ catalogue: { locks: heldElsewhere, freshness: LONG }, door: 'eager' });
    const { catalogue } = fixture;
    const deletes = countDeletesPerTransaction(databaseOf(catalogue));
    for (const page of [1, 2, 3, 4, 5, 6, 7, 8]) await catalogue.sync.pull('discoverTv', { page });
    for (const page of [1, 2]) await catalogue.sync.pull('popularPeople', { page });
    const units = await browseUnitsByAge(databaseOf(catalogue), sweepStore());
    expect(units).toHaveLength(10);
    // All but one page of each list: people of page 1 share known_for works with page 2's, across transactions.
    const keep = [catalogue.discoverTv({ page: 8 }).requestKey, catalogue.popularPeople({ page: 2 }).requestKey];
    const chosen = units.filter((unit) => !keep.includes(unit.requestKey));
    const evicted = await evictBrowseData(databaseOf(catalogue), sweepStore(), chosen, { maxRows: 200 });
    expect(evicted.requestKeys).toEqual(chosen.map((unit) => unit.requestKey));
    expect(evicted.records.people).toBeGreaterThan(0);
    const sizes = [...deletes.values()];
    expect(sizes.length).toBeGreaterThan(2);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(200);
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(evicted.records.syncMeta ?? 0);
    expect(await danglingReferences(databaseOf(catalogue))).toEqual([]);
    expect(await databaseOf(catalogue).syncMeta.count()).toBe(2);
    expect(await catalogue.read('popularPeople', { page: 2 })).toBeDefined();
  });
});

describe('resources', () => {
  it('a season row goes with the last of its responses; a sub-resource with its own', async () => {
    fixture = oneCatalogue({ catalogue: { locks: heldElsewhere, freshness: LONG } });
    const { catalogue, service } = fixture;
    const series_id = service.control.allSeries()[0]?.id as number;
    const movie_id = (
      service.control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] }
    ).results[0]?.id as number;
    const season = { series_id, season_number: 1 };
    await catalogue.sync.pull('seasonCredits', season);
    await catalogue.sync.pull('seasonImages', season);
    await catalogue.sync.pull('movieVideos', { movie_id });
    const units = await browseUnitsByAge(databaseOf(catalogue), sweepStore());
    const unit = (operation: string) => units.filter((u) => u.operation === operation);

    const credits = await evictBrowseData(databaseOf(catalogue), sweepStore(), unit('seasonCredits'));
    // The images still hold the row: their response reads back whole; the credits are missing again.
    expect(credits.records).toEqual({ syncMeta: 1 });
    expect(await catalogue.read('seasonImages', season)).toBeDefined();
    expect(await catalogue.sync.freshness('seasonCredits', season)).toBe('missing');

    const images = await evictBrowseData(databaseOf(catalogue), sweepStore(), [
      ...unit('seasonImages'),
      ...unit('movieVideos'),
    ]);
    expect(images.records).toEqual({ syncMeta: 2, seasons: 1, movieVideos: 1 });
    expect(await databaseOf(catalogue).seasons.count()).toBe(0);
    expect(await databaseOf(catalogue).movieVideos.count()).toBe(0);

    // Season details: the row goes, its episodes stay (every stored episode is tracked), with their cursors.
    await catalogue.sync.pull('seasonDetails', season);
    const episodes = await databaseOf(catalogue).episodes.count();
    const cursors = await databaseOf(catalogue).episodeCursors.toArray();
    expect(episodes).toBeGreaterThan(0);
    const details = (await browseUnitsByAge(databaseOf(catalogue), sweepStore())).filter(
      (u) => u.operation === 'seasonDetails',
    );
    expect((await evictBrowseData(databaseOf(catalogue), sweepStore(), details)).records).toEqual({
      syncMeta: 1,
      seasons: 1,
    });
    expect(await databaseOf(catalogue).episodes.count()).toBe(episodes);
    expect(await databaseOf(catalogue).episodeCursors.toArray()).toEqual(cursors);
    expect(await catalogue.sync.freshness('seasonDetails', season)).toBe('missing');
  });
});

describe('a view over evicted data', () => {
  it('goes missing when its page is evicted, and refetches it by itself', async () => {
    const f = open();
    const { catalogue, clock, quota, evictions } = f;
    for (const page of [3, 4, 5]) await catalogue.sync.pull('discoverTv', { page });
    await clock.advance(MINUTE);
    const view = catalogue.discoverTv({ page: 2 });
    const rec = record(view);
    const first = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    // The three other pages are read half an hour later: the view's page, fetched last, is the least recently read.
    // (A view on screen re-marks its rows when it re-renders, at most once an hour: within the hour it does not.)
    await clock.advance(HOUR / 2);
    for (const page of [3, 4, 5]) await readAsView(catalogue, clock.now(), 'discoverTv', { page });
    const page2 = () => f.urls.filter((url) => new URL(url).searchParams.get('page') === '2').length;
    const fetchesBefore = page2();
    quota.arm(1);
    await catalogue.sync.pull('discoverTv', { page: 6 });
    expect(evictions[0]?.requestKeys).toEqual([view.requestKey]);
    const gone = await until(clock, view, (s) => s.status === 'missing');
    expect(gone.data).toBeUndefined();
    expect(gone.error).toBeUndefined();

    // Nothing else asks for page 2: the subscribed view fetches what went missing under it, as a first read would.
    const back = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(back.data).toEqual(first.data);
    expect(page2()).toBe(fetchesBefore + 1);
    expect(rec.snapshots.some((s) => s.status === 'missing' && s.fetching)).toBe(true);
    rec.stop();
  });
});
