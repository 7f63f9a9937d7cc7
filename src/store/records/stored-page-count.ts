import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { mappingOf, type StoredOperation } from '../mappings/store-mappings.js';

/**
 * How many pages of a list are stored from page 1 without a gap (at most `limit`): what an infinite list shown
 * before can show again at once (`listKey`: its prepared call's). Only reads primary keys.
 */
export async function storedPageCount<O extends StoredOperation>(
  db: CatalogueDatabase,
  operation: O,
  listKey: string,
  userScope: string | undefined,
  limit: number,
): Promise<number> {
  const mapping = mappingOf(operation);
  if (mapping.kind !== 'list') return 0;
  const keys = mapping.userScoped
    ? await db.watchlistPages
        .where(':id')
        .between([userScope as string, listKey, 1], [userScope as string, listKey, limit], true, true)
        .primaryKeys()
    : await db.listPages.where(':id').between([listKey, 1], [listKey, limit], true, true).primaryKeys();
  const pages = new Set(keys.map((key) => key[key.length - 1] as number));
  let count = 0;
  while (pages.has(count + 1)) count += 1;
  return count;
}
