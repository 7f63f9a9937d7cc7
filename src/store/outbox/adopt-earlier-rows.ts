import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { targetValue } from '../optimistic/fold-mutations.js';
import { groupsOf, materialize } from '../optimistic/optimistic-state.js';
import { isSignedIn, type Mutation, type OutboxError, type OutboxRow, type UserRow } from '../tables/outbox-rows.js';
import { writeThrough } from '../write/write-gate.js';
import { WritePlan } from '../write/write-plan.js';
import { changePlan } from './change-plan.js';
import { coalesceKeyOf } from './coalesce-key.js';
import { isUnsettled } from './pending-rows.js';

/** The earlier outbox row, in any earlier format (schema 4–7: `undo`, no claims; 8–11: claims, `notBefore`). */
interface EarlierOutboxRow {
  userScope: string;
  idempotencyKey: string;
  mutation: Mutation;
  state: string;
  attempts?: number;
  createdAt?: number;
  updatedAt?: number;
  lastError?: OutboxError;
  waitingFor?: 'sign-in';
}

function isEarlierOutboxRow(value: Record<string, unknown>): value is Record<string, unknown> & EarlierOutboxRow {
  const mutation = value.mutation as Mutation | undefined;
  // A row this release cannot read is no change it can send (every earlier release wrote these fields).
  return typeof value.userScope === 'string' && typeof value.idempotencyKey === 'string' && !!mutation?.params;
}

export interface AdoptOutboxInput {
  readonly now: number;
  /** How long an adopted change (and a change of this release it supersedes) is not sent: see `heldUntil`. */
  readonly holdMs: number;
}

/** `adopted`: written here; `known`: adopted before, unchanged; `dropped`: not a change (unreadable, or signed out). */
export type AdoptOutcome = 'adopted' | 'known' | 'dropped';

/**
 * Adopts one earlier outbox row into this release's outbox, in one transaction with its adoption record and the
 * optimistic state it makes. The earlier release may be sending it right now (without claims, or under a claim
 * this release cannot end), so the change counts as possibly sent (`attempts` ≥ 1: a later take-back is a new row
 * after it, never a cancel) and is not sent before `heldUntil`, when any send an earlier release made of it is over.
 *
 * Folding with this release's changes of the same target goes by which is later (`updatedAt`, one clock):
 * - this release's last unsettled change is later: the adopted one is superseded and sends nothing, but that later
 *   change is held too (and counts as possibly sent), so it lands after any late send of the earlier one; one
 *   being sent right now is queued again behind itself;
 * - otherwise the adopted change is a new row after this release's rows of the user (sent in order, last).
 * Failed rows stay failed (their change was rolled back there), kept so an app can show them.
 */
export async function adoptOutboxRow(
  db: CatalogueDatabase,
  value: Record<string, unknown>,
  input: AdoptOutboxInput,
): Promise<AdoptOutcome> {
  if (!isEarlierOutboxRow(value)) return 'dropped';
  const earlier = value;
  return adopt(db, earlier, input);
}

function adopt(db: CatalogueDatabase, earlier: EarlierOutboxRow, input: AdoptOutboxInput): Promise<AdoptOutcome> {
  const { now, holdMs } = input;
  const { userScope, mutation } = earlier;
  const change = JSON.stringify(mutation);
  const plan = changePlan(db, earlier.userScope, [earlier.mutation]).and(
    WritePlan.reads([db.users.name]),
    WritePlan.wholeTables([db.adoptedRows.name]),
  );
  return writeThrough(db, plan, async (): Promise<AdoptOutcome> => {
    const known = await db.adoptedRows.get(earlier.idempotencyKey);
    if (known?.change === change) return 'known';
    const user = await db.users.get(userScope);
    // The user's sign-out began here: their changes go with them.
    if (user && !isSignedIn(user)) return 'dropped';
    await db.adoptedRows.put({ id: earlier.idempotencyKey, userScope, change });
    const coalesceKey = coalesceKeyOf(mutation);
    const heldUntil = now + holdMs;
    const updatedAt = earlier.updatedAt ?? earlier.createdAt ?? 0;
    const base: OutboxRow = {
      userScope,
      idempotencyKey: earlier.idempotencyKey,
      coalesceKey,
      mutation,
      state: 'pending',
      attempts: Math.max(earlier.attempts ?? 0, 1),
      heldUntil,
      createdAt: earlier.createdAt ?? now,
      updatedAt: now,
    };
    if (earlier.lastError) base.lastError = earlier.lastError;
    if (earlier.state === 'failed') {
      const { heldUntil: _held, ...failed } = base;
      await db.outbox.add({ ...failed, state: 'failed', attempts: earlier.attempts ?? 0 });
      return 'adopted';
    }
    if (earlier.waitingFor === 'sign-in') base.waitingFor = 'sign-in';
    const rows = (await db.outbox.where('[userScope+coalesceKey]').equals([userScope, coalesceKey]).toArray())
      .filter(isUnsettled)
      .sort((a, b) => (a.seq as number) - (b.seq as number));
    const last = rows.at(-1);
    if (last && last.updatedAt >= updatedAt) {
      if (last.state === 'pending') {
        await db.outbox.update(last.seq as number, { attempts: Math.max(last.attempts, 1), heldUntil });
      } else {
        const again: OutboxRow = {
          ...base,
          idempotencyKey: `${last.idempotencyKey}~again`,
          mutation: last.mutation,
          baseline: targetValue(last.mutation),
        };
        await db.outbox.add(again);
      }
      return 'adopted';
    }
    if (last) base.baseline = targetValue(last.mutation);
    await db.outbox.add(base);
    for (const group of groupsOf(userScope, mutation)) await materialize(db, group);
    return 'adopted';
  });
}

/**
 * Adopts an earlier `users` row: a signed-in user stays signed in across the move (current here only when nobody
 * is current here). Not a sign-out's mark, nor a user whose sign-out began here, nor one signed in here already
 * (this release's row is the newer). Returns whether the row was written.
 */
export function adoptUserRow(db: CatalogueDatabase, value: Record<string, unknown>): Promise<boolean> {
  return writeThrough(db, WritePlan.wholeTables([db.users.name]), async () => {
    const credentials = value.credentials as UserRow['credentials'] | undefined;
    if (typeof value.id !== 'string' || 'signingOut' in value || typeof credentials !== 'object' || !credentials) {
      return false;
    }
    if (await db.users.get(value.id)) return false;
    const current = (await db.users.filter((row) => row.current === 1).count()) === 0 && value.current === 1;
    const row: UserRow = {
      id: value.id,
      credentials,
      selectedAt: typeof value.selectedAt === 'number' ? value.selectedAt : 0,
      current: current ? 1 : 0,
    };
    if (typeof value.accountId === 'number') row.accountId = value.accountId;
    if (value.needsSignIn === 1) row.needsSignIn = 1;
    await db.users.put(row);
    return true;
  });
}

/** The adoption records go once the earlier database is gone: its rows' keys are never seen again. */
export function forgetAdoptedRows(db: CatalogueDatabase): Promise<void> {
  return db.adoptedRows.clear();
}
