import type { IndexableType } from 'dexie';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { SizeLedgerRow, SyncMetaRow } from '../tables/rows.js';
import { WritePlan } from '../write/write-plan.js';
import type { SweepStore } from './sweep-store.js';

/** The JSON length of a stored response's rows: freshness row, list page and the records it names (or its row). */
async function measureUnit(db: CatalogueDatabase, store: SweepStore, meta: SyncMetaRow): Promise<number> {
  const { jsonBytes, unitPageKey, pageTablesOf, unitResourceRow } = store;
  let bytes = jsonBytes(meta);
  const pageKey = unitPageKey(meta);
  if (pageKey) {
    const page = await db.listPages.get(pageKey);
    if (!page) return bytes;
    bytes += jsonBytes(page);
    for (const table of pageTablesOf(meta.operation)) {
      for (const row of await db.table(table).bulkGet(page.ids as IndexableType[])) bytes += jsonBytes(row ?? null);
    }
    return bytes;
  }
  const resource = unitResourceRow(meta);
  if (resource) bytes += jsonBytes((await db.table(resource.table).get(resource.key)) ?? null);
  return bytes;
}

/**
 * Gives every stored browse response a ledger row: those written while no budget was set (or by an older
 * version) are measured from their rows once. Returns how many rows were added.
 */
export async function reconcileSizeLedger(db: CatalogueDatabase, store: SweepStore): Promise<number> {
  const metas = (await db.syncMeta.toArray()).filter(store.isBrowseUnit);
  const ledger = await db.sizeLedger.bulkGet(metas.map((meta) => meta.requestKey));
  const missing = metas.filter((_, i) => ledger[i] === undefined);
  if (missing.length === 0) return 0;
  const rows: SizeLedgerRow[] = [];
  await db.transaction('r', db.tables, async () => {
    for (const meta of missing) rows.push({ requestKey: meta.requestKey, bytes: await measureUnit(db, store, meta) });
  });
  // A row written meanwhile by a response's own write is newer; a response evicted meanwhile needs none.
  const keys = rows.map((row) => row.requestKey);
  const plan = WritePlan.rows(db.sizeLedger.name, keys).and(WritePlan.reads([db.syncMeta.name]));
  await store.writeThrough(db, plan, async () => {
    const [now, metasNow] = await Promise.all([db.sizeLedger.bulkGet(keys), db.syncMeta.bulkGet(keys)]);
    await db.sizeLedger.bulkPut(rows.filter((_, i) => now[i] === undefined && metasNow[i] !== undefined));
  });
  return rows.length;
}
