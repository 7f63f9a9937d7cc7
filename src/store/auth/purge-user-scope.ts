import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { groupsOf, materialize, mutationTables } from '../optimistic/optimistic-state.js';
import { writeThrough } from '../write/write-gate.js';
import { WritePlan } from '../write/write-plan.js';

/** Whether a request key or a read ref names the user scope (as `user_scope=` or a key part). */
export function namesUser(text: string, userScope: string): boolean {
  return (
    text.includes(`user_scope=${encodeURIComponent(userScope)}`) ||
    text.includes(`user_scope=${userScope}`) ||
    text.includes(JSON.stringify(userScope))
  );
}

/**
 * Removes everything stored for one user scope in one transaction: account states, watchlist pages, their freshness
 * rows, outbox rows and their bases, the persisted session (or its sign-out mark), and every row that names the
 * scope (read marks, quarantine rows). Sign-out leaves no trace of the user. The user's unsent changes go with
 * them, and so does their effect on shared tables (a stored list they removed an item from shows it again).
 * Catalogue records stay: they are public data.
 *
 * Undoing that effect rewrites the shared rows (puts), which a full disk refuses: the purge then runs again with
 * deletes only, dropping those shared rows instead (a list is fetched again; a delete always frees space). Rejects
 * only when neither transaction commits; the caller's sign-out mark makes the next start try again.
 */
export async function purgeUserScope(db: CatalogueDatabase, userScope: string): Promise<void> {
  // Every first answer goes: the user's changes to shared lists are undone (public answers), and a sign-out
  // leaves nothing a page would show before the library knows who is signed in.
  try {
    await purge(db, userScope, 'rebase');
  } catch {
    await purge(db, userScope, 'drop');
  }
}

/**
 * What a purge may write: every table it deletes from or rebases, whole (which rows is known only inside the
 * transaction). Every answer names its freshness row, so every answer goes: the user's changes to shared lists are
 * undone (public answers), and a sign-out leaves nothing a page would show before the library knows who is signed
 * in. The sign-out's mark is written under this plan too, so the answers are gone before it.
 */
export function purgePlan(db: CatalogueDatabase): WritePlan {
  const named = [db.readMarks, db.quarantine, db.adoptedRows, db.users];
  return WritePlan.wholeTables([...mutationTables(db), ...named].map((table) => table.name));
}

/** What happens to shared rows the user's changes touched: rebased without them, or deleted. */
type SharedRows = 'rebase' | 'drop';

function purge(db: CatalogueDatabase, userScope: string, shared: SharedRows): Promise<void> {
  const scoped = [db.tvAccountStates, db.episodeAccountStates, db.watchlistPages, db.syncMeta, db.outboxBase];
  // A full disk is met by the purge's own way out (`drop` deletes only), not by evicting.
  return writeThrough(
    db,
    purgePlan(db),
    async () => {
      const rows = await db.outbox.where('userScope').equals(userScope).toArray();
      const groups = new Set(
        rows.flatMap((row) => groupsOf(row.userScope, row.mutation)).filter((group) => group.startsWith('list|')),
      );
      await db.outbox.where('userScope').equals(userScope).delete();
      // Their changes to shared rows are undone by rebasing without them (other users' changes stay).
      if (shared === 'rebase') for (const group of groups) await materialize(db, group);
      else for (const group of groups) await dropShared(db, group);
      await Promise.all([
        ...scoped.map((table) => table.where('userScope').equals(userScope).delete()),
        db.users.delete(userScope),
        db.adoptedRows.where('userScope').equals(userScope).delete(),
        db.readMarks.filter((mark) => namesUser(mark.ref, userScope)).delete(),
        db.quarantine.filter((row) => namesUser(row.requestKey, userScope)).delete(),
      ]);
    },
    { onFullDisk: 'fail' },
  );
}

/**
 * Deletes a shared list's row and its base, so no stored list shows the user's change: the list is missing until
 * fetched again. Other users' pending changes to it stay in the outbox and apply to the list as fetched.
 */
async function dropShared(db: CatalogueDatabase, group: string): Promise<void> {
  await Promise.all([
    db.lists.delete(Number(group.slice('list|'.length))),
    db.outboxBase.where('group').equals(group).delete(),
  ]);
}
