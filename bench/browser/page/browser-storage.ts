/**
 * Benchmarks' storage in Chromium: the page's real IndexedDB. Fresh databases get names unique in the page's
 * life and are deleted when a benchmark is done with them (the profile's disk); `shared()` is the same
 * IndexedDB, which idb-keyval already opens as the global.
 */
import { DATABASE_PROTOCOL_SUFFIX } from '../../../src/catalogue-options.js';
import type { BenchStorage, IdbPair } from '../../benchmark.js';

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
    // A connection still open somewhere: the delete waits for it; benchmarks close theirs first.
    request.onblocked = () => {};
  });
}

/** How long a large ingest's background compaction is given before timed reads. */
const COMPACTION_WAIT_MS = 3000;

export function browserStorage(): BenchStorage {
  const pair: IdbPair = { indexedDB, IDBKeyRange };
  let count = 0;
  return {
    fresh(prefix) {
      count += 1;
      const name = `${prefix}-${Date.now().toString(36)}-${count}`;
      // A catalogue given the name as its `dbName` keeps its database at the suffixed name: both go.
      const remove = () =>
        Promise.all([deleteDatabase(name), deleteDatabase(`${name}${DATABASE_PROTOCOL_SUFFIX}`)]).then(() => {});
      return { ...pair, name, remove };
    },
    shared: () => pair,
    // Seen here: warm starts timed right after the 100k views ingest ran up to 2–3× slower on every side (raw Dexie
    // 1.4 ms in one run, 2.7–3.5 ms in others); with this wait the 100k figures match the 1k ones.
    afterBulkWrites: () => new Promise((resolve) => setTimeout(resolve, COMPACTION_WAIT_MS)),
  };
}

/** Whether a database of this name exists on the origin. */
export async function databaseExists(name: string): Promise<boolean> {
  return (await indexedDB.databases()).some((db) => db.name === name);
}
