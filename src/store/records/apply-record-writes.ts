import type { IndexableType } from 'dexie';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { RecordWrite } from '../mappings/store-mapping.js';
import { isCompleteRow, type RecordTableName, recordTables } from '../tables/record-tables.js';

/** IndexedDB costs superlinearly in the size of one request: bulk operations go in chunks of at most this. */
export const CHUNK_SIZE = 10_000;

type Row = Record<string, unknown>;

/** The rows of one table that a response upserts, one per key. */
interface TableBatch {
  readonly table: RecordTableName;
  readonly keys: IndexableType[];
  readonly rows: Row[];
  /** Indexes of the rows that merge with a stored row (read first); the others are put as they are. */
  readonly toMerge: number[];
}

/** A Map key for an IndexedDB key: numbers and strings as they are, compound keys as JSON. */
function mapKey(key: IndexableType): unknown {
  return Array.isArray(key) ? JSON.stringify(key) : key;
}

/** Collapses rows of one table that share a key (an id repeated on a page, a work known for by two people). */
function collapse(table: RecordTableName, rows: readonly Row[]): TableBatch {
  const spec = recordTables[table];
  const at = new Map<unknown, number>();
  const keys: IndexableType[] = [];
  const unique: Row[] = [];
  for (const row of rows) {
    const key = spec.key(row);
    const seen = at.get(mapKey(key));
    if (seen === undefined) {
      at.set(mapKey(key), unique.length);
      keys.push(key);
      unique.push(row);
    } else {
      unique[seen] = spec.merge === 'replace' ? row : spec.merge(unique[seen] as Row, row);
    }
  }
  const toMerge: number[] = [];
  if (spec.merge !== 'replace') {
    for (let i = 0; i < unique.length; i++) if (!isCompleteRow(spec, unique[i] as Row)) toMerge.push(i);
  }
  return { table, keys, rows: unique, toMerge };
}

function chunks<T>(items: readonly T[]): T[][] {
  if (items.length <= CHUNK_SIZE) return [items as T[]];
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK_SIZE) out.push(items.slice(start, start + CHUNK_SIZE));
  return out;
}

/** Groups a mapping's writes by table, one row per key. Pure: runs before the transaction. */
export function planRecordWrites(writes: readonly RecordWrite[]): TableBatch[] {
  // Most responses write one table (every summary list): no grouping needed.
  if (writes.length === 1) {
    const [write] = writes as [RecordWrite];
    return write.rows.length === 0 ? [] : [collapse(write.table, write.rows)];
  }
  const grouped = new Map<RecordTableName, Row[]>();
  for (const write of writes) {
    if (write.rows.length === 0) continue;
    const rows = grouped.get(write.table);
    grouped.set(write.table, rows ? rows.concat(write.rows) : (write.rows as Row[]));
  }
  return [...grouped].map(([table, rows]) => collapse(table, rows));
}

/**
 * Starts reading the stored rows the plan merges into; one promise per table batch (and per 10k chunk).
 * Nothing is awaited here: inside one transaction IndexedDB queues every request, and each `await` inside a
 * Dexie transaction costs a zone switch, so the caller awaits all reads at once.
 */
export function readMergeTargets(db: CatalogueDatabase, plan: readonly TableBatch[]): Promise<(Row | undefined)[]>[] {
  const reads: Promise<(Row | undefined)[]>[] = [];
  for (const batch of plan) {
    if (batch.toMerge.length === 0) continue;
    const table = db.table<Row, IndexableType>(batch.table);
    const keys = batch.toMerge.map((i) => batch.keys[i] as IndexableType);
    for (const chunk of chunks(keys)) reads.push(table.bulkGet(chunk));
  }
  return reads;
}

/**
 * At most this many rows are handed to IndexedDB in one task (see `putRecords`): a page of people with their works
 * (some 65 rows in three tables) goes in two tasks, a larger answer in more. Every put is a Dexie call and an
 * answer to wait for, so smaller pieces cost a page's main thread and wall time more than the cloning they split.
 */
export const WAVE_ROWS = 64;

/** Puts in flight at once: the backend stores one while the page clones the next. */
const IN_FLIGHT = 2;

/** The rows of one put: `IN_FLIGHT` of them are issued together at the start, within `WAVE_ROWS`. */
export const PIECE_ROWS = WAVE_ROWS / IN_FLIGHT;

/**
 * Starts writing the plan, merged with the stored rows the reads of `readMergeTargets` returned (in the same
 * order); must run inside the caller's readwrite transaction. Returns the put promises and the rows per table:
 * the rows go in pieces of at most `PIECE_ROWS`, `IN_FLIGHT` at a time, each next one issued when one is stored.
 */
export function putRecords(
  db: CatalogueDatabase,
  plan: readonly TableBatch[],
  stored: readonly (Row | undefined)[][],
): { puts: Promise<unknown>[]; counts: Partial<Record<RecordTableName, number>> } {
  const counts: Partial<Record<RecordTableName, number>> = {};
  const pieces: (() => PromiseLike<unknown>)[] = [];
  let read = 0;
  for (const batch of plan) {
    const merge = recordTables[batch.table].merge;
    const rows = batch.rows;
    if (merge !== 'replace' && batch.toMerge.length > 0) {
      const existing = chunks(batch.toMerge).flatMap(() => stored[read++] ?? []);
      for (const [j, i] of batch.toMerge.entries()) {
        const old = existing[j];
        if (old !== undefined) rows[i] = merge(old, rows[i] as Row);
      }
    }
    const table = db.table<Row, IndexableType>(batch.table);
    for (let start = 0; start < rows.length; start += PIECE_ROWS) {
      const slice = rows.slice(start, start + PIECE_ROWS);
      pieces.push(() => table.bulkPut(slice));
    }
    counts[batch.table] = rows.length;
  }
  // Cloning rows for IndexedDB is most of a write's cost, so a large answer's rows are not all cloned in one task:
  // each piece after the first `IN_FLIGHT` is issued in the task of an earlier piece's answer (the transaction is
  // active there; Dexie's promises keep its zone), and one piece waits at the backend while the next is cloned, so
  // splitting adds no round trip.
  const run = (i: number): PromiseLike<unknown> => {
    const stored = (pieces[i] as () => PromiseLike<unknown>)();
    const next = i + IN_FLIGHT;
    return next < pieces.length ? stored.then(() => run(next)) : stored;
  };
  const puts: Promise<unknown>[] = [];
  for (let i = 0; i < Math.min(IN_FLIGHT, pieces.length); i++) puts.push(run(i) as Promise<unknown>);
  return { puts, counts };
}
