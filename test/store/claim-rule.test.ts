import { describe, expect, it } from 'vitest';
import { backoffOver, type ClaimJudge, claimLapsed, leaseLapsed } from '../../src/store/outbox/claim-rule.js';
import type { OutboxRow } from '../../src/store/tables/outbox-rows.js';

const NOW = Date.UTC(2026, 10, 1, 12);
const LEASE_MS = 150_000;
const MAX_BACKOFF_MS = 60_000;
const HOUR = 3_600_000;

function row(fields: Partial<OutboxRow>): OutboxRow {
  return {
    seq: 1,
    userScope: 'account:1',
    idempotencyKey: 'k',
    coalesceKey: 'c',
    mutation: { operation: 'deleteTvSeriesRating', params: { series_id: 1 } },
    state: 'sending',
    attempts: 1,
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  };
}

const byLease: ClaimJudge = { now: NOW, leaseMs: LEASE_MS, maxBackoffMs: MAX_BACKOFF_MS };
/** A claim of an instance holding a liveness lock (this release's). */
const claimed = (instance: string, leaseUntil: number) => row({ claim: { instance, attempt: 1, leaseUntil, live: 1 } });
/** A claim of an instance without a liveness lock (a tab of an earlier release). */
const claimedUnmarked = (instance: string, leaseUntil: number) => row({ claim: { instance, attempt: 1, leaseUntil } });

describe('claims judged by their lease (no lock reaches every instance)', () => {
  it('a lease is live only between now and now + its length: past it, or further ahead, it lapsed', () => {
    for (const [leaseUntil, lapsed] of [
      [NOW - HOUR, true],
      [NOW, true],
      [NOW + 1, false],
      [NOW + LEASE_MS, false],
      // Made while the clock ran ahead by minutes or hours, then set right: no lease is that long.
      [NOW + LEASE_MS + 1, true],
      [NOW + 5 * 60_000 + LEASE_MS, true],
      [NOW + 2 * HOUR, true],
    ] as const) {
      expect(leaseLapsed(leaseUntil, NOW, LEASE_MS), `leaseUntil now+${leaseUntil - NOW}`).toBe(lapsed);
      expect(claimLapsed(claimed('tab-b', leaseUntil), byLease)).toBe(lapsed);
    }
  });
});

describe('claims judged by their holder (a lock per instance)', () => {
  const judge = (gone: string[], sending: number[]): ClaimJudge => ({
    ...byLease,
    holders: { self: 'me', gone: new Set(gone), sending: new Set(sending) },
  });

  it("a live holder's claim holds whatever the clock says; a gone holder's lapses at once", () => {
    for (const leaseUntil of [NOW - 2 * HOUR, NOW - 1, NOW + 1, NOW + 2 * HOUR]) {
      expect(claimLapsed(claimed('tab-b', leaseUntil), judge([], []))).toBe(false);
      expect(claimLapsed(claimed('tab-b', leaseUntil), judge(['tab-b'], []))).toBe(true);
    }
  });

  it("an earlier release's claim (no liveness lock) is judged by its lease, though its holder holds no lock", () => {
    expect(claimLapsed(claimedUnmarked('old-tab', NOW + 1), judge(['old-tab'], []))).toBe(false);
    expect(claimLapsed(claimedUnmarked('old-tab', NOW + LEASE_MS), judge(['old-tab'], []))).toBe(false);
    expect(claimLapsed(claimedUnmarked('old-tab', NOW - 1), judge(['old-tab'], []))).toBe(true);
    expect(claimLapsed(claimedUnmarked('old-tab', NOW + 2 * HOUR), judge(['old-tab'], []))).toBe(true);
  });

  it('its own claim holds while it sends the row; otherwise it is a leftover (a settle that failed)', () => {
    expect(claimLapsed(claimed('me', NOW - HOUR), judge([], [1]))).toBe(false);
    expect(claimLapsed(claimed('me', NOW + HOUR), judge([], []))).toBe(true);
  });
});

describe('backoffs', () => {
  it('are over when past, or further ahead than the longest backoff (set while the clock ran ahead)', () => {
    for (const [notBefore, over] of [
      [undefined, true],
      [NOW - HOUR, true],
      [NOW, true],
      [NOW + 1, false],
      [NOW + MAX_BACKOFF_MS, false],
      [NOW + MAX_BACKOFF_MS + 1, true],
      [NOW + 2 * HOUR, true],
    ] as const) {
      const pending = row({ state: 'pending', ...(notBefore === undefined ? {} : { notBefore }) });
      expect(backoffOver(pending, byLease), `notBefore ${notBefore}`).toBe(over);
    }
  });
});
