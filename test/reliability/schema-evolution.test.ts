import { isDeepStrictEqual } from 'node:util';
import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import { createManualConnectivity } from '../../src/env.js';
import { CURRENT_SCHEMA_VERSION } from '../../src/store/database/catalogue-database.js';
import { version1Stores } from '../../src/store/schema/version-1.js';
import { version2Stores } from '../../src/store/schema/version-2.js';
import { version3Stores } from '../../src/store/schema/version-3.js';
import { version4Stores } from '../../src/store/schema/version-4.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { seededRandom } from '../support/seeded-random.js';
import { drive } from '../sync/changes/change-fixture.js';

/**
 * Schema evolution (issue 11, item 7), through `createCatalogue`: a database an older release wrote opens with the
 * current code at `CURRENT_SCHEMA_VERSION` (whatever it is now) with the user's data, their outbox and their session
 * intact, and keeps working. `test/store/schema-migration.test.ts` checks the store-level backfills; this file checks
 * what a user of the library sees. Old rows are real: written by the library, then cut down to the old schema.
 */

/** The tables and indexes of each released version, as that release declared them (Dexie carries the rest over). */
const RELEASED = [version1Stores, version2Stores, version3Stores, version4Stores] as const;
const DB_NAME = 'catalogue-test';

type Dump = Record<string, unknown[]>;

/** Rows written at an old version and found again after the upgrade, and outbox deliveries: the run's figures. */
const figures = { migrations: 0, rowsMigrated: 0, rowsKept: 0, outboxRows: 0, deliveries: 0 };
afterAll(() => {
  process.stdout.write(
    `[reliability] schema-evolution: current=v${CURRENT_SCHEMA_VERSION} migrations=${figures.migrations} ` +
      `rowsMigrated=${figures.rowsMigrated} rowsKept=${figures.rowsKept} outboxRows=${figures.outboxRows} ` +
      `deliveries=${figures.deliveries} lost=${figures.rowsMigrated - figures.rowsKept}\n`,
  );
});

/** Counts one upgrade: the rows written at the old version, and how many of them are found unchanged after it. */
function countMigration(old: Dump, after: Dump, expected: (table: string) => unknown[] | undefined): void {
  figures.migrations += 1;
  for (const [table, rows] of Object.entries(old)) {
    figures.rowsMigrated += rows.length;
    const now = after[table] ?? [];
    figures.rowsKept += (expected(table) ?? rows).filter((row) =>
      now.some((kept) => isDeepStrictEqual(kept, row)),
    ).length;
  }
}

async function dumpOf(db: Dexie): Promise<Dump> {
  const out: Dump = {};
  for (const table of db.tables) out[table.name] = await table.toArray();
  return out;
}

/** Writes `rows` into a new database at release `version`, declared exactly as that release did. */
async function writeOldDatabase(indexedDB: IDBFactory, version: number, rows: Dump): Promise<Dump> {
  const old = new Dexie(`${DB_NAME}${DATABASE_PROTOCOL_SUFFIX}`, { indexedDB, IDBKeyRange });
  RELEASED.slice(0, version).forEach((stores, index) => {
    old.version(index + 1).stores(stores);
  });
  await old.transaction('rw', old.tables, async () => {
    for (const table of old.tables) await table.bulkPut(rows[table.name] ?? []);
  });
  expect(old.verno).toBe(version);
  const written = await dumpOf(old);
  old.close();
  return written;
}

/** A catalogue of the current release over an existing IndexedDB, on the fixture's service and clock. */
function currentCatalogue(f: OneCatalogue, indexedDB: IDBFactory, connectivity = createManualConnectivity()) {
  return f.open({ indexedDB: { indexedDB, IDBKeyRange }, dbName: DB_NAME, connectivity, random: seededRandom(5) });
}

/** The tables release `version` had. */
function tablesOf(version: number): string[] {
  return [...new Set(RELEASED.slice(0, version).flatMap((stores) => Object.keys(stores)))];
}

/** Rows cut down to what release `version` stored: its tables only, without the fields later versions added. */
function asVersion(version: number, rows: Dump): Dump {
  const out: Dump = {};
  for (const table of tablesOf(version)) out[table] = rows[table] ?? [];
  if (version < 2) {
    out.syncMeta = (out.syncMeta ?? []).map((row) => {
      const { userScope: _addedInVersion2, ...v1 } = row as Record<string, unknown>;
      return v1;
    });
  }
  return out;
}

/** Browse data and an account's data, as the library writes them: every kind of row version 1 had. */
async function sourceRows(f: OneCatalogue, session: { account_id: number; session_id: string }) {
  const { catalogue, clock, service } = f;
  const seriesId = service.control.allSeries().find((series) => series.adult === false)?.id as number;
  service.control.setAccountState({ session_id: session.session_id, series_id: seriesId }, { favorite: true });
  service.control.addToWatchlist({ session_id: session.session_id, series_id: seriesId });
  await catalogue.setUser(session);
  const place = { series_id: seriesId, season_number: 1, episode_number: 1 };
  for (const pull of [
    catalogue.sync.pull('trendingTv', { time_window: 'day' }),
    catalogue.sync.pull('popularPeople', {}),
    catalogue.sync.pull('seasonDetails', { series_id: seriesId, season_number: 1 }),
    catalogue.sync.pull('seasonCredits', { series_id: seriesId, season_number: 1 }),
    catalogue.sync.pull('configuration', {}),
    catalogue.sync.pull('accountTvWatchlist', {}),
    catalogue.sync.pull('tvAccountStates', { series_id: seriesId }),
    catalogue.sync.pull('episodeAccountStates', place),
  ]) {
    await drive(clock, pull);
  }
  return { seriesId, place, rows: await dumpOf(databaseOf(catalogue)) };
}

/** What the user sees of their data and of the browse data, through the catalogue. */
async function userView(catalogue: Catalogue, seriesId: number, place: Record<string, number>) {
  return {
    watchlist: await catalogue.read('accountTvWatchlist', {}),
    series: await catalogue.read('tvAccountStates', { series_id: seriesId }),
    episode: await catalogue.read('episodeAccountStates', place as never),
    trending: await catalogue.read('trendingTv', { time_window: 'day' }),
    season: await catalogue.read('seasonDetails', { series_id: seriesId, season_number: 1 }),
  };
}

describe('a database of an older release opens with the current code', () => {
  it.each([1, 2, 3])('version %i: migrated to the current version, every row kept, the user data usable', async (v) => {
    const f = oneCatalogue();
    const session = f.service.control.createSession();
    const { seriesId, place, rows } = await sourceRows(f, session);
    const before = await userView(f.catalogue, seriesId, place);
    expect(before.watchlist?.results.length).toBeGreaterThan(0);
    expect(before.series?.favorite).toBe(true);
    const scope = f.catalogue.userScopeId;
    await f.catalogue.close();

    const indexedDB = new IDBFactory();
    const old = await writeOldDatabase(indexedDB, v, asVersion(v, rows));
    for (const table of ['watchlistPages', 'tvAccountStates', 'episodeAccountStates', 'episodes', 'listPages']) {
      expect(old[table]?.length, table).toBeGreaterThan(0);
    }
    expect(old.syncMeta?.some((row) => (row as { requestKey: string }).requestKey.includes('user_scope='))).toBe(true);

    const catalogue = currentCatalogue(f, indexedDB);
    await catalogue.auth.ready();
    expect(databaseOf(catalogue).verno).toBe(CURRENT_SCHEMA_VERSION);
    const after = await dumpOf(databaseOf(catalogue));
    // Every row of every old table is kept as written; version 2 backfills the user scope of sync metadata.
    for (const table of tablesOf(v)) {
      expect(after[table], table).toEqual(table === 'syncMeta' ? rows.syncMeta : old[table]);
    }
    countMigration(old, after, (table) => (table === 'syncMeta' ? rows.syncMeta : undefined));
    // Version 3 gives every stored episode a change-feed cursor (from 0 when the old release kept none).
    const episodeIds = (old.episodes as { id: number }[]).map((row) => row.id).sort();
    expect((after.episodeCursors as { episode_id: number }[]).map((row) => row.episode_id).sort()).toEqual(episodeIds);
    // Tables born later start empty where the old release had none of them.
    for (const table of Object.keys(after).filter((name) => !tablesOf(v).includes(name) && name !== 'episodeCursors')) {
      expect(after[table], table).toEqual([]);
    }

    // No release before 4 stored a session, so no user is restored; signing in again finds their data.
    expect(catalogue.userScopeId).toBeUndefined();
    await catalogue.setUser(session);
    expect(catalogue.userScopeId).toBe(scope);
    expect(await userView(catalogue, seriesId, place)).toStrictEqual(before);
    expect(await catalogue.sync.freshness('accountTvWatchlist', {})).not.toBe('missing');

    // It keeps working: a new pull is stored, and signing out removes the migrated user data, freshness included.
    await drive(f.clock, catalogue.sync.pull('trendingTv', { time_window: 'week' }));
    await drive(f.clock, catalogue.signOut());
    const left = await dumpOf(databaseOf(catalogue));
    for (const table of ['watchlistPages', 'tvAccountStates', 'episodeAccountStates', 'users']) {
      expect(left[table], table).toEqual([]);
    }
    expect(left.syncMeta?.filter((row) => (row as { userScope?: string }).userScope !== undefined)).toEqual([]);
    expect(await catalogue.read('trendingTv', { time_window: 'day' })).toStrictEqual(before.trending);
    expect(await catalogue.read('trendingTv', { time_window: 'week' })).toBeDefined();
    await catalogue.close();
  });
});

describe('a version-4 database with a waiting outbox', () => {
  it('opens at the current version with the outbox, lists and session intact, and delivers each change once', async () => {
    const f = oneCatalogue();
    const { control } = f.service;
    const session = control.createSession();
    const { seriesId } = await sourceRows(f, session);
    const movies = control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] };
    const items = movies.results.slice(0, 3).map((movie) => movie.id);
    const { list_id } = control.createList({ session_id: session.session_id, items });
    await drive(f.clock, f.catalogue.sync.pull('listDetails', { list_id }));
    // Offline: three changes wait in the outbox, applied optimistically.
    f.connectivity.setOnline(false);
    await f.catalogue.lists.removeItem({ list_id, media_id: items[1] as number });
    await f.catalogue.account.addToWatchlist({ media_type: 'tv', media_id: seriesId, watchlist: false });
    await f.catalogue.account.rateTvSeries({ series_id: seriesId, value: 9.5 });
    const rows = await dumpOf(databaseOf(f.catalogue));
    expect(rows.outbox).toHaveLength(3);
    const scope = f.catalogue.userScopeId;
    await f.catalogue.close();

    const indexedDB = new IDBFactory();
    const old = await writeOldDatabase(indexedDB, 4, asVersion(4, rows));
    expect(old.users).toHaveLength(1);
    expect(old.lists).toHaveLength(1);
    const connectivity = createManualConnectivity(false);
    const catalogue = currentCatalogue(f, indexedDB, connectivity);
    await catalogue.auth.ready();
    expect(databaseOf(catalogue).verno).toBe(CURRENT_SCHEMA_VERSION);
    // The session is restored from the users table, and nothing was lost or reordered on the way.
    expect(catalogue.userScopeId).toBe(scope);
    const after = await dumpOf(databaseOf(catalogue));
    for (const table of tablesOf(4)) expect(after[table], table).toEqual(old[table]);
    countMigration(old, after, () => undefined);
    figures.outboxRows += old.outbox?.length ?? 0;
    const stored = await catalogue.read('listDetails', { list_id });
    expect(stored?.items.map((item) => item.id)).toEqual([items[0], items[2]]);

    const sentBefore = f.service.log.entries().length;
    connectivity.setOnline(true);
    await drive(f.clock, catalogue.sync.refresh());
    const writes = f.service.log
      .entries()
      .slice(sentBefore)
      .filter((entry) => entry.method !== 'GET')
      .map((entry) => `${entry.operation} ${entry.status}`);
    expect(writes).toEqual(['removeListItem 200', 'addToWatchlist 200', 'rateTvSeries 201']);
    figures.deliveries += writes.length;
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(control.listItems(list_id)).toEqual([items[0], items[2]]);
    expect(
      control.groundTruth('tvAccountStates', { series_id: seriesId, session_id: session.session_id }),
    ).toMatchObject({ rated: { value: 9.5 }, watchlist: false });
    // A second refresh sends nothing again.
    const sentAfter = f.service.log.entries().length;
    await drive(f.clock, catalogue.sync.refresh());
    expect(
      f.service.log
        .entries()
        .slice(sentAfter)
        .filter((entry) => entry.method !== 'GET'),
    ).toEqual([]);
    await catalogue.close();
  });
});
