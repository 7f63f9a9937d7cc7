import type { IndexableType } from 'dexie';
import type { ResponseOf } from '../api/index.js';
import { BOOT_FORMAT, type BootRead, type BootViewRow } from './boot-rows.js';
import { type CatalogueDatabase, CURRENT_SCHEMA_VERSION } from './catalogue-database.js';
import { openAsIs } from './open-as-is.js';
import { planStoredRead, projectStored, type StoredRead } from './read-stored.js';
import type { RowReader } from './row-reader.js';
import type { StoreParams } from './store-mapping.js';
import type { StoredOperation } from './store-mappings.js';

/** Dexie opens schema version v as IndexedDB version v × 10. */
const IDB_VERSION = CURRENT_SCHEMA_VERSION * 10;

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Where a direct read goes: the catalogue database's name and IndexedDB (`CatalogueDatabase` is one). */
type DirectTarget = Pick<CatalogueDatabase, 'name' | 'idb'>;

/** A connection shared by the direct reads that overlap (a new page restores its user and reads its first view). */
interface SharedConnection {
  readonly opened: Promise<IDBDatabase | undefined>;
  users: number;
}

const connections = new WeakMap<DirectTarget, SharedConnection>();

function acquire(target: DirectTarget): SharedConnection {
  let shared = connections.get(target);
  if (!shared) {
    shared = { opened: openAsIs(target.idb, target.name), users: 0 };
    connections.set(target, shared);
  }
  shared.users += 1;
  return shared;
}

/** The last reader closes it (once its transactions are done); the catalogue's own connection is Dexie's. */
function release(target: DirectTarget, shared: SharedConnection, db: IDBDatabase | undefined): void {
  shared.users -= 1;
  if (shared.users > 0) return;
  connections.delete(target);
  db?.close();
}

/** The reads of one readonly transaction. */
type DirectReader = RowReader & { getAll(table: string): PromiseLike<unknown[]> };

/**
 * Runs `read` on a short plain IndexedDB connection (shared with the direct reads that overlap it), or resolves
 * undefined when this path cannot answer: no database yet, another schema version (Dexie's open migrates it;
 * this path never reads an old layout), a missing table, or any IndexedDB error. Callers then go through Dexie,
 * which also opens, creates or migrates. `readIn` runs one readonly transaction over `tables`.
 */
async function directRead<T>(
  target: DirectTarget,
  read: (readIn: <R>(tables: readonly string[], run: (reader: DirectReader) => Promise<R>) => Promise<R>) => Promise<T>,
): Promise<T | undefined> {
  const shared = acquire(target);
  let db: IDBDatabase | undefined;
  try {
    db = await shared.opened;
    const open = db;
    if (!open || open.version !== IDB_VERSION) return undefined;
    return await read((tables, run) => {
      if (tables.some((table) => !open.objectStoreNames.contains(table))) throw new MissingTable();
      const tx = open.transaction(tables as string[], 'readonly');
      // Every request is issued from a success callback's microtasks, while the transaction is still active.
      return run({
        get: (table, key) => result(tx.objectStore(table).get(key as IDBValidKey)),
        bulkGet: (table, keys: readonly IndexableType[]) => {
          const store = tx.objectStore(table);
          return Promise.all(keys.map((key) => result(store.get(key as IDBValidKey))));
        },
        range: (table, index, lower, upper) => {
          const store = tx.objectStore(table);
          const source = index === null ? store : store.index(index);
          return result(source.getAll(target.idb.IDBKeyRange.bound(lower, upper)));
        },
        getAll: (table) => result(tx.objectStore(table).getAll()),
      });
    });
  } catch {
    // A missing table, closed under us (another connection upgrading or deleting the database), or any other
    // IndexedDB error.
    return undefined;
  } finally {
    release(target, shared, db);
  }
}

class MissingTable extends Error {}

/** A direct read, and whether the boot store answered it (one get) rather than the rows themselves. */
export type DirectRead<O extends StoredOperation> = StoredRead<O> & { readonly booted?: true };

/**
 * `readStoredWithMeta` without Dexie: the same rows in one readonly transaction, rebuilt and projected by the
 * same code. A view's first snapshot uses it while the catalogue's Dexie database has not opened yet (Dexie's
 * open reads and checks the whole schema: most of a warm start), so a new page shows what is stored sooner;
 * the live query takes over once Dexie is open. Undefined when this path cannot answer (see `directRead`).
 *
 * With `boot` (a public call), the call's boot row is asked for first: a boot row that exists is current
 * (writes delete the ones they make wrong) and of this build's format, so it answers alone, as `booted`.
 */
export async function readStoredDirect<O extends StoredOperation>(
  target: DirectTarget,
  operation: O,
  params: StoreParams<O>,
  userScope?: string,
  options: { boot?: boolean } = {},
): Promise<DirectRead<O> | undefined> {
  const plan = planStoredRead(operation, params, userScope);
  const boot = options.boot === true && userScope === undefined;
  return await directRead(target, async (readIn) => {
    if (boot) {
      // Its own transaction over the one table: cheaper to start than one over every table of the call.
      const row = await readIn(['bootViews'], (reader) =>
        Promise.resolve(reader.get('bootViews', plan.requestKey) as PromiseLike<BootViewRow | undefined>),
      );
      if (row?.format === BOOT_FORMAT) {
        const { data, refs, meta } = JSON.parse(row.json) as BootRead;
        return { entry: { data: data as ResponseOf<O>, refs }, meta, booted: true as const };
      }
    }
    return readIn(plan.tables, async (reader) => projectStored(operation, await plan.run(reader)));
  });
}

/** Every row of a small table without waiting for Dexie's open (restoring the signed-in user), or undefined. */
export function readAllDirect<T>(target: DirectTarget, table: string): Promise<T[] | undefined> {
  return directRead(target, (readIn) =>
    readIn([table], (reader) => Promise.resolve(reader.getAll(table)) as Promise<T[]>),
  );
}
