import { Dexie } from 'dexie';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { StoreParams } from '../mappings/store-mapping.js';
import { mappingOf, type StoredOperation } from '../mappings/store-mappings.js';
import { WritePlan } from '../write/write-plan.js';

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
 * A response's write with its ledger row, in ONE transaction (the write's own, through the write gate): both land
 * or neither. The row is put first, with no await in between (an await inside a Dexie transaction costs zone
 * switches on every write): a 200 whose ETag equals the stored one writes no records but puts the same bytes again,
 * which changes nothing. Not for a 304.
 */
export function accounted<T>(
  db: CatalogueDatabase,
  write: { readonly plan: WritePlan; run(): PromiseLike<T> },
  requestKey: string,
  bytes: number,
): { readonly plan: WritePlan; run(): PromiseLike<T> } {
  return {
    plan: write.plan.and(WritePlan.rows(db.sizeLedger.name, [requestKey])),
    // Both started at once and awaited together: a failing put (a full disk) rejects the whole, and aborts it.
    run: () => Dexie.Promise.all([db.sizeLedger.put({ requestKey, bytes }), write.run()]).then(([, result]) => result),
  };
}
