import type { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import { openFirstAnswersDb, readFirstAnswer } from '../../src/store/first-answers/first-answers-db.js';
import { VIEW_GRACE_MS } from '../../src/sync/entry-cache.js';
import type { ViewEntries, ViewEntry } from '../../src/sync/view-entries.js';
import type { OneCatalogue } from '../helpers/catalogue-world.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { gatedFetch } from '../helpers/gated-fetch.js';
import { record, settle, until } from '../query/view-helpers.js';

/**
 * `catalogue.sync.entries()`: the engine's live keys as tools see them, and the actions on one, against the
 * in-process fake on a virtual clock. A key's requests are counted at the fake.
 */
const open = closedAfterEach();
const TRENDING = { time_window: 'day' } as const;

async function entriesOf(fixture: OneCatalogue, catalogue: Catalogue = fixture.catalogue): Promise<ViewEntries> {
  const entries = catalogue.sync.entries();
  for (let round = 0; round < 50; round++) await fixture.clock.flush();
  return entries;
}

const only = (entries: ViewEntries, operation: string): ViewEntry[] =>
  entries.getSnapshot().filter((entry) => entry.operation === operation);

/** Lets real work settle until `read()` is true, without moving virtual time (300 rounds at most). */
async function eventually(fixture: OneCatalogue, read: () => boolean): Promise<void> {
  for (let round = 0; round < 300 && !read(); round++) await fixture.clock.flush();
  expect(read()).toBe(true);
}

/** Lets real work settle until `promise` does, without moving virtual time; returns it. */
async function done<T>(fixture: OneCatalogue, promise: Promise<T>): Promise<T> {
  let settled = false;
  promise.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  for (let round = 0; round < 300 && !settled; round++) await fixture.clock.flush();
  return promise;
}

async function firstAnswerOf(indexedDB: IDBFactory, key: string) {
  const db = await openFirstAnswersDb(indexedDB, `catalogue-test${DATABASE_PROTOCOL_SUFFIX}`);
  const row = await readFirstAnswer(db as IDBDatabase, key);
  db?.close();
  return row;
}

describe('catalogue.sync.entries()', () => {
  it('lists a subscribed view with its key, status, freshness, one observer and its data; then grace, then gone', async () => {
    const fixture = open();
    const { catalogue, clock } = fixture;
    const entries = await entriesOf(fixture);
    let told = 0;
    const stopList = entries.subscribe(() => {
      told += 1;
    });
    const view = catalogue.trendingTv(TRENDING);
    const seen = record(view);
    const fresh = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    await eventually(fixture, () => only(entries, 'trendingTv')[0]?.staleAt !== undefined);

    const [entry] = only(entries, 'trendingTv');
    expect(entry).toMatchObject({
      requestKey: view.requestKey,
      operation: 'trendingTv',
      params: { time_window: 'day' },
      userScope: undefined,
      status: 'fresh',
      fetching: false,
      error: undefined,
      updatedAt: fresh.updatedAt,
      observers: 1,
      inGrace: false,
    });
    expect(entry?.data).toBe(fresh.data);
    expect(entry?.staleAt).toBeGreaterThan(clock.now());
    expect(told).toBeGreaterThan(0);
    // The same array while nothing changes (a store a UI can render from).
    expect(entries.getSnapshot()).toBe(entries.getSnapshot());

    // The same call again is the same view: one key, one observer, however many listen to it.
    const again = record(catalogue.trendingTv({ time_window: 'day', page: 1 }));
    await settle(clock);
    expect(only(entries, 'trendingTv')).toHaveLength(1);
    expect(only(entries, 'trendingTv')[0]?.observers).toBe(1);
    again.stop();
    expect(only(entries, 'trendingTv')[0]).toMatchObject({ observers: 1, inGrace: false });
    seen.stop();
    expect(only(entries, 'trendingTv')[0]).toMatchObject({ observers: 0, inGrace: true });
    await fixture.settle(VIEW_GRACE_MS + 1);
    expect(only(entries, 'trendingTv')).toEqual([]);
    stopList();
  });

  it('lists a pull nobody shows while it is fetching, and forgets it once stored', async () => {
    const gate = gatedFetch();
    const fixture = open({ catalogue: { wrapFetch: gate.wrap } });
    const entries = await entriesOf(fixture);
    const pull = fixture.catalogue.sync.pull('airingToday', {});
    await settle(fixture.clock);
    expect(only(entries, 'airingToday')).toMatchObject([{ fetching: true, observers: 0, inGrace: false }]);
    gate.release();
    await fixture.clock.runUntil(pull);
    await settle(fixture.clock);
    expect(only(entries, 'airingToday')).toEqual([]);
  });

  it('refetch sends one request for the key at once, and the entry shows the new answer', async () => {
    const fixture = open();
    const { catalogue, clock, service } = fixture;
    const entries = await entriesOf(fixture);
    const view = catalogue.trendingTv(TRENDING);
    const seen = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(service.log.count({ operation: 'trendingTv' })).toBe(1);
    await clock.advance(30_000);

    const refetch = entries.refetch(view.requestKey);
    await expect(done(fixture, refetch)).resolves.toBe(true);
    await until(clock, view, (s) => !s.fetching);
    expect(service.log.count({ operation: 'trendingTv' })).toBe(2);
    // Confirmed (a 304) or answered anew: either way the answer is as of the refetch, in the view and the list.
    await until(clock, view, (s) => s.updatedAt === clock.now(), { maxMs: 0 });
    await eventually(fixture, () => only(entries, 'trendingTv')[0]?.updatedAt === clock.now());
    seen.stop();
  });

  it('invalidate marks the stored answer stale now and revalidates an observed key once', async () => {
    const fixture = open();
    const { catalogue, clock, service } = fixture;
    const entries = await entriesOf(fixture);
    const view = catalogue.popularPeople({});
    const seen = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(await catalogue.sync.freshness('popularPeople', {})).toBe('fresh');
    const before = service.log.count({ operation: 'popularPeople' });

    // Answers take 3 s of virtual time from now: the stale state is seen while the revalidation waits.
    service.control.setFaults({ latencyMs: 3_000 });
    const invalidating = entries.invalidate(view.requestKey);
    const stale = await until(clock, view, (s) => s.status === 'stale' && s.fetching, { maxMs: 0 });
    expect(stale.data).toBeDefined();
    await eventually(fixture, () => only(entries, 'popularPeople')[0]?.staleAt === clock.now());
    service.control.setFaults({});
    await fixture.settle(3_000);
    await expect(done(fixture, invalidating)).resolves.toBe(true);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(service.log.count({ operation: 'popularPeople' })).toBe(before + 1);
    await eventually(fixture, () => {
      const [entry] = only(entries, 'popularPeople');
      return entry?.status === 'fresh' && (entry.staleAt ?? 0) > clock.now();
    });
    seen.stop();
  });

  it('invalidate of a key in its grace revalidates it; once the key is gone it answers false', async () => {
    const fixture = open();
    const { catalogue, clock, service } = fixture;
    const entries = await entriesOf(fixture);
    const view = catalogue.airingToday({});
    const seen = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    seen.stop();
    // In its grace the engine still keeps the key (a view back within it sees it fresh): it is revalidated.
    const before = service.log.count({ operation: 'airingToday' });
    await expect(entries.invalidate(view.requestKey)).resolves.toBe(true);
    await settle(clock);
    expect(service.log.count({ operation: 'airingToday' })).toBe(before + 1);
    expect(await catalogue.sync.freshness('airingToday', {})).toBe('fresh');
    await fixture.settle(VIEW_GRACE_MS + 1);
    expect(only(entries, 'airingToday')).toEqual([]);
    // Gone: nothing to act on, and nothing written.
    await expect(entries.invalidate(view.requestKey)).resolves.toBe(false);
    expect(await catalogue.sync.freshness('airingToday', {})).toBe('fresh');
    expect(service.log.count({ operation: 'airingToday' })).toBe(before + 1);
  });

  it('remove: observers start again from loading, then the stored answer, with no request', async () => {
    const fixture = open();
    const { catalogue, clock, service } = fixture;
    const entries = await entriesOf(fixture);
    const view = catalogue.trendingTv(TRENDING);
    const seen = record(view);
    const fresh = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    const before = only(entries, 'trendingTv')[0];

    const removing = entries.remove(view.requestKey);
    expect(view.getSnapshot().status).toBe('loading');
    await expect(done(fixture, removing)).resolves.toBe(true);
    const back = await until(clock, view, (s) => s.status === 'fresh');
    expect(back.data).toEqual(fresh.data);
    expect(seen.snapshots.map((s) => s.status)).toContain('loading');
    expect(service.log.count({ operation: 'trendingTv' })).toBe(1);
    const [after] = only(entries, 'trendingTv');
    expect(after).toMatchObject({ observers: 1, inGrace: false });
    expect(after).not.toBe(before);

    // The view's unsubscribe stops it where it now is: the new entry goes into its grace, then away.
    seen.stop();
    expect(only(entries, 'trendingTv')[0]).toMatchObject({ observers: 0, inGrace: true });
    await fixture.settle(VIEW_GRACE_MS + 1);
    expect(only(entries, 'trendingTv')).toEqual([]);
  });

  it('remove of a key in its grace forgets it and its first answer at once; the next view reads the store', async () => {
    const fixture = open();
    const { clock, service, indexedDB } = fixture;
    // A first page load shows the key; closing lets the first answer it keeps be written.
    const first = fixture.catalogue.trendingTv(TRENDING);
    const shown = record(first);
    await until(clock, first, (s) => s.status === 'fresh' && !s.fetching);
    shown.stop();
    await fixture.catalogue.close();
    expect(await firstAnswerOf(indexedDB, first.requestKey)).toBeDefined();

    // The next page load: the key shown, then left (its grace), then removed.
    const catalogue = fixture.open();
    const entries = await entriesOf(fixture, catalogue);
    const view = catalogue.trendingTv(TRENDING);
    const seen = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    seen.stop();
    expect(only(entries, 'trendingTv')[0]?.inGrace).toBe(true);

    const removing = entries.remove(view.requestKey);
    expect(only(entries, 'trendingTv')).toEqual([]);
    await expect(done(fixture, removing)).resolves.toBe(true);
    expect(await firstAnswerOf(indexedDB, view.requestKey)).toBeUndefined();
    await expect(entries.remove(view.requestKey)).resolves.toBe(false);

    // The view starts again from a new entry: loading, then the stored answer, with no request.
    const again = record(view);
    expect(view.getSnapshot().status).toBe('loading');
    await until(clock, view, (s) => s.status === 'fresh');
    expect(service.log.count({ operation: 'trendingTv' })).toBe(1);
    again.stop();
  });

  it('refuses a key that is not a string, and answers false for a key with no entry', async () => {
    const fixture = open();
    const entries = await entriesOf(fixture);
    for (const action of ['refetch', 'invalidate', 'remove'] as const) {
      expect(() => entries[action](42 as unknown as string)).toThrow(TypeError);
      await expect(entries[action]('trendingTv:{"time_window":"week"}')).resolves.toBe(false);
    }
    expect(fixture.service.log.count({})).toBe(0);
  });
});
