import { liveQuery } from 'dexie';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { readStoredWithMeta, type StoredRead } from '../store/records/read-stored.js';
import type { PreparedCall } from './prepare-call.js';

/** The stored answer of `call` and its freshness row, read together once. */
export function readStoredAnswer<O extends StoredOperation>(
  db: CatalogueDatabase,
  call: PreparedCall<O>,
): Promise<StoredRead<O>> {
  const { operation, storeParams, userScope, requestKey, listKey } = call;
  return readStoredWithMeta(db, operation, storeParams, userScope, requestKey, listKey);
}

/**
 * Watches `call`'s stored answer and freshness row with Dexie's `liveQuery`: read again whenever a write touches
 * the rows read (so a 304 that renews freshness is seen). Returns the function that stops watching.
 */
export function watchStoredAnswer<O extends StoredOperation>(
  db: CatalogueDatabase,
  call: PreparedCall<O>,
  observer: { next: (read: StoredRead<O>) => void; error: (error: unknown) => void },
): () => void {
  const subscription = liveQuery(() => readStoredAnswer(db, call)).subscribe(observer);
  return () => subscription.unsubscribe();
}
