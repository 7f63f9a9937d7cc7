import type { CatalogueDatabase } from './catalogue-database.js';

/**
 * Removes everything stored for one user scope (account states, watchlist pages, their freshness rows) in
 * one transaction: sign-out leaves no trace of the user. Catalogue records stay: they are public data.
 */
export async function purgeUserScope(db: CatalogueDatabase, userScope: string): Promise<void> {
  const tables = [db.tvAccountStates, db.episodeAccountStates, db.watchlistPages, db.syncMeta];
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.where('userScope').equals(userScope).delete()));
  });
}
