import type { EventEmitter } from 'eventemitter3';
import type { Clock, Logger, Random } from '../env.js';
import { waitForSignIn } from '../store/auth/wait-for-sign-in.js';
import { completeMutation, failMutation, type OutboxDb, releaseMutation } from '../store/outbox/outbox-store.js';
import type { OutboxClaim, OutboxRow, UserRow } from '../store/tables/outbox-rows.js';
import type { CatalogueEvents } from './catalogue-events.js';
import { OUTBOX_MAX_BACKOFF_MS } from './outbox-claims.js';
import type { DeliveryOutcome } from './outbox-delivery.js';
import type { OutboxShared } from './outbox-shared.js';

/** Backoff between attempts of a row after an unknown outcome: 1 s doubling to 60 s, with jitter. */
const RETRY_BASE_MS = 1000;

export interface OutboxSettlementDeps {
  readonly store: OutboxDb;
  readonly shared: OutboxShared;
  readonly clock: Clock;
  readonly random: Random;
  readonly logger: Logger;
  readonly emitter: EventEmitter<CatalogueEvents>;
  /** Starts a drain: a row the user signed in again for meanwhile is sent again at once. */
  readonly resend: () => void;
}

/**
 * What the outbox writes once a send has ended, conditional on the row's claim: sent (`mutationSent`), unknown
 * (released with a backoff, sent again), refused (rolled back, `mutationFailed`), or the session refused (the row
 * waits for the same user to sign in again).
 */
export class OutboxSettlement {
  readonly #deps: OutboxSettlementDeps;

  constructor(deps: OutboxSettlementDeps) {
    this.#deps = deps;
  }

  /** Writes a send's outcome, if the row's claim still holds; never for a scope signed out meanwhile. */
  async settle(
    row: OutboxRow,
    claim: OutboxClaim,
    user: UserRow,
    outcome: DeliveryOutcome,
    failure: unknown,
  ): Promise<void> {
    if (outcome === 'session') return this.#waitForSignIn(row, claim, user, failure);
    const { store, clock, emitter } = this.#deps;
    const seq = row.seq as number;
    const at = clock.now();
    // A scope signed out meanwhile (here or in another tab) took its rows with it: the claim is gone, nothing is
    // written (the conditional settle below finds no row).
    if (outcome === 'done') {
      if (!(await completeMutation(store, seq, claim, at))) return;
      const { operation } = row.mutation;
      emitter.emit('mutationSent', {
        seq,
        idempotencyKey: row.idempotencyKey,
        operation,
        userScope: row.userScope,
        at,
      });
    } else if (outcome === 'unknown') {
      const error = failure === undefined ? undefined : this.#deps.shared.outboxError(failure, at);
      await releaseMutation(store, seq, claim, error, at + this.#backoff(row.attempts));
    } else {
      await this.#fail(row, claim, failure, at);
    }
  }

  /** The service refused the user's session: the row waits for the same user to sign in again (not rolled back). */
  async #waitForSignIn(row: OutboxRow, claim: OutboxClaim, user: UserRow, failure: unknown): Promise<void> {
    const now = this.#deps.clock.now();
    const sent = user.credentials;
    const result = await waitForSignIn(this.#deps.store, {
      seq: row.seq as number,
      claim,
      sent,
      error: this.#deps.shared.outboxError(failure, now),
      now,
    });
    if (result === 'resend') this.#deps.resend();
    if (result !== 'waiting') return;
    this.#deps.logger.warn('catalogue-sync: the session was refused; changes wait for the user to sign in again', {
      userScope: row.userScope,
      operation: row.mutation.operation,
    });
  }

  async #fail(row: OutboxRow, claim: OutboxClaim, failure: unknown, at: number): Promise<void> {
    const { store, emitter, logger } = this.#deps;
    const error = this.#deps.shared.outboxError(failure, at);
    const failed = await failMutation(store, row.seq as number, claim, error);
    if (!failed) return;
    const { at: _at, ...plain } = error;
    emitter.emit('mutationFailed', {
      seq: row.seq as number,
      idempotencyKey: row.idempotencyKey,
      operation: row.mutation.operation,
      params: row.mutation.params as Record<string, unknown>,
      userScope: row.userScope,
      error: plain,
      at,
    });
    logger.warn('catalogue-sync: a change was refused and rolled back', {
      operation: row.mutation.operation,
      idempotencyKey: row.idempotencyKey,
      error: error.name,
      status: error.status,
    });
  }

  #backoff(attempts: number): number {
    const capped = Math.min(OUTBOX_MAX_BACKOFF_MS, RETRY_BASE_MS * 2 ** Math.min(Math.max(attempts, 1) - 1, 16));
    return Math.round(capped * (0.5 + this.#deps.random() / 2));
  }
}
