import { Dexie } from 'dexie';
import type { CatalogueDatabase } from './catalogue-database.js';
import type { StoreParams } from './store-mapping.js';
import { mappingOf, type StoredOperation } from './store-mappings.js';
import type { WriteResult } from './write-response.js';

/*
 * The size ledger behind `maxBytes`. IndexedDB has no size query (and fake-indexeddb no `navigator.storage`), so
 * the store keeps its own account: one row per stored browse response with the JSON length of what its last write
 * put (the Contracts' "bytes written"), written in the same transaction as the response (a `SizeLedgerRow`,
 * `rows.ts`). The accounted size is the sum of the rows: a record two responses carry is counted by both (an upper
 * bound, never an under-count), and an evicted response stops counting with its row. Kept only while a budget is
 * set: with none, writes do no extra work.
 */

/** The JSON length of a value, as the Contracts measure bytes written. */
export function jsonBytes(value: unknown): number {
  return JSON.stringify(value)?.length ?? 0;
}

/**
 * The bytes a response's write puts: its record rows, its list page (ids and totals) and its freshness row.
 * Computed from the mapping's rows before the write (pure work, outside the transaction); merges with stored rows
 * are not read, so a merged row counts as the incoming one.
 */
export function responseBytes<O extends StoredOperation>(
  operation: O,
  params: StoreParams<O>,
  requestKey: string,
  data: unknown,
): number {
  const mapping = mappingOf(operation);
  const context = { operation, params, userScope: undefined, requestKey };
  const plan = mapping.toRows(data as never, context as never) as {
    records: { rows: readonly unknown[] }[];
    page?: { ids: unknown[] };
  };
  let bytes = jsonBytes(params) + requestKey.length * 2 + 96;
  for (const write of plan.records) for (const row of write.rows) bytes += jsonBytes(row);
  if (plan.page) bytes += jsonBytes(plan.page.ids) + requestKey.length + 96;
  return bytes;
}

/**
 * Runs a response's write and its ledger row in ONE transaction: both land or neither. The row is put first, with
 * no await in between (an await inside a Dexie transaction costs zone switches on every write): a 200 whose ETag
 * equals the stored one writes no records but puts the same bytes again, which changes nothing. Not for a 304. The
 * scope is every table `writeResponse` may touch for the operation (a superset: freshness, list pages, episode
 * cursors and the mapping's tables), so its transaction joins this one; not every table, which would make each
 * accounted write wait for every reader of the database.
 */
export function writeAccounted(
  db: CatalogueDatabase,
  operation: StoredOperation,
  requestKey: string,
  bytes: number,
  write: () => Promise<WriteResult>,
): Promise<WriteResult> {
  const names = new Set<string>([
    'syncMeta',
    'listPages',
    'episodeCursors',
    'sizeLedger',
    ...mappingOf(operation).tables,
  ]);
  const tables = [...names].map((name) => db.table(name));
  // Both started at once and awaited together: a failing put (a full disk) rejects the whole, and aborts it.
  return db.transaction('rw', tables, () =>
    Dexie.Promise.all([db.sizeLedger.put({ requestKey, bytes }), write()]).then(([, result]) => result),
  );
}
