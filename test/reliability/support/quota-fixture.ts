import { expect } from 'vitest';
import type { Catalogue } from '../../../src/create-catalogue.js';
import { databaseOf } from '../../../src/create-catalogue.js';
import type { CatalogueDatabase } from '../../../src/store/database/catalogue-database.js';
import { pageTablesOf } from '../../../src/store/eviction/browse-units.js';
import { touchRead } from '../../../src/store/eviction/touch-read.js';
import { readStoredEntry } from '../../../src/store/records/read-stored.js';
import type { KnownForRef } from '../../../src/store/tables/rows.js';
import type { LockManagerLike } from '../../../src/sync/background-lock.js';
import type { EvictedEvent } from '../../../src/sync/catalogue-events.js';
import { inProcessLocksFor } from '../../../src/sync/instance-coordination.js';
import { type CatalogueParams, prepareCall } from '../../../src/sync/prepare-call.js';
import { senderLockName } from '../../../src/sync/sender-liveness.js';
import type { PullOperation } from '../../../src/sync/sync-engine.js';
import type { OneCatalogue } from '../../helpers/catalogue-world.js';
import { interceptMutations } from '../../helpers/mutate-middleware.js';

/** Figures of the whole file, for the reliability README. */
export const quotaFigures = {
  quotaFaultsInjected: 0,
  evictions: 0,
  responsesEvicted: 0,
  rowsEvicted: 0,
  bytesEvicted: 0,
  userRowsLost: 0,
};

export interface QuotaFault {
  /** Fail the next `n` put requests (any table) with a `QuotaExceededError`; `Infinity`: until `disarm()`. */
  arm(n: number): void;
  disarm(): void;
  /** Faults thrown since installed. */
  readonly injected: number;
}

/**
 * Simulates a full disk below Dexie: a DBCore middleware that rejects put requests with the DOMException
 * IndexedDB raises (`QuotaExceededError`); deletes go through, as they do on a full disk. Install it before the
 * database opens.
 */
export function injectQuota(db: CatalogueDatabase): QuotaFault {
  let left = 0;
  let injected = 0;
  interceptMutations(db, 'quota-fault', (req, _table, next) => {
    if ((req.type === 'put' || req.type === 'add') && left > 0) {
      left -= 1;
      injected += 1;
      quotaFigures.quotaFaultsInjected += 1;
      return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    }
    return next(req);
  });
  return {
    arm(n) {
      left = n;
    },
    disarm() {
      left = 0;
    },
    get injected() {
      return injected;
    },
  };
}

/**
 * A lock manager whose background lock is always held by someone else (another tab): the outbox never drains,
 * so its pending rows stay exactly as written while the test works. Interactive pulls never take the lock.
 */
export const heldElsewhere: LockManagerLike = {
  request(_name, options, callback) {
    if (options.ifAvailable) return Promise.resolve().then(() => callback(null));
    return new Promise(() => {});
  },
};

/** Records `evicted` events and adds them to the file's figures. */
export function recordEvictions(catalogue: Catalogue): EvictedEvent[] {
  const events: EvictedEvent[] = [];
  catalogue.on('evicted', (event) => {
    events.push(event);
    quotaFigures.evictions += 1;
    quotaFigures.responsesEvicted += event.requestKeys.length;
    quotaFigures.rowsEvicted += Object.values(event.records).reduce((a, b) => a + b, 0);
    quotaFigures.bytesEvicted += event.bytes;
  });
  return events;
}

/** Reads a stored answer as a view on screen does, and marks its rows read now (what eviction orders by). */
export async function readAsView<O extends PullOperation>(
  catalogue: Catalogue,
  now: number,
  operation: O,
  params: CatalogueParams<O>,
): Promise<void> {
  const call = prepareCall(operation, params, { language: 'en-US', user: undefined });
  const entry = await readStoredEntry(databaseOf(catalogue), operation, call.storeParams as never);
  if (!entry) throw new Error(`readAsView: ${operation} ${JSON.stringify(params)} is not stored`);
  await touchRead(databaseOf(catalogue), entry.refs, now);
}

/** The user data, outbox and configuration tables: what eviction must never touch. */
export const PROTECTED_TABLES = [
  'tvAccountStates',
  'episodeAccountStates',
  'watchlistPages',
  'lists',
  'users',
  'outbox',
  'configuration',
  'episodes',
  'episodeCursors',
  'quarantine',
] as const;

/** The protected tables as JSON, row by row: byte-identical before and after, or not. */
export async function protectedRows(db: CatalogueDatabase): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const name of PROTECTED_TABLES) out[name] = (await db.table(name).toArray()).map((row) => JSON.stringify(row));
  return out;
}

/** Protected rows present before and missing (or changed) after: counted as lost. */
export function lostRows(before: Record<string, string[]>, after: Record<string, string[]>): number {
  let lost = 0;
  for (const [table, rows] of Object.entries(before)) {
    const kept = new Set(after[table] ?? []);
    lost += rows.filter((row) => !kept.has(row)).length;
  }
  quotaFigures.userRowsLost += lost;
  return lost;
}

/** Every row of every table as JSON, keyed by table then primary key. */
export async function snapshot(db: CatalogueDatabase): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const table of db.tables) {
    const keys = await table.toCollection().primaryKeys();
    const rows = await table.toArray();
    out.set(table.name, new Map(keys.map((key, i) => [JSON.stringify(key), JSON.stringify(rows[i])])));
  }
  return out;
}

/** Rows (per table) and bytes present in `before` and gone from `after`. */
export function removedBetween(
  before: Map<string, Map<string, string>>,
  after: Map<string, Map<string, string>>,
  ignore: readonly string[] = ['readMarks', 'sizeLedger'],
): { records: Record<string, number>; bytes: number } {
  const records: Record<string, number> = {};
  let bytes = 0;
  for (const [table, rows] of before) {
    if (ignore.includes(table)) continue;
    for (const [key, json] of rows) {
      if (after.get(table)?.has(key)) continue;
      records[table] = (records[table] ?? 0) + 1;
      bytes += json.length;
    }
  }
  return { records, bytes };
}

/**
 * References that point nowhere: list and watchlist page ids without their record, people's `known_for` works and
 * tagged images' media without theirs. Empty means every stored page reads back whole.
 */
export async function danglingReferences(db: CatalogueDatabase): Promise<string[]> {
  const dangling: string[] = [];
  const pages = [...(await db.listPages.toArray()), ...(await db.watchlistPages.toArray())];
  for (const page of pages) {
    for (const table of pageTablesOf(page.operation)) {
      const rows = await db.table(table).bulkGet(page.ids);
      rows.forEach((row, i) => {
        if (row === undefined) dangling.push(`${page.listKey}#${page.page} → ${table}/${String(page.ids[i])}`);
      });
    }
  }
  for (const person of await db.people.toArray()) {
    for (const ref of person.known_for as KnownForRef[]) {
      const table = ref.media_type === 'movie' ? db.movies : db.tvSeries;
      if ((await table.get(ref.id)) === undefined) dangling.push(`people/${person.id} → ${ref.media_type}/${ref.id}`);
    }
  }
  for (const image of await db.taggedImages.toArray()) {
    const table = image.media_type === 'movie' ? db.movies : image.media_type === 'tv' ? db.tvSeries : db.episodes;
    if ((await table.get(image.media_id)) === undefined) dangling.push(`taggedImages/${image.id} → ${image.media_id}`);
  }
  return dangling;
}

/** The accounted size: the size ledger's sum. */
export async function ledgerBytes(db: CatalogueDatabase): Promise<number> {
  return (await db.sizeLedger.toArray()).reduce((sum, row) => sum + row.bytes, 0);
}

/** Counts rows deleted per IndexedDB transaction (installed before the database opens). */
export function countDeletesPerTransaction(db: CatalogueDatabase): Map<unknown, number> {
  const perTransaction = new Map<unknown, number>();
  interceptMutations(db, 'count-deletes', (req, _table, next) => {
    if (req.type === 'delete') perTransaction.set(req.trans, (perTransaction.get(req.trans) ?? 0) + req.keys.length);
    return next(req);
  });
  return perTransaction;
}

/**
 * User data of every kind, and a pending change in the outbox (the background lock is held elsewhere, so the
 * outbox keeps it exactly as written).
 */
export async function storeUserData(f: OneCatalogue): Promise<number[]> {
  const { catalogue, service, clock } = f;
  const session = service.control.createSession();
  await catalogue.setUser(session);
  // Series that airing today's page 1 lists and no discover page or later airing page does: when that page goes,
  // the watchlist alone must keep them.
  const ids = (operation: 'airingToday' | 'discoverTv', page: number) =>
    (service.control.groundTruth(operation, { page }) as { results: { id: number }[] }).results.map((s) => s.id);
  const elsewhere = new Set(
    [1, 2, 3, 4, 5, 6].flatMap((page) => ids('discoverTv', page)).concat(ids('airingToday', 2)),
  );
  const series = ids('airingToday', 1)
    .filter((id) => !elsewhere.has(id))
    .slice(0, 5);
  expect(series.length).toBeGreaterThan(0);
  for (const series_id of series) service.control.addToWatchlist({ session_id: session.session_id, series_id });
  service.control.setAccountState(
    { session_id: session.session_id, series_id: series[0] as number },
    { favorite: true },
  );
  const movies = (
    service.control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] }
  ).results;
  const items = movies.slice(0, 3).map((movie) => movie.id);
  const { list_id } = service.control.createList({ session_id: session.session_id, items });
  await catalogue.sync.pull('listDetails', { list_id });
  await catalogue.sync.pull('accountTvWatchlist', {});
  await catalogue.sync.pull('tvAccountStates', { series_id: series[0] as number });
  const episode = { series_id: series[0] as number, season_number: 1, episode_number: 1 };
  service.control.setAccountState({ session_id: session.session_id, ...episode }, { rated: { value: 8 } });
  await catalogue.sync.pull('episodeAccountStates', episode);
  // The change is made offline, then claimed by another tab that never finishes sending it: this user's rows stay
  // exactly as written while the test works (each waits its turn behind that row).
  f.connectivity.setOnline(false);
  const { seq } = await catalogue.lists.removeItem({ list_id, media_id: items[1] as number });
  const claim = { instance: 'another-tab', attempt: 1, leaseUntil: Number.MAX_SAFE_INTEGER };
  // That tab lives: its sender lock is held (a claim is taken over only from a gone instance, whatever the lease).
  const db = databaseOf(catalogue);
  const tabLocks = inProcessLocksFor(db._options.indexedDB as IDBFactory);
  void tabLocks.request(senderLockName(db.name, claim.instance), {}, () => new Promise<never>(() => {}));
  await databaseOf(catalogue).outbox.update(seq, { state: 'sending', attempts: 1, claim });
  f.connectivity.setOnline(true);
  await clock.flush();
  expect(await databaseOf(catalogue).outbox.count()).toBe(1);
  return series;
}
