import type { OutboxDb } from '../outbox/outbox-store.js';
import { isSignedIn, type OutboxClaim, type OutboxError, type UserRow } from '../tables/outbox-rows.js';
import { WritePlan } from '../write/write-plan.js';

type UserCredentials = UserRow['credentials'];

/** What `waitForSignIn` did with the refused row. */
export type SignInWait =
  /** The row waits (`waitingFor: 'sign-in'`) and its user is marked `needsSignIn`: nothing of theirs is sent. */
  | 'waiting'
  /** The user signed in again meanwhile (other credentials): the row is pending, sent with the new ones. */
  | 'resend'
  /** The claim was no longer ours (the user signed out, another instance took over): nothing written. */
  | 'gone';

export interface SignInWaitInput {
  readonly seq: number;
  readonly claim: OutboxClaim;
  /** The credentials the refused request carried: only a row still holding them is marked. */
  readonly sent: UserCredentials;
  readonly error: OutboxError;
  readonly now: number;
}

function sameCredentials(a: UserCredentials, b: UserCredentials): boolean {
  if ('session_id' in a) return 'session_id' in b && a.session_id === b.session_id;
  return 'guest_session_id' in b && a.guest_session_id === b.guest_session_id;
}

/**
 * Settles a row the service refused because of its user's session (expired or revoked), in one transaction with
 * the user's row: the change is not rolled back but waits, visible, until the same user signs in again
 * (`setUser` writes a new row without the mark and clears the rows' `waitingFor`), or is dropped by their sign-out.
 * Conditional on the claim, like every outcome.
 */
export function waitForSignIn({ db, writeThrough }: OutboxDb, input: SignInWaitInput): Promise<SignInWait> {
  const plan = WritePlan.rows(db.outbox.name, [input.seq]).and(WritePlan.wholeTables([db.users.name]));
  return writeThrough(db, plan, async (): Promise<SignInWait> => {
    const row = await db.outbox.get(input.seq);
    const claim = row?.claim;
    const ours = claim?.instance === input.claim.instance && claim.attempt === input.claim.attempt;
    if (row?.state !== 'sending' || !ours) return 'gone';
    const user = await db.users.get(row.userScope);
    if (!isSignedIn(user)) return 'gone';
    const next = { ...row, state: 'pending' as const, lastError: input.error, updatedAt: input.now };
    delete next.claim;
    delete next.notBefore;
    if (!sameCredentials(user.credentials, input.sent)) {
      await db.outbox.put(next);
      return 'resend';
    }
    await db.users.put({ ...user, needsSignIn: 1 });
    await db.outbox.put({ ...next, waitingFor: 'sign-in' });
    return 'waiting';
  });
}
