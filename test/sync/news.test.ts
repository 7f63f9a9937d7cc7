import { Dexie } from 'dexie';
import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import { CURRENT_SCHEMA_VERSION, openCatalogueDatabase } from '../../src/store/index.js';
import { version1Stores } from '../../src/store/schema/version-1.js';
import { version2Stores } from '../../src/store/schema/version-2.js';
import { version3Stores } from '../../src/store/schema/version-3.js';
import { version4Stores } from '../../src/store/schema/version-4.js';
import { version5Stores } from '../../src/store/schema/version-5.js';
import { version6Stores } from '../../src/store/schema/version-6.js';
import { version7Stores } from '../../src/store/schema/version-7.js';
import { version8Stores } from '../../src/store/schema/version-8.js';
import { version9Stores } from '../../src/store/schema/version-9.js';
import { version10Stores } from '../../src/store/schema/version-10.js';
import { version11Stores } from '../../src/store/schema/version-11.js';
import { version12Stores } from '../../src/store/schema/version-12.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let world: CatalogueWorld | undefined;
afterEach(async () => {
  await world?.closeAll();
  world = undefined;
});

/** The fake's first `count` non-adult series that have a regular season. */
function seriesOf(w: CatalogueWorld, count: number): number[] {
  return w.service.control
    .allSeries()
    .filter((s) => s.adult === false)
    .slice(0, count)
    .map((s) => s.id as number);
}

function requestsSince(w: CatalogueWorld, from: number): string[] {
  return w.urls.slice(from).map((url) => new URL(url).pathname);
}

/** A catalogue following one series, and the stored episodes of that series' latest season. */
async function followedOne() {
  world = catalogueWorld();
  const w = world;
  const catalogue = w.open();
  const [series_id] = seriesOf(w, 1) as [number];
  const followed = await w.clock.runUntil(catalogue.news.follow([series_id]));
  expect(followed).toMatchObject({ followed: [series_id], remaining: [], failed: [] });
  const db = databaseOf(catalogue);
  const details = await db.tvSeriesDetails.get(series_id);
  const latest = Math.max(...(details?.seasons ?? []).map((s) => s.season_number));
  const cursors = await db.episodeCursors.where('series_id').equals(series_id).toArray();
  const episodes = cursors.filter((c) => c.season_number === latest).map((c) => c.episode_id);
  expect(episodes.length).toBeGreaterThan(1);
  // Only the latest season was fetched: the others have no tracked episodes.
  expect(new Set(cursors.map((c) => c.season_number))).toEqual(new Set([latest]));
  return { w, catalogue, series_id, latest, episodes };
}

async function refresh(w: CatalogueWorld, catalogue: Catalogue) {
  return w.clock.runUntil(catalogue.sync.refreshChanges({ budget: 1000 }));
}

describe('catalogue.news', () => {
  it('lists an episode of a followed series whose name changed, with the field, and nothing changed before `since`', async () => {
    const { w, catalogue, series_id, episodes } = await followedOne();
    const since = w.clock.now();
    await w.clock.advance(HOUR);
    const [target, other] = episodes as [number, number];
    w.service.control.mutateEpisode(target, { name: 'The Reveal' });
    await w.clock.advance(MINUTE);
    expect(await catalogue.news.since(since, [series_id])).toEqual([]);

    const applied = await refresh(w, catalogue);
    expect(applied.patched).toBe(1);
    const news = await catalogue.news.since(since, [series_id]);
    expect(news).toHaveLength(1);
    expect(news[0]).toMatchObject({ series_id, name: expect.any(String) });
    expect(news[0]?.episodes).toEqual([
      expect.objectContaining({ episode_id: target, name: 'The Reveal', changed: ['name'], aired: false }),
    ]);

    // A later change to another episode comes first; a `since` after the first change leaves that one out.
    const between = w.clock.now();
    await w.clock.advance(HOUR);
    w.service.control.mutateEpisode(other, { overview: 'Rewritten.', name: 'Second' });
    await w.clock.advance(MINUTE);
    await refresh(w, catalogue);
    const both = await catalogue.news.since(since, [series_id]);
    expect(both[0]?.episodes.map((e) => [e.episode_id, e.changed])).toEqual([
      [other, ['name', 'overview']],
      [target, ['name']],
    ]);
    const later = await catalogue.news.since(between, [series_id]);
    expect(later[0]?.episodes.map((e) => e.episode_id)).toEqual([other]);
    expect(await catalogue.news.since(w.clock.now(), [series_id])).toEqual([]);
    // Series not asked for are never answered, even with news.
    expect(await catalogue.news.since(since, [series_id + 1_000_000])).toEqual([]);
  });

  it('lists an episode whose air date falls in (since, now] as aired, and not before it airs', async () => {
    const { w, catalogue, series_id, episodes } = await followedOne();
    const target = episodes[0] as number;
    const inThreeDays = new Date(w.clock.now() + 3 * DAY).toISOString().slice(0, 10);
    await w.clock.advance(HOUR);
    w.service.control.mutateEpisode(target, { air_date: inThreeDays });
    await w.clock.advance(MINUTE);
    await refresh(w, catalogue);
    const since = w.clock.now();
    // Not aired yet, and its change was applied before `since`.
    expect(await catalogue.news.since(since, [series_id])).toEqual([]);
    await w.clock.advance(4 * DAY);
    const news = await catalogue.news.since(since, [series_id]);
    expect(news[0]?.episodes).toEqual([
      expect.objectContaining({
        episode_id: target,
        air_date: inThreeDays,
        aired: true,
        changed: [],
        at: Date.parse(`${inThreeDays}T00:00:00Z`),
      }),
    ]);
  });

  it('answers offline from the store, also after a reload with the network off', async () => {
    const { w, catalogue, series_id, episodes } = await followedOne();
    const since = w.clock.now();
    await w.clock.advance(HOUR);
    w.service.control.mutateEpisode(episodes[1] as number, { name: 'Offline Reading' });
    await w.clock.advance(MINUTE);
    await refresh(w, catalogue);
    w.connectivity.setOnline(false);
    const before = w.urls.length;
    const expected = await catalogue.news.since(since, [series_id]);
    expect(expected[0]?.episodes[0]).toMatchObject({ name: 'Offline Reading', changed: ['name'] });
    await catalogue.close();

    const reloaded = w.open();
    expect(await w.clock.runUntil(reloaded.news.since(since, [series_id]))).toEqual(expected);
    // Following what is already tracked costs nothing, offline or not.
    expect(await w.clock.runUntil(reloaded.news.follow([series_id]))).toMatchObject({ requests: 0 });
    expect(w.urls.length).toBe(before);
  });

  it('keeps to `maxRequests` per follow call, counted at the service; tracked series cost nothing', async () => {
    world = catalogueWorld();
    const w = world;
    const catalogue = w.open();
    const ids = seriesOf(w, 4);
    let from = w.urls.length;
    // Each series costs two requests (its details, then its latest season's).
    const first = await w.clock.runUntil(catalogue.news.follow(ids, { maxRequests: 3 }));
    const sent = requestsSince(w, from);
    expect(sent).toHaveLength(3);
    expect(first.requests).toBe(3);
    expect(first.followed).toEqual([ids[0]]);
    expect(first.remaining).toEqual(ids.slice(1));
    expect(sent.every((path) => /^\/3\/tv\/\d+(\/season\/\d+)?$/.test(path))).toBe(true);

    from = w.urls.length;
    const second = await w.clock.runUntil(catalogue.news.follow(first.remaining));
    expect(requestsSince(w, from)).toHaveLength(second.requests);
    expect(second.requests).toBeLessThanOrEqual(10);
    expect(second).toMatchObject({ followed: ids.slice(1), remaining: [], failed: [] });

    from = w.urls.length;
    expect(await w.clock.runUntil(catalogue.news.follow(ids, { maxRequests: 0 }))).toMatchObject({
      followed: ids,
      requests: 0,
    });
    expect(w.urls.length).toBe(from);
  });

  it('a series the service does not know is reported as failed; the others are followed', async () => {
    world = catalogueWorld();
    const w = world;
    const catalogue = w.open();
    const [known] = seriesOf(w, 1) as [number];
    const result = await w.clock.runUntil(catalogue.news.follow([999_999_999, known]));
    expect(result.followed).toEqual([known]);
    expect(result.failed.map((f) => f.series_id)).toEqual([999_999_999]);
  });

  it('rejects bad arguments with TypeErrors before reading or sending anything', async () => {
    world = catalogueWorld();
    const w = world;
    const catalogue = w.open();
    const bad: (() => Promise<unknown>)[] = [
      () => catalogue.news.since(Number.NaN, [1]),
      () => catalogue.news.since('yesterday' as never, [1]),
      () => catalogue.news.since(0, [0]),
      () => catalogue.news.since(0, 5 as never),
      () => catalogue.news.follow([1.5]),
      () => catalogue.news.follow([1], { maxRequests: -1 }),
    ];
    for (const call of bad) await expect(w.clock.runUntil(call())).rejects.toBeInstanceOf(TypeError);
    expect(w.urls).toEqual([]);
  });

  it('a failing news write leaves the store as it was; the next refresh applies the change and its news', async () => {
    const { w, catalogue, series_id, episodes } = await followedOne();
    const db = databaseOf(catalogue);
    const target = episodes[0] as number;
    const since = w.clock.now();
    await w.clock.advance(HOUR);
    w.service.control.mutateEpisode(target, { name: 'Not Yet' });
    await w.clock.advance(MINUTE);
    const [rowBefore, cursorBefore] = await Promise.all([db.episodes.get(target), db.episodeCursors.get(target)]);
    const failing = vi.spyOn(db.episodeNews, 'bulkPut').mockRejectedValue(new Error('disk says no'));
    const result = await refresh(w, catalogue);
    expect(result.failed).toBe(1);
    failing.mockRestore();
    // Neither the patch nor the cursor moved: the change was not half applied.
    expect(await db.episodes.get(target)).toEqual(rowBefore);
    expect(await db.episodeCursors.get(target)).toEqual(cursorBefore);
    expect(await db.episodeNews.count()).toBe(0);

    await refresh(w, catalogue);
    expect((await db.episodes.get(target))?.name).toBe('Not Yet');
    const news = await catalogue.news.since(since, [series_id]);
    expect(news[0]?.episodes.map((e) => [e.episode_id, e.changed])).toEqual([[target, ['name']]]);
  });

  it('prunes news older than 30 days when later changes are applied', async () => {
    const { w, catalogue, series_id, episodes } = await followedOne();
    const db = databaseOf(catalogue);
    const start = w.clock.now();
    await w.clock.advance(HOUR);
    w.service.control.mutateEpisode(episodes[0] as number, { name: 'Old News' });
    await w.clock.advance(MINUTE);
    await refresh(w, catalogue);
    expect(await db.episodeNews.count()).toBe(1);
    // Past the feeds' 14-day window the cursors are brought current by refetching; then a change 31 days on.
    await w.clock.advance(20 * DAY);
    await refresh(w, catalogue);
    await w.clock.advance(11 * DAY);
    w.service.control.mutateEpisode(episodes[1] as number, { name: 'New News' });
    await w.clock.advance(MINUTE);
    await refresh(w, catalogue);
    expect((await db.episodeNews.toArray()).map((row) => row.episode_id)).toEqual([episodes[1]]);
    const news = await catalogue.news.since(start, [series_id]);
    expect(news[0]?.episodes.filter((e) => e.changed.length > 0).map((e) => e.name)).toEqual(['New News']);
  });

  it('opens a version-12 database at the current version: every row kept, the news table added empty', async () => {
    world = catalogueWorld();
    const w = world;
    // The name the library gives the database (it carries more than `dbName`), taken from an instance.
    const probe = w.open();
    await w.clock.runUntil(probe.news.since(0, [1]));
    const name = databaseOf(probe).name;
    await probe.delete();
    const v12 = new Dexie(name, { indexedDB: w.indexedDB, IDBKeyRange });
    v12.version(12).stores({
      ...version1Stores,
      ...version2Stores,
      ...version3Stores,
      ...version4Stores,
      ...version5Stores,
      ...version6Stores,
      ...version7Stores,
      ...version8Stores,
      ...version9Stores,
      ...version10Stores,
      ...version11Stores,
      ...version12Stores,
    });
    const episode = { id: 11, show_id: 3, season_number: 1, episode_number: 2, name: 'Kept', air_date: '2026-10-30' };
    const cursor = { episode_id: 11, series_id: 3, season_number: 1, episode_number: 2, checkedAt: 5, applied: [] };
    await v12.table('episodes').put(episode);
    await v12.table('episodeCursors').put(cursor);
    await v12.table('users').put({ id: 'account:1', selectedAt: 1 });
    v12.close();

    const db = openCatalogueDatabase({ name, indexedDB: w.indexedDB, IDBKeyRange });
    await db.open();
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
    expect(CURRENT_SCHEMA_VERSION).toBe(13);
    expect(await db.episodes.get(11)).toEqual(episode);
    expect(await db.episodeCursors.get(11)).toEqual(cursor);
    expect(await db.users.get('account:1')).toEqual({ id: 'account:1', selectedAt: 1 });
    expect(await db.episodeNews.count()).toBe(0);
    expect(db.episodeNews.schema.indexes.map((i) => i.name).sort()).toEqual(['appliedAt', 'series_id']);
    db.close();

    // The library reads the upgraded store: the stored episode aired within the window.
    const catalogue = w.open();
    const news = await w.clock.runUntil(catalogue.news.since(Date.UTC(2026, 9, 29), [3]));
    expect(news).toEqual([
      {
        series_id: 3,
        name: undefined,
        episodes: [expect.objectContaining({ episode_id: 11, name: 'Kept', aired: true, changed: [] })],
      },
    ]);
  });
});
