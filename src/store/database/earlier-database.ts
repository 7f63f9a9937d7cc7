import { firstAnswersName } from '../first-answers/first-answers-db.js';

/**
 * The database earlier releases keep at the name without this release's protocol suffix, read natively: no Dexie
 * schema is declared for it (declaring one would upgrade it under the older tabs), so whatever object stores exist
 * at whatever version is installed are read as they are. This release only reads rows, deletes the rows it has
 * adopted, and deletes the database once nothing is left to adopt.
 */
export interface EarlierDatabase {
  /** Outbox rows (any earlier format), oldest first, with their primary key. */
  readonly outbox: readonly EarlierRow[];
  /** `users` rows (signed-in users and sign-out marks). */
  readonly users: readonly EarlierRow[];
  /** Deletes a row if it is still exactly as read (an older tab may have rewritten it since); whether it did. */
  deleteIfUnchanged(store: 'outbox' | 'users', row: EarlierRow): Promise<boolean>;
  close(): void;
}

export interface EarlierRow {
  readonly key: IDBValidKey;
  readonly value: Record<string, unknown>;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/**
 * Opens the earlier database if there is one. Where `indexedDB.databases()` exists it says so without creating
 * anything; elsewhere the database is opened without a version and, when that created it (an upgrade from 0), it
 * is deleted again at once: a fresh install never leaves the earlier name behind.
 */
export async function openEarlierDatabase(indexedDB: IDBFactory, name: string): Promise<EarlierDatabase | undefined> {
  if (typeof indexedDB.databases === 'function') {
    const names = await indexedDB.databases();
    if (!names.some((info) => info.name === name)) return undefined;
  }
  let created = false;
  const open = indexedDB.open(name);
  open.onupgradeneeded = (event) => {
    if (event.oldVersion === 0) created = true;
  };
  const connection = await request(open);
  // Never in the way of an older tab's upgrade or of a deletion: this connection closes and is not reopened.
  connection.onversionchange = () => connection.close();
  if (created) {
    connection.close();
    await deleteDatabase(indexedDB, name);
    return undefined;
  }
  return readEarlier(connection);
}

async function readStore(connection: IDBDatabase, store: string): Promise<EarlierRow[]> {
  if (!connection.objectStoreNames.contains(store)) return [];
  const tx = connection.transaction(store, 'readonly');
  const objects = tx.objectStore(store);
  const [keys, values] = await Promise.all([request(objects.getAllKeys()), request(objects.getAll())]);
  return keys.map((key, i) => ({ key, value: values[i] as Record<string, unknown> }));
}

async function readEarlier(connection: IDBDatabase): Promise<EarlierDatabase> {
  const outbox = await readStore(connection, 'outbox');
  const users = await readStore(connection, 'users');
  return {
    outbox,
    users,
    async deleteIfUnchanged(store, row) {
      const objects = connection.transaction(store, 'readwrite').objectStore(store);
      const same = JSON.stringify(await request(objects.get(row.key))) === JSON.stringify(row.value);
      // The transaction commits the delete once its request succeeded.
      if (same) await request(objects.delete(row.key));
      return same;
    },
    close: () => connection.close(),
  };
}

function deleteDatabase(indexedDB: IDBFactory, name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error);
    // Older tabs' connections close on the versionchange (Dexie's default); the deletion completes when they have.
    req.onblocked = () => {};
  });
}

/**
 * Deletes the earlier database and its first answers' database (which may show a user's changes). Older tabs
 * still open close their connection (the `versionchange`) and reopen a fresh, empty database at the name on their
 * next write, which the next adoption takes again.
 */
export async function deleteEarlierDatabase(indexedDB: IDBFactory, name: string): Promise<void> {
  await Promise.all([deleteDatabase(indexedDB, name), deleteDatabase(indexedDB, firstAnswersName(name))]);
}
