import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { OutboxRow } from '../tables/outbox-rows.js';

/**
 * The outbox's reads that the core makes before (or without) ever sending a change: sign-out's refusal while
 * changes wait, a start deciding whether it needs the outbox at all. Apart from `outbox-store.ts`, whose writes
 * arrive with the outbox's chunk on first use (`lazy-features.ts`).
 */

/** Not settled yet: waiting, or being sent by some instance. */
export function isUnsettled(row: OutboxRow): boolean {
  return row.state === 'pending' || row.state === 'sending';
}

/** How many rows of a user are not settled: waiting to be sent, or being sent by some instance. */
export function countPending(db: CatalogueDatabase, userScope: string): Promise<number> {
  return db.outbox.where('userScope').equals(userScope).filter(isUnsettled).count();
}

/**
 * Whether any row of any user is not settled: one key read on the `state` index. Only then can a drain have work
 * (a failed row waits for the user, not for a send), so only then does a start load the outbox.
 */
export async function hasUnsettledRows(db: CatalogueDatabase): Promise<boolean> {
  return (await db.outbox.where('state').anyOf(['pending', 'sending']).limit(1).primaryKeys()).length > 0;
}
