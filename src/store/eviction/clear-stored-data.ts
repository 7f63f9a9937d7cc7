import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { DATA_KINDS } from '../tables/data-kinds.js';
import { writeThrough } from '../write/write-gate.js';
import { WritePlan } from '../write/write-plan.js';

/**
 * Empties the browse data in one transaction: public records, list pages and their freshness rows, with the
 * read times, sizes and quarantine rows about them, and every first answer. With `userData`, the account states,
 * lists and watchlist pages of every user and their freshness rows go too. The outbox, its bases and the sessions
 * always stay: a change waiting to be sent is the user's, and only `signOut` drops it.
 */
export async function clearStoredData(db: CatalogueDatabase, options: { userData?: boolean } = {}): Promise<void> {
  const userTables = DATA_KINDS.user.filter((name) => name !== 'users');
  const names = [...DATA_KINDS.browse, ...DATA_KINDS.bookkeeping, ...(options.userData ? userTables : [])];
  // Every answer that read one of the tables goes (every answer reads its freshness row): precise rows would cost
  // a read of everything, and a clear is rare. Deleting needs no room: no recovery from a full disk.
  const plan = WritePlan.wholeTables(names);
  await writeThrough(
    db,
    plan,
    async () => {
      for (const name of names) {
        // A user's freshness rows describe user data: they stay with it unless that goes too.
        if (name === 'syncMeta' && !options.userData) {
          await db.syncMeta.filter((row) => row.userScope === undefined).delete();
        } else {
          await db.table(name).clear();
        }
      }
    },
    { onFullDisk: 'fail' },
  );
}
