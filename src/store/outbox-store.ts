import {
  applyOptimistic,
  coalesceKeyOf,
  mutationTables,
  rollBack,
  storedValue,
  targetValue,
} from './apply-mutation.js';
import type { CatalogueDatabase } from './catalogue-database.js';
import type { Mutation, OutboxError, OutboxRow } from './outbox-rows.js';

export interface EnqueueInput {
  readonly userScope: string;
  readonly mutation: Mutation;
  readonly idempotencyKey: string;
  readonly now: number;
  /** Rows being sent right now: a new change never rewrites one, it queues behind it. */
  readonly inFlight: ReadonlySet<number>;
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
 * Writes the optimistic change and the outbox row in ONE transaction (dexie-cloud's rule): either both are
 * stored or neither is. Coalesces with the user's pending, not-in-flight row of the same target.
 */
export function enqueueMutation(db: CatalogueDatabase, input: EnqueueInput): Promise<EnqueueResult> {
  const { userScope, mutation, now } = input;
  const coalesceKey = coalesceKeyOf(mutation);
  return db.transaction('rw', mutationTables(db), async (): Promise<EnqueueResult> => {
    const rows = await db.outbox.where('[userScope+coalesceKey]').equals([userScope, coalesceKey]).toArray();
    const pending = rows.filter((row) => row.state === 'pending');
    const open = pending.filter((row) => !input.inFlight.has(row.seq as number)).at(-1);
    const sending = pending.filter((row) => input.inFlight.has(row.seq as number)).at(-1);
    const stored = open ? undefined : await storedValue(db, userScope, mutation);
    const undo = await applyOptimistic(db, userScope, mutation);
    if (open) {
      const seq = open.seq as number;
      if (mutation.operation === 'removeListItem') return { outcome: 'coalesced', seq };
      const target = targetValue(mutation);
      // Back to where the target was before the pending change: nothing to send. (The same value again is not a
      // toggle back, even when it equals a stored state that may be stale.) Only when no attempt of the pending row
      // was made: an attempt whose answer was lost (a reset after the service committed) may have landed, and
      // cancelling it would leave the service holding the value the user took back (test/reliability/outbox-faults).
      const toggledBack = !same(target, targetValue(open.mutation)) && same(target, open.baseline);
      if (toggledBack && open.baseline !== undefined && open.attempts === 0) {
        await db.outbox.delete(seq);
        return { outcome: 'cancelled', seq };
      }
      await db.outbox.update(seq, { mutation, updatedAt: now });
      return { outcome: 'coalesced', seq };
    }
    // Behind a row in flight, the baseline is what that row sets; else what is stored; else unknown. It is never
    // guessed (e.g. "a toggle's opposite"): these calls set a value, and `markFavorite(false)` on a series that is
    // not a favorite followed by `markFavorite(true)` would otherwise cancel the second as a toggle back and lose it
    // (test/reliability/outbox-faults). An unknown baseline costs at most one redundant write.
    const baseline = sending ? targetValue(sending.mutation) : stored;
    const row: OutboxRow = {
      userScope,
      idempotencyKey: input.idempotencyKey,
      coalesceKey,
      mutation,
      undo,
      state: 'pending',
      attempts: 0,
      createdAt: now,
      updatedAt: now,
    };
    if (baseline !== undefined) row.baseline = baseline;
    const seq = (await db.outbox.add(row)) as number;
    return { outcome: 'queued', seq };
  });
}

/** Every pending row, oldest first. */
export async function pendingMutations(db: CatalogueDatabase): Promise<OutboxRow[]> {
  return db.outbox.where('state').equals('pending').sortBy('seq');
}

/**
 * Delivered (or already in the target state): the row goes. A series added to the TV watchlist could not be placed
 * in the stored pages optimistically (its position is the service's), so those pages turn stale in the same
 * transaction: the next view or refresh fetches them.
 */
export async function completeMutation(db: CatalogueDatabase, row: OutboxRow, now: number): Promise<void> {
  const { mutation } = row;
  const addsToWatchlist =
    mutation.operation === 'addToWatchlist' && mutation.params.media_type === 'tv' && mutation.params.watchlist;
  await db.transaction('rw', [db.outbox, db.syncMeta], async () => {
    await db.outbox.delete(row.seq as number);
    if (!addsToWatchlist) return;
    await db.syncMeta
      .where('userScope')
      .equals(row.userScope)
      .filter((meta) => meta.operation === 'accountTvWatchlist' && meta.expiresAt > now)
      .modify({ expiresAt: now });
  });
}

/** A transient failure: the row stays pending, with the attempt counted and the error kept for the outbox view. */
export async function recordMutationAttempt(db: CatalogueDatabase, seq: number, error: OutboxError): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(seq);
    if (row) await db.outbox.put({ ...row, attempts: row.attempts + 1, lastError: error, updatedAt: error.at });
  });
}

/**
 * A permanent failure: the row becomes `failed` and its optimistic change is rolled back, in one transaction. When
 * a newer pending row of the same target was queued behind it, that row's change stays on screen and inherits this
 * row's undo, so rolling the newer one back later restores the state from before both. Returns the failed row, or
 * undefined when it is gone (the user signed out meanwhile).
 */
export function failMutation(db: CatalogueDatabase, seq: number, error: OutboxError): Promise<OutboxRow | undefined> {
  return db.transaction('rw', mutationTables(db), async () => {
    const row = await db.outbox.get(seq);
    if (!row) return undefined;
    const later = (await db.outbox.where('[userScope+coalesceKey]').equals([row.userScope, row.coalesceKey]).toArray())
      .filter((other) => other.state === 'pending' && (other.seq as number) > seq)
      .at(0);
    if (later) {
      const inherited: OutboxRow = { ...later, undo: [...row.undo, ...later.undo] };
      if (row.baseline === undefined) delete inherited.baseline;
      else inherited.baseline = row.baseline;
      await db.outbox.put(inherited);
    } else {
      await rollBack(db, row.undo);
    }
    const failed: OutboxRow = {
      ...row,
      state: 'failed',
      undo: [],
      attempts: row.attempts + 1,
      lastError: error,
      updatedAt: error.at,
    };
    await db.outbox.put(failed);
    return failed;
  });
}

/** Removes a failed row the user has seen (its change was rolled back already). */
export async function discardMutation(db: CatalogueDatabase, seq: number): Promise<boolean> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(seq);
    if (row?.state !== 'failed') return false;
    await db.outbox.delete(seq);
    return true;
  });
}

/** How many rows of a user are waiting to be sent. */
export function countPending(db: CatalogueDatabase, userScope: string): Promise<number> {
  return db.outbox
    .where('userScope')
    .equals(userScope)
    .filter((row) => row.state === 'pending')
    .count();
}
