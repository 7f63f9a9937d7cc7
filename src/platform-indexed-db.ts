import type { IndexedDBPair } from './env.js';

/** The global IndexedDB (a browser's, a worker's), or a `TypeError` saying how to inject one. */
export function platformIndexedDB(): IndexedDBPair {
  const scope = globalThis as { indexedDB?: IDBFactory; IDBKeyRange?: typeof IDBKeyRange };
  if (!scope.indexedDB || !scope.IDBKeyRange) {
    throw new TypeError('createCatalogue: no IndexedDB here; pass `indexedDB: { indexedDB, IDBKeyRange }`');
  }
  return { indexedDB: scope.indexedDB, IDBKeyRange: scope.IDBKeyRange };
}
