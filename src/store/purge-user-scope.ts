import type { CatalogueDatabase } from './catalogue-database.js';

/**
 * Removes everything stored for one user scope (account states, watchlist pages, their freshness rows, outbox rows, the persisted session) in
 * one transaction: sign-out leaves no trace of the user. Catalogue records stay: they are public data.
 */
export async function purgeUserScope(db: CatalogueDatabase, userScope: string): Promise<void> {
  // The outbox (pending and failed rows) and the user's row (its session id) go with the data.
  const tables = [db.tvAccountStates, db.episodeAccountStates, db.watchlistPages, db.syncMeta, db.outbox];
  await db.transaction('rw', [...tables, db.users], async () => {
    await Promise.all([
      ...tables.map((table) => table.where('userScope').equals(userScope).delete()),
      db.users.delete(userScope),
    ]);
  });
}
