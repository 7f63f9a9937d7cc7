/**
 * Benchmarks' storage in Node: fake-indexeddb. Each fresh database has its own factory (dropped with it, so a
 * large run does not keep every earlier dataset in the heap); `shared()` is one factory for the whole run,
 * installed as the global `indexedDB` for idb-keyval.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { BenchStorage, IdbPair } from './benchmark.js';

export function nodeStorage(): BenchStorage {
  let shared: IdbPair | undefined;
  let count = 0;
  return {
    fresh(prefix) {
      count += 1;
      return { name: `${prefix}-${count}`, indexedDB: new IDBFactory(), IDBKeyRange, remove: async () => {} };
    },
    shared() {
      if (!shared) {
        shared = { indexedDB: new IDBFactory(), IDBKeyRange };
        Object.assign(globalThis, shared);
      }
      return shared;
    },
    afterBulkWrites: async () => {},
  };
}
