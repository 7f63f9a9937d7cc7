import type { OutboxRow } from '../tables/outbox-rows.js';

/**
 * How an instance judges another's claim on a `sending` row. The wall clock cannot be the judge: it jumps (a laptop
 * waking, an NTP correction), while the holder times its own send with timers that keep their durations, so a
 * clock-read lease lapses early for the others and a late duplicate of an older change lands after a newer one.
 *
 * - `holders`: whether the claim's instance still lives (for claims marked `live`), from a lock every instance holds for its lifetime (see
 *   `sync/sender-liveness.ts`): a live holder's claim is never taken over, whatever the clock says; a dead one's
 *   (its lock freed: the tab closed or crashed) is taken over at once.
 * - without it (no lock reaches every instance): the lease, read with the clock by every instance (the holder
 *   included) under one rule: lapsed when past, or further ahead than a lease can be (made while the clock ran
 *   ahead, then corrected).
 */
export interface ClaimJudge {
  readonly now: number;
  /** The longest lease: a `leaseUntil` beyond `now + leaseMs` was made under a clock that ran ahead. */
  readonly leaseMs: number;
  /** The longest backoff: a `notBefore` beyond `now + maxBackoffMs` was set under a clock that ran ahead. */
  readonly maxBackoffMs: number;
  /** The longest hold of an adopted change: a `heldUntil` beyond `now + maxHoldMs` was set under a clock that ran ahead. */
  readonly maxHoldMs?: number | undefined;
  readonly holders?: HolderLiveness | undefined;
}

export interface HolderLiveness {
  /** The judging instance. */
  readonly self: string;
  /** Other instances found gone (their lock free) just before the claim's transaction. */
  readonly gone: ReadonlySet<string>;
  /** The rows the judging instance is sending right now: its own other claims are leftovers (a failed settle). */
  readonly sending: ReadonlySet<number>;
}

/** Whether a lease read with the clock is over: past, or impossibly far ahead. */
export function leaseLapsed(leaseUntil: number, now: number, leaseMs: number): boolean {
  return leaseUntil <= now || leaseUntil > now + leaseMs;
}

/** Whether a `sending` row may be claimed again: its sender is gone, or (with no liveness to go by) its lease lapsed. */
export function claimLapsed(row: OutboxRow, judge: ClaimJudge): boolean {
  const { claim } = row;
  if (!claim) return true;
  const { holders } = judge;
  if (holders && claim.instance === holders.self) return !holders.sending.has(row.seq as number);
  // A claim whose holder holds no liveness lock (an earlier release's tab) is judged by its lease: its lock being
  // free says nothing of whether it still sends.
  if (!holders || claim.live !== 1) return leaseLapsed(claim.leaseUntil, judge.now, judge.leaseMs);
  return holders.gone.has(claim.instance);
}

/** Whether a pending row's backoff is over: past, or further ahead than the longest backoff. */
export function backoffOver(row: OutboxRow, judge: ClaimJudge): boolean {
  const notBefore = row.notBefore ?? 0;
  return notBefore <= judge.now || notBefore > judge.now + judge.maxBackoffMs;
}

/** Whether an adopted change's hold is over: past, or further ahead than the longest hold (same rule as a backoff). */
export function holdOver(row: OutboxRow, judge: ClaimJudge): boolean {
  const heldUntil = row.heldUntil ?? 0;
  return heldUntil <= judge.now || heldUntil > judge.now + (judge.maxHoldMs ?? 0);
}
