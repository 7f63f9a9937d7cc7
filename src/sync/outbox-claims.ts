import type { Clock, TimerHandle } from '../env.js';
import { leaseLapsed } from '../store/outbox/claim-rule.js';
import { type ClaimResult, claimRows, type OutboxDb } from '../store/outbox/outbox-store.js';
import type { LockManagerLike } from './background-lock.js';
import { holdSenderLiveness, type SenderLiveness } from './sender-liveness.js';

/** The longest backoff: a `notBefore` further ahead than this was set under a clock that ran ahead. */
export const OUTBOX_MAX_BACKOFF_MS = 60_000;
/**
 * While another instance holds a user's first row, how often to look whether it settled; and, with claims judged
 * by their lease, how often a sender checks its own lease under the same rule (a clock jump ends it for everyone).
 */
export const POLL_MS = 1000;

export interface OutboxClaimsDeps {
  readonly store: OutboxDb;
  readonly clock: Clock;
  /** The claiming instance's id. */
  readonly instance: string;
  readonly leaseMs: number;
  /** The longest hold of a change adopted from an earlier release's database. @default 0 */
  readonly maxHoldMs?: number | undefined;
  /** Locks that reach every instance on the database, and its name; without them claims are judged by lease. */
  readonly liveness?: { readonly locks: LockManagerLike; readonly dbName: string } | undefined;
}

export interface ClaimOptions {
  readonly ignoreBackoff?: boolean;
  readonly skip?: ReadonlySet<number>;
}

/**
 * One instance's side of the outbox claims: it claims rows (judging the others' claims by whether their instance
 * lives, see `sender-liveness.ts`, or by the lease where no lock reaches every instance), and knows which of its
 * own claims it is still sending (the rest are leftovers of a settle that failed, claimable again).
 */
export class OutboxClaims {
  readonly #deps: OutboxClaimsDeps;
  /** Rows this instance claimed and has not settled yet. */
  readonly #mine = new Set<number>();
  #liveness: SenderLiveness | undefined;
  /** One claim at a time, so a claim never judges a row this instance just claimed as a leftover. */
  #claiming: Promise<unknown> = Promise.resolve();
  /** Claims started and not yet done. */
  #pending = 0;

  constructor(deps: OutboxClaimsDeps) {
    this.#deps = deps;
    if (deps.liveness) {
      const liveness = holdSenderLiveness(deps.liveness.locks, deps.liveness.dbName, deps.instance);
      this.#liveness = liveness;
      // A lock that cannot be taken leaves the lease to judge claims.
      liveness.ready.catch(() => {
        if (this.#liveness === liveness) this.#liveness = undefined;
      });
    }
  }

  /** Whether the others judge this instance's claims by its life (true) or by their lease (false). */
  get byLiveness(): boolean {
    return this.#liveness !== undefined;
  }

  claim(options: ClaimOptions = {}): Promise<ClaimResult> {
    const run = async () => {
      const liveness = this.#liveness?.held ? this.#liveness : await this.#readyLiveness();
      const first = await this.#claimWith(liveness && new Set(), options);
      // Only when another instance's claim kept a user waiting: is that instance gone? (A lock probe per holder.)
      if (!liveness || first.heldBy.length === 0) return first;
      const gone = await liveness.gone(first.heldBy);
      if (gone.size === 0) return first;
      const second = await this.#claimWith(gone, options);
      return { ...second, claimed: [...first.claimed, ...second.claimed] };
    };
    // Straight away when no claim is running (its transaction starts when it would have without the queueing).
    const claim = this.#pending === 0 ? run() : this.#claiming.then(run);
    this.#pending += 1;
    const done = claim.then(
      () => {},
      () => {},
    );
    done.then(() => {
      this.#pending -= 1;
    });
    this.#claiming = done;
    return claim;
  }

  /** The row `seq` this instance claimed is settled (or given up): a claim of it found later is a leftover. */
  settled(seq: number): void {
    this.#mine.delete(seq);
  }

  /**
   * With claims judged by their lease, checks the lease every `POLL_MS` under the rule the others apply to it and
   * calls `lapsed` once it ends for them; with liveness, nothing (no clock ends a live sender's claim).
   */
  watch(leaseUntil: number, lapsed: () => void): { stop(): void } {
    if (this.#liveness) return { stop: () => {} };
    const { clock, leaseMs } = this.#deps;
    let timer: TimerHandle | undefined;
    const check = () => {
      if (leaseLapsed(leaseUntil, clock.now(), leaseMs)) lapsed();
      else timer = clock.setTimeout(check, POLL_MS);
    };
    timer = clock.setTimeout(check, POLL_MS);
    return { stop: () => clock.clearTimeout(timer) };
  }

  /** Lets the others find this instance gone: call when nothing of it is on the wire any more. */
  release(): void {
    this.#liveness?.release();
  }

  /** One claim transaction; `gone` undefined: claims are judged by their lease. */
  async #claimWith(gone: ReadonlySet<string> | undefined, options: ClaimOptions): Promise<ClaimResult> {
    const { store, clock, leaseMs, instance } = this.#deps;
    const holders = gone && { self: instance, gone, sending: this.#mine };
    const result = await claimRows(store, {
      instance,
      now: clock.now(),
      leaseMs,
      maxBackoffMs: OUTBOX_MAX_BACKOFF_MS,
      maxHoldMs: this.#deps.maxHoldMs,
      holders,
      ...options,
    });
    for (const { row } of result.claimed) this.#mine.add(row.seq as number);
    return result;
  }

  /** This instance's liveness once its own lock is held; undefined when claims are judged by their lease. */
  async #readyLiveness(): Promise<SenderLiveness | undefined> {
    const liveness = this.#liveness;
    if (!liveness) return undefined;
    try {
      await liveness.ready;
      return liveness;
    } catch {
      return undefined;
    }
  }
}
