import { BOOT_FORMAT, type BootRead, MAX_BOOT_VIEWS } from './boot-rows.js';
import type { CatalogueDatabase } from './catalogue-database.js';
import { type ReadRef, readRef } from './read-ref.js';
import { dexieReader, planStoredRead, projectStored } from './read-stored.js';
import type { RowReader } from './row-reader.js';
import type { StoreParams } from './store-mapping.js';
import type { StoredOperation } from './store-mappings.js';

/** `reader`, noting every row asked for (found or not: a row written later changes the answer either way). */
function recording(reader: RowReader, deps: Set<ReadRef>): RowReader {
  return {
    get(table, key) {
      deps.add(readRef(table, key));
      return reader.get(table, key);
    },
    bulkGet(table, keys) {
      for (const key of keys) deps.add(readRef(table, key));
      return reader.bulkGet(table, keys);
    },
    range(table) {
      // Boot rows are kept for public reads only, and those read rows by key: a range has no ref to depend on.
      throw new TypeError(`writeBoot: a boot row cannot depend on a range of ${table}`);
    },
  };
}

/**
 * Makes sure the boot store holds the current read of `operation(params)` (a public call; user views keep no
 * boot row), so the next page's first snapshot of it is one get. A boot row that exists is current (every
 * write deletes the ones it makes wrong), so this writes only when there is none, or one of another format:
 * it reads and writes in one transaction, so what it stores is exactly what the store held. Keeps the
 * `MAX_BOOT_VIEWS` most recently written. Resolves whether it wrote; nothing is written for a call the store
 * cannot answer.
 */
export async function writeBoot<O extends StoredOperation>(
  db: CatalogueDatabase,
  operation: O,
  params: StoreParams<O>,
  now: number,
): Promise<boolean> {
  const plan = planStoredRead(operation, params, undefined);
  const key = plan.requestKey;
  return db.transaction('rw', [...plan.tables, 'bootViews', 'bootDeps'], async () => {
    const existing = await db.bootViews.get(key);
    if (existing?.format === BOOT_FORMAT) return false;
    const deps = new Set<ReadRef>();
    const { entry, meta } = projectStored(operation, await plan.run(recording(dexieReader(db), deps)));
    if (!entry) return false;
    const read: BootRead = { data: entry.data, refs: [...entry.refs], ...(meta ? { meta } : {}) };
    await db.bootViews.put({ key, format: BOOT_FORMAT, json: JSON.stringify(read) });
    await db.bootDeps.put({ key, deps: [...deps], writtenAt: now });
    const rows = await db.bootDeps.toArray();
    if (rows.length > MAX_BOOT_VIEWS) {
      const oldest = rows
        .sort((a, b) => a.writtenAt - b.writtenAt)
        .slice(0, rows.length - MAX_BOOT_VIEWS)
        .map((row) => row.key);
      await db.bootViews.bulkDelete(oldest);
      await db.bootDeps.bulkDelete(oldest);
    }
    return true;
  });
}
