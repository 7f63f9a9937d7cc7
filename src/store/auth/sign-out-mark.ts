import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { SigningOutRow } from '../tables/outbox-rows.js';

/**
 * Writes the mark "sign-out began" over a user's row, before anything else of the sign-out: the credentials go and
 * the row stops being current, so from here on no start restores the user, and a start finds the mark and finishes
 * the deletion before restoring anyone. Resolves false when the mark could not be written (a full disk may refuse
 * even this smaller row): the sign-out then becomes durable in one step, when the purge (deletes only, which a full
 * disk does not refuse) removes the row with the rest of the user's data in one transaction. Deleting the row alone
 * instead would leave the user's data behind with nothing saying whose sign-out it was: account states without a
 * row are also what releases before the `users` table stored.
 */
export async function markSigningOut(db: CatalogueDatabase, userScope: string, now: number): Promise<boolean> {
  const mark: SigningOutRow = { id: userScope, signingOut: 1, current: 0, selectedAt: now };
  try {
    await db.users.put(mark);
    return true;
  } catch {
    return false;
  }
}

/** The user scopes a sign-out began and did not finish: their rows carry the mark. */
export async function unfinishedSignOuts(db: CatalogueDatabase): Promise<string[]> {
  const users = await db.users.toArray();
  return users.filter((user) => 'signingOut' in user).map((user) => user.id);
}
