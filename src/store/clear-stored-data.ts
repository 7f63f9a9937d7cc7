import type { CatalogueDatabase } from './catalogue-database.js';
import { DATA_KINDS } from './data-kinds.js';

/**
 * Empties the browse data in one transaction: public records, list pages and their freshness rows, with the
 * read times, sizes and quarantine rows about them, and every first answer. With `userData`, the account states,
 * lists and watchlist pages of every user and their freshness rows go too. The outbox, its bases and the sessions
 * always stay: a change waiting to be sent is the user's, and only `signOut` drops it.
 */
export async function clearStoredData(db: CatalogueDatabase, options: { userData?: boolean } = {}): Promise<void> {
  const userTables = DATA_KINDS.user.filter((name) => name !== 'users');
  const names = [...DATA_KINDS.browse, ...DATA_KINDS.bookkeeping, ...(options.userData ? userTables : [])];
  const tables = names.map((name) => db.table(name));
  // Every first answer goes too: precise deps would cost a read of everything, and a clear is rare.
  await db.firstAnswers.guard('all', () =>
    db.transaction('rw', tables, async () => {
      for (const name of names) {
        // A user's freshness rows describe user data: they stay with it unless that goes too.
        if (name === 'syncMeta' && !options.userData) {
          await db.syncMeta.filter((row) => row.userScope === undefined).delete();
        } else {
          await db.table(name).clear();
        }
      }
    }),
  );
}
