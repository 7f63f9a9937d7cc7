import type { CatalogueDatabase } from '../database/catalogue-database.js';

/**
 * The sync-meta rows of some operations, by primary-key range: a request key is the operation's name, alone or
 * followed by `?` and the query. Operation names are letters, all above `@`, so `[name, name + '@')` holds
 * exactly that name and its `name?…` keys, never another operation that starts with the same letters.
 */
export function syncMetaOfOperations(db: CatalogueDatabase, operations: readonly string[]) {
  if (operations.length === 0) return db.syncMeta.limit(0);
  const ranges = operations.map((operation) => [operation, `${operation}@`] as [string, string]);
  return db.syncMeta.where('requestKey').inAnyRange(ranges, { includeLowers: true, includeUppers: false });
}
