import type { IndexedDBPair } from '../env.js';

/**
 * Opens a database at whatever version it has (no version asked, so nothing is upgraded), or resolves undefined
 * when it does not exist (the upgrade that would create it is aborted: nothing is created) or cannot be opened.
 * The connection closes itself when another one asks to upgrade or delete the database.
 */
export function openAsIs({ indexedDB }: IndexedDBPair, name: string): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      resolve(undefined);
      return;
    }
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = (event) => {
      event.preventDefault();
      resolve(undefined);
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
  });
}
