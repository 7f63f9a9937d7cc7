import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { ACCOUNT_LISTS, type AccountListOperation } from '../optimistic/account-lists.js';
import { targetValue } from '../optimistic/fold-mutations.js';
import { confirm, groupsOf, materialize } from '../optimistic/optimistic-state.js';
import {
  isSignedIn,
  type Mutation,
  type OutboxClaim,
  type OutboxError,
  type OutboxRow,
  type UserRow,
} from '../tables/outbox-rows.js';
import type { writeThrough } from '../write/write-gate.js';
import { WritePlan } from '../write/write-plan.js';
import { changePlan } from './change-plan.js';
import { backoffOver, claimLapsed, type HolderLiveness, holdOver } from './claim-rule.js';
import { coalesceKeyOf, storedValue } from './coalesce-key.js';
import { isUnsettled } from './pending-rows.js';

/**
 * The database with the write gate its changes go through. The gate comes from the core (`outbox-shared.ts`), not
 * from an import: these functions arrive with the outbox's chunk, which shares no file with the first read.
 */
export interface OutboxDb {
  readonly db: CatalogueDatabase;
  readonly writeThrough: typeof writeThrough;
}

export interface EnqueueInput {
  readonly userScope: string;
  readonly mutation: Mutation;
  readonly idempotencyKey: string;
  readonly now: number;
}

/**
 * `queued`: a new row; `coalesced`: folded into the pending row of the same target (which now sends the last
 * value); `cancelled`: the change undid the pending one (a toggle back), so nothing is sent at all.
 */
export type EnqueueResult =
  | { readonly outcome: 'queued' | 'coalesced'; readonly seq: number }
  | { readonly outcome: 'cancelled'; readonly seq: number };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Writes the outbox row and the optimistic state it makes (its groups rebased: `materialize`) in ONE transaction
 * (dexie-cloud's rule): either both are stored or neither is. Folds into the user's last row of the same target only if no instance ever claimed it
 * (`attempts` 0): a row that was claimed may have reached the service, whoever claimed it (another tab, the page
 * before a reload), so it is never cancelled or rewritten: the change becomes a new row after it.
 */
export function enqueueMutation({ db, writeThrough }: OutboxDb, input: EnqueueInput): Promise<EnqueueResult> {
  const { userScope, mutation, now } = input;
  const coalesceKey = coalesceKeyOf(mutation);
  return writeThrough(db, changePlan(db, userScope, [mutation]), async (): Promise<EnqueueResult> => {
    const rows = (await db.outbox.where('[userScope+coalesceKey]').equals([userScope, coalesceKey]).toArray())
      .filter(isUnsettled)
      .sort((a, b) => (a.seq as number) - (b.seq as number));
    const last = rows.at(-1);
    const open = last?.state === 'pending' && last.attempts === 0 ? last : undefined;
    const stored = last ? undefined : await storedValue(db, userScope, mutation);
    const rebase = async () => {
      for (const group of groupsOf(userScope, mutation)) await materialize(db, group);
    };
    if (open) {
      const seq = open.seq as number;
      if (mutation.operation === 'removeListItem') return { outcome: 'coalesced', seq };
      const target = targetValue(mutation);
      // Back to where the target was before the pending change: nothing to send. (The same value again is not a
      // toggle back, even when it equals a stored state that may be stale.)
      const toggledBack = !same(target, targetValue(open.mutation)) && same(target, open.baseline);
      if (toggledBack && open.baseline !== undefined) {
        await db.outbox.delete(seq);
        await rebase();
        return { outcome: 'cancelled', seq };
      }
      await db.outbox.update(seq, { mutation, updatedAt: now });
      await rebase();
      return { outcome: 'coalesced', seq };
    }
    // Behind a row that may have been sent, the baseline is what that row sets; else what is stored; else unknown.
    // It is never guessed (e.g. "a toggle's opposite"): these calls set a value, and `markFavorite(false)` on a
    // series that is not a favorite followed by `markFavorite(true)` would otherwise cancel the second as a toggle
    // back and lose it (test/reliability/outbox-faults). An unknown baseline costs at most one redundant write.
    const baseline = last ? targetValue(last.mutation) : stored;
    const row: OutboxRow = {
      userScope,
      idempotencyKey: input.idempotencyKey,
      coalesceKey,
      mutation,
      state: 'pending',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    };
    if (baseline !== undefined) row.baseline = baseline;
    const seq = (await db.outbox.add(row)) as number;
    await rebase();
    return { outcome: 'queued', seq };
  });
}

export interface ClaimInput {
  /** The claiming instance. */
  readonly instance: string;
  readonly now: number;
  /** How long a claim holds (`leaseUntil` = now + leaseMs). */
  readonly leaseMs: number;
  /** The longest backoff a release sets: a `notBefore` further ahead counts as over (see `claim-rule.ts`). */
  readonly maxBackoffMs: number;
  /** The longest hold of an adopted change (see `OutboxRow.heldUntil`). @default 0: holds count as over */
  readonly maxHoldMs?: number;
  /**
   * Which claims' instances are gone: a `sending` row is then taken over only from a gone instance, whatever the
   * clock says. Without it, by the lease (see `claim-rule.ts`).
   */
  readonly holders?: HolderLiveness | undefined;
  /** Claim rows still backing off (`notBefore` in the future): `sync.refresh()` sends at once. @default false */
  readonly ignoreBackoff?: boolean;
  /** Rows this pass already tried: their users wait for the next pass. */
  readonly skip?: ReadonlySet<number>;
}

/** A claimed row, with its user's row (credentials are read in the same transaction as the claim). */
export interface ClaimedRow {
  readonly row: OutboxRow & { claim: OutboxClaim };
  readonly user: UserRow;
}

export interface ClaimResult {
  readonly claimed: readonly ClaimedRow[];
  /** Unsettled rows left unclaimed (another instance's, backing off, or behind one of those). */
  readonly waiting: number;
  /**
   * The earliest clock time a blocked user's first row becomes claimable (a lease or a backoff ends); `now` when
   * it waits on a live instance (it ends when that instance settles the row: look again soon).
   */
  readonly nextAt: number | undefined;
  /** The other instances whose claims (judged live) kept a user waiting: whether they are gone is worth a look. */
  readonly heldBy: readonly string[];
}

/**
 * Claims, in one transaction, the first unsettled row of each user that is sendable now: pending (its backoff
 * over), or sending under a claim that lapsed (`claim-rule.ts`). A user whose first row is claimed by a live lease waits: a row is
 * sent only after the one before it is settled, whichever instance sends it, so every user's writes reach the
 * service in the order they were made.
 */
export function claimRows({ db, writeThrough }: OutboxDb, input: ClaimInput): Promise<ClaimResult> {
  const { instance, now, leaseMs, maxBackoffMs, holders } = input;
  const judge = { now, leaseMs, maxBackoffMs, maxHoldMs: input.maxHoldMs ?? 0, holders };
  // Claims rewrite outbox rows only; the users are read. A full disk stops the drain (`QuotaResume` restarts it
  // when there is room): no recovery, which would evict browse data for a claim and report a claim that wrote
  // nothing as room found.
  const plan = WritePlan.wholeTables([db.outbox.name]).and(WritePlan.reads([db.users.name]));
  return writeThrough(
    db,
    plan,
    async () => {
      const rows = (await db.outbox.where('state').anyOf('pending', 'sending').toArray()).sort(
        (a, b) => (a.seq as number) - (b.seq as number),
      );
      const firsts = new Map<string, OutboxRow>();
      for (const row of rows) if (!firsts.has(row.userScope)) firsts.set(row.userScope, row);
      const users = await db.users.bulkGet([...firsts.keys()]);
      const claimed: ClaimedRow[] = [];
      const heldBy = new Set<string>();
      let nextAt: number | undefined;
      const later = (at: number) => {
        nextAt = nextAt === undefined ? at : Math.min(nextAt, at);
      };
      for (const [i, first] of [...firsts.values()].entries()) {
        const user = users[i];
        // Rows whose user signed out with force are purged with the user; none should be left without one.
        // A user signing out, or whose session the service refused, sends nothing until signed in (again).
        if (!isSignedIn(user) || user.needsSignIn === 1 || input.skip?.has(first.seq as number)) continue;
        if (first.state === 'sending' && !claimLapsed(first, judge)) {
          const { instance: holder, leaseUntil, live } = first.claim as OutboxClaim;
          if (holder !== instance) heldBy.add(holder);
          later(holders && live === 1 ? now : leaseUntil);
          continue;
        }
        if (first.state === 'pending' && !input.ignoreBackoff && !backoffOver(first, judge)) {
          later(first.notBefore as number);
          continue;
        }
        // Not even `sync.refresh()` sends an adopted change early: an earlier release may still be sending it.
        if (first.state === 'pending' && !holdOver(first, judge)) {
          later(first.heldUntil as number);
          continue;
        }
        const attempt = first.attempts + 1;
        const claim: OutboxClaim = holders
          ? { instance, attempt, leaseUntil: now + leaseMs, live: 1 }
          : { instance, attempt, leaseUntil: now + leaseMs };
        const next = { ...first, state: 'sending', attempts: attempt, claim, updatedAt: now } as OutboxRow & {
          claim: OutboxClaim;
        };
        delete next.notBefore;
        delete next.heldUntil;
        claimed.push({ row: next, user });
      }
      if (claimed.length > 0) await db.outbox.bulkPut(claimed.map((c) => c.row));
      return { claimed, waiting: rows.length - claimed.length, nextAt, heldBy: [...heldBy] };
    },
    { onFullDisk: 'fail' },
  );
}

/** The row as it is now, if it is still claimed by `claim` (nobody took it over after its lease lapsed). */
async function stillClaimed(db: CatalogueDatabase, seq: number, claim: OutboxClaim): Promise<OutboxRow | undefined> {
  const row = await db.outbox.get(seq);
  const held =
    row?.state === 'sending' && row.claim?.instance === claim.instance && row.claim.attempt === claim.attempt;
  return held ? row : undefined;
}

/** The account lists a change puts an item on (or changes an item of: a new rating). */
function listsAddedTo(mutation: Mutation): AccountListOperation[] {
  return (Object.keys(ACCOUNT_LISTS) as AccountListOperation[]).filter(
    (operation) => ACCOUNT_LISTS[operation].effect(mutation)?.listed === true,
  );
}

/**
 * Delivered (or already in the target state): the row goes, if it is still the one that was sent (same claim), and
 * its effect moves into the bases (what the service confirmed); returns whether it did. An item added to an account
 * list (a watchlist, favorites, rated) was placed where the sort should put it, but the service decides: that list's
 * pages turn stale in the same transaction, so the next view or refresh fetches them.
 */
export async function completeMutation(
  { db, writeThrough }: OutboxDb,
  seq: number,
  claim: OutboxClaim,
  now: number,
): Promise<boolean> {
  // Read before the transaction (a claimed row's change is fixed): what confirming it rewrites, and the freshness
  // rows it marks stale when it puts an item on an account list (whole: which ones is known only inside).
  const planned = await db.outbox.get(seq);
  if (!planned) return false;
  const marks = listsAddedTo(planned.mutation).length > 0 ? [WritePlan.wholeTables([db.syncMeta.name])] : [];
  return writeThrough(db, changePlan(db, planned.userScope, [planned.mutation]).and(...marks), async () => {
    const row = await stillClaimed(db, seq, claim);
    if (!row) return false;
    await db.outbox.delete(seq);
    const { mutation } = row;
    await confirm(db, row.userScope, mutation);
    const addedTo = new Set<string>(listsAddedTo(mutation));
    if (addedTo.size > 0) {
      await db.syncMeta
        .where('userScope')
        .equals(row.userScope)
        .filter((meta) => addedTo.has(meta.operation) && meta.expiresAt > now)
        .modify({ expiresAt: now });
    }
    return true;
  });
}

/**
 * The outcome is not known yet (a transient failure, an answer that is not the service's, an abort): the row is
 * pending again, its attempts kept (it may have landed), not claimed again before `notBefore`. Conditional on
 * the claim, like completing.
 */
export function releaseMutation(
  { db, writeThrough }: OutboxDb,
  seq: number,
  claim: OutboxClaim,
  error: OutboxError | undefined,
  notBefore: number,
): Promise<boolean> {
  return writeThrough(db, WritePlan.rows(db.outbox.name, [seq]), async () => {
    const row = await stillClaimed(db, seq, claim);
    if (!row) return false;
    const next: OutboxRow = { ...row, state: 'pending', notBefore, updatedAt: error?.at ?? row.updatedAt };
    delete next.claim;
    if (error) next.lastError = error;
    await db.outbox.put(next);
    return true;
  });
}

/** `close()`: every row this instance claimed is pending again (whether it reached the service is unknown). */
export function releaseClaims({ db, writeThrough }: OutboxDb, instance: string): Promise<number> {
  return writeThrough(db, WritePlan.wholeTables([db.outbox.name]), async () => {
    return db.outbox
      .where('state')
      .equals('sending')
      .filter((row) => row.claim?.instance === instance)
      .modify((row: OutboxRow) => {
        row.state = 'pending';
        delete row.claim;
      });
  });
}

/**
 * A permanent failure: the row becomes `failed` and its groups are rebased without it, in one transaction, if it
 * is still the one that was sent (same claim). Nothing is put back from a snapshot: what other rows changed stays.
 * Returns the failed row, or undefined when it is gone or was taken over.
 */
export async function failMutation(
  { db, writeThrough }: OutboxDb,
  seq: number,
  claim: OutboxClaim,
  error: OutboxError,
): Promise<OutboxRow | undefined> {
  // The rollback rewrites the change's rows: a shared list's row shows the item again. Read before the
  // transaction: a claimed row's change is fixed.
  const planned = await db.outbox.get(seq);
  if (!planned) return undefined;
  return writeThrough(db, changePlan(db, planned.userScope, [planned.mutation]), async () => {
    const row = await stillClaimed(db, seq, claim);
    if (!row) return undefined;
    const failed: OutboxRow = { ...row, state: 'failed', lastError: error, updatedAt: error.at };
    delete failed.claim;
    await db.outbox.put(failed);
    for (const group of groupsOf(row.userScope, row.mutation)) await materialize(db, group);
    return failed;
  });
}

/** Removes a failed row the user has seen (its change was rolled back already). */
export async function discardMutation({ db, writeThrough }: OutboxDb, seq: number): Promise<boolean> {
  return writeThrough(db, WritePlan.rows(db.outbox.name, [seq]), async () => {
    const row = await db.outbox.get(seq);
    if (row?.state !== 'failed') return false;
    await db.outbox.delete(seq);
    return true;
  });
}
