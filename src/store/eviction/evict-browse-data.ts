import type { IndexableType, Table } from 'dexie';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { readRef } from '../read-ref.js';
import { syncMetaOfOperations } from '../records/sync-meta-of-operations.js';
import type { RecordTableName } from '../tables/record-tables.js';
import type { KnownForRef, ListPageRow, SyncMetaRow, TaggedImageRow } from '../tables/rows.js';
import { WritePlan } from '../write/write-plan.js';
import type { BrowseUnit } from './browse-unit-order.js';
import type { SweepStore } from './sweep-store.js';

/** What an eviction removed. */
export interface EvictedData {
  /** The request keys of the responses removed (credential-free: browse data is public). */
  readonly requestKeys: string[];
  /** Rows deleted per table (`syncMeta`, `listPages` and record tables; bookkeeping rows not counted). */
  readonly records: Record<string, number>;
  /** The JSON length of the rows deleted. */
  readonly bytes: number;
}

type Key = IndexableType;
/** A Set/Map key for an IndexedDB key: compound keys as JSON. */
const keyOf = (key: Key): unknown => (Array.isArray(key) ? JSON.stringify(key) : key);
type Row = Record<string, unknown>;

/** Keys per record table, de-duplicated. */
class KeySets {
  readonly #sets = new Map<RecordTableName, Map<unknown, Key>>();
  add(table: RecordTableName, key: Key): void {
    const set = this.#sets.get(table) ?? new Map<unknown, Key>();
    this.#sets.set(table, set);
    set.set(keyOf(key), key);
  }
  has(table: RecordTableName, key: Key): boolean {
    return this.#sets.get(table)?.has(keyOf(key)) ?? false;
  }
  keys(table: RecordTableName): Key[] {
    return [...(this.#sets.get(table)?.values() ?? [])];
  }
}

/**
 * The most rows a unit's eviction deletes: its freshness, page and ledger rows and their read marks, and for each
 * id a record and its mark (people bring up to three `known_for` works; tagged images one medium), or the
 * resource row and its mark. Transactions group units so that these stay within a bound.
 */
function unitWeight(unit: BrowseUnit): number {
  const fanOut = unit.operation === 'popularPeople' ? 4 : unit.operation === 'personTaggedImages' ? 2 : 1;
  return 5 + 2 * Math.max(1, unit.ids * fanOut);
}

/**
 * Removes the given browse responses: each one's freshness row, list page (or resource row) and ledger row, and
 * the records no remaining list page, user data or other response refers to. Runs in readwrite transactions of at
 * most `maxRows` (the store's chunk size) deleted rows each, every one complete in itself: it reads every remaining page inside the same
 * transaction, so no list page ever refers to a missing record, whatever runs between them. A response fetched
 * again since it was chosen is left alone. Only deletes: it works while the quota is exceeded.
 */
export function evictBrowseData(
  db: CatalogueDatabase,
  store: SweepStore,
  units: readonly BrowseUnit[],
  options: { maxRows?: number } = {},
): Promise<EvictedData> {
  return evictUnits(db, store, units, options);
}

async function evictUnits(
  db: CatalogueDatabase,
  store: SweepStore,
  units: readonly BrowseUnit[],
  options: { maxRows?: number },
): Promise<EvictedData> {
  const maxRows = options.maxRows ?? store.chunkSize;
  const total: EvictedData = { requestKeys: [], records: {}, bytes: 0 };
  let batch: BrowseUnit[] = [];
  let weight = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const done = await evictBatch(db, store, batch);
    total.requestKeys.push(...done.requestKeys);
    for (const [table, n] of Object.entries(done.records)) total.records[table] = (total.records[table] ?? 0) + n;
    (total as { bytes: number }).bytes += done.bytes;
    batch = [];
    weight = 0;
  };
  for (const unit of units) {
    if (batch.length > 0 && weight + unitWeight(unit) > maxRows) await flush();
    batch.push(unit);
    weight += unitWeight(unit);
  }
  await flush();
  return total;
}

function evictBatch(db: CatalogueDatabase, store: SweepStore, units: readonly BrowseUnit[]): Promise<EvictedData> {
  const { evictableTables, unitPageKey, pageTablesOf } = store;
  const tables = [
    db.syncMeta,
    db.listPages,
    db.watchlistPages,
    db.tvAccountStates,
    db.sizeLedger,
    db.readMarks,
    ...evictableTables.map((name) => db.table(name)),
  ];
  // Every first answer names its request's freshness row, and an eviction leaves every remaining response whole
  // (records still referenced stay): so the answers it makes wrong are exactly those of the units it removes, and
  // its plan names their freshness rows. The rows it deletes beside them are known only inside the transaction.
  const plan = WritePlan.rows(
    db.syncMeta.name,
    units.map((unit) => unit.requestKey),
  ).and(WritePlan.reads(tables.map((table) => table.name)));
  // Deleting needs no room, and the quota recovery evicts through here: no recovery.
  return store.writeThrough(
    db,
    plan,
    async () => {
      const stored = await db.syncMeta.bulkGet(units.map((unit) => unit.requestKey));
      // Fetched again since it was chosen: it is in use, not least recently read.
      const metas = stored.filter((meta, i): meta is SyncMetaRow => meta?.fetchedAt === units[i]?.fetchedAt);
      const pageKeys = metas.map(unitPageKey).filter((key): key is [string, number] => key !== undefined);
      const gone = new Set(pageKeys.map((key) => JSON.stringify(key)));
      const pages = (await db.listPages.bulkGet(pageKeys)).filter((page): page is ListPageRow => page !== undefined);
      const candidates = new KeySets();
      for (const page of pages) for (const table of pageTablesOf(page.operation)) addIds(candidates, table, page.ids);
      const kept = await referencedRecords(db, pageTablesOf, gone);
      const resources = await resourceRows(db, store, metas);
      const deleted = new Map<RecordTableName, Row[]>();
      // Pages first, then what their rows point to (people → known_for works, tagged images → media).
      await takeUnreferenced(db, 'people', candidates, kept, deleted);
      for (const person of (deleted.get('people') ?? []) as { known_for?: KnownForRef[] }[]) {
        for (const ref of person.known_for ?? [])
          candidates.add(ref.media_type === 'movie' ? 'movies' : 'tvSeries', ref.id);
      }
      await takeUnreferenced(db, 'taggedImages', candidates, kept, deleted);
      for (const image of (deleted.get('taggedImages') ?? []) as TaggedImageRow[]) {
        if (image.media_type === 'movie') candidates.add('movies', image.media_id);
        if (image.media_type === 'tv') candidates.add('tvSeries', image.media_id);
      }
      for (const { table, key } of resources) candidates.add(table, key);
      await expandKept(db, store.chunkSize, kept, candidates);
      for (const table of evictableTables) {
        if (table !== 'people' && table !== 'taggedImages')
          await takeUnreferenced(db, table, candidates, kept, deleted);
      }
      return removeRows(db, store.jsonBytes, metas, pages, deleted);
    },
    { onFullDisk: 'fail' },
  );
}

function addIds(set: KeySets, table: RecordTableName, ids: readonly Key[]): void {
  for (const id of ids) set.add(table, id);
}

/** Records the remaining list pages and user data point to (direct references; see `expandKept`). */
async function referencedRecords(
  db: CatalogueDatabase,
  pageTablesOf: SweepStore['pageTablesOf'],
  gone: ReadonlySet<string>,
): Promise<KeySets> {
  const kept = new KeySets();
  await db.listPages.each((page) => {
    if (gone.has(JSON.stringify([page.listKey, page.page]))) return;
    for (const table of pageTablesOf(page.operation)) addIds(kept, table, page.ids);
  });
  await db.watchlistPages.each((page) => {
    for (const table of pageTablesOf(page.operation)) addIds(kept, table, page.ids);
  });
  // An account state is the user's: the series it is about stays with it.
  for (const [, seriesId] of await db.tvAccountStates.toCollection().primaryKeys()) kept.add('tvSeries', seriesId);
  return kept;
}

/**
 * Adds what kept people (their `known_for` works) and kept tagged images (their media) point to, when a
 * candidate could be one of those: reads the kept rows in chunks.
 */
async function expandKept(db: CatalogueDatabase, size: number, kept: KeySets, candidates: KeySets): Promise<void> {
  const open = (table: RecordTableName) => candidates.keys(table).some((key) => !kept.has(table, key));
  if (!open('movies') && !open('tvSeries')) return;
  for (const people of chunked(kept.keys('people'), size)) {
    for (const person of (await db.people.bulkGet(people as number[])) as (
      | { known_for?: KnownForRef[] }
      | undefined
    )[]) {
      for (const ref of person?.known_for ?? []) kept.add(ref.media_type === 'movie' ? 'movies' : 'tvSeries', ref.id);
    }
  }
  for (const images of chunked(kept.keys('taggedImages'), size)) {
    for (const image of await db.taggedImages.bulkGet(images as string[])) {
      if (image?.media_type === 'movie') kept.add('movies', image.media_id);
      if (image?.media_type === 'tv') kept.add('tvSeries', image.media_id);
    }
  }
}

function chunked<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * The rows resource units own, minus those another remaining response still holds (a season row shared by its
 * details, credits and images; one row asked for under two request keys).
 */
async function resourceRows(db: CatalogueDatabase, store: SweepStore, metas: readonly SyncMetaRow[]) {
  const { unitResourceRow } = store;
  const rows = metas.map(unitResourceRow).filter((row) => row !== undefined);
  if (rows.length === 0) return [];
  const leaving = new Set(metas.map((meta) => meta.requestKey));
  const operations = [...new Set(metas.filter((meta) => unitResourceRow(meta)).map((meta) => meta.operation))];
  const held = new KeySets();
  const others = await syncMetaOfOperations(db, expandSeason(operations, store.seasonOperations)).toArray();
  for (const meta of others) {
    const row = leaving.has(meta.requestKey) || meta.fetchedAt <= 0 ? undefined : unitResourceRow(meta);
    if (row) held.add(row.table, row.key);
  }
  return rows.filter((row) => !held.has(row.table, row.key));
}

/** Season responses share one row: any of them holds it. */
function expandSeason(operations: string[], seasons: ReadonlySet<string>): string[] {
  return operations.some((op) => seasons.has(op)) ? [...new Set([...operations, ...seasons])] : operations;
}

/** Reads the candidates of `table` nobody keeps (to measure and follow them) into `deleted`. */
async function takeUnreferenced(
  db: CatalogueDatabase,
  table: RecordTableName,
  candidates: KeySets,
  kept: KeySets,
  deleted: Map<RecordTableName, Row[]>,
): Promise<void> {
  const keys = candidates.keys(table).filter((key) => !kept.has(table, key));
  if (keys.length === 0) return;
  const rows = (await (db.table(table) as Table<Row, Key>).bulkGet(keys)).filter(
    (row): row is Row => row !== undefined,
  );
  deleted.set(table, rows);
}

async function removeRows(
  db: CatalogueDatabase,
  jsonBytes: SweepStore['jsonBytes'],
  metas: readonly SyncMetaRow[],
  pages: readonly ListPageRow[],
  deleted: ReadonlyMap<RecordTableName, Row[]>,
): Promise<EvictedData> {
  const requestKeys = metas.map((meta) => meta.requestKey);
  const records: Record<string, number> = {};
  let bytes = 0;
  const marks = requestKeys.map((key) => readRef('syncMeta', key));
  const pageKeys = pages.map((page): [string, number] => [page.listKey, page.page]);
  marks.push(...pageKeys.map((key) => readRef('listPages', key)));
  for (const row of [...metas, ...pages]) bytes += jsonBytes(row);
  if (metas.length > 0) records.syncMeta = metas.length;
  if (pages.length > 0) records.listPages = pages.length;
  const work: Promise<unknown>[] = [db.syncMeta.bulkDelete(requestKeys), db.listPages.bulkDelete(pageKeys)];
  for (const [table, rows] of deleted) {
    if (rows.length === 0) continue;
    const spec = db.table(table).schema.primKey;
    const keys = rows.map((row) => (spec.keyPath ? readKey(row, spec.keyPath) : undefined) as Key);
    for (const row of rows) bytes += jsonBytes(row);
    records[table] = rows.length;
    marks.push(...keys.map((key) => readRef(table, key)));
    work.push(db.table(table).bulkDelete(keys));
  }
  work.push(db.readMarks.bulkDelete(marks), db.sizeLedger.bulkDelete(requestKeys));
  await Promise.all(work);
  return { requestKeys, records, bytes };
}

/** A row's primary key from its key path (compound key paths are arrays). */
function readKey(row: Row, keyPath: string | string[]): Key {
  return Array.isArray(keyPath) ? (keyPath.map((path) => row[path]) as Key) : (row[keyPath] as Key);
}
