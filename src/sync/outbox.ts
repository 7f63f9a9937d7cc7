import type { EventEmitter } from 'eventemitter3';
import { endpoints } from '../api/endpoints.js';
import type { Clock, Connectivity, Logger, Random, TimerHandle } from '../env.js';
import type { RequestQueue } from '../queue/request-queue.js';
import type { CatalogueDatabase } from '../store/catalogue-database.js';
import type { Mutation, OutboxRow, UserRow } from '../store/outbox-rows.js';
import {
  completeMutation,
  type EnqueueResult,
  enqueueMutation,
  failMutation,
  pendingMutations,
  recordMutationAttempt,
} from '../store/outbox-store.js';
import type { BackgroundLock } from './background-lock.js';
import type { CatalogueEvents } from './catalogue-events.js';
import { type DeliveryOutcome, deliveryOutcome, outboxError } from './outbox-delivery.js';

export interface OutboxDeps {
  readonly db: CatalogueDatabase;
  readonly queue: RequestQueue;
  readonly clock: Clock;
  readonly connectivity: Connectivity;
  readonly random: Random;
  readonly logger: Logger;
  readonly emitter: EventEmitter<CatalogueEvents>;
  /**
   * The database's background lock (DESIGN: "Tabs, worker, lock, budget"): drains this outbox starts by itself
   * (a new change, reconnecting, a retry timer) run under it, so two tabs do not send the same row at once.
   * `sync.refresh()` already holds it and calls `drain()` directly.
   */
  readonly lock?: BackgroundLock | undefined;
  /**
   * Runs the enqueue's write: the engine's passes it through quota recovery (evict browse data, retry once), so a
   * full disk does not cost the user a change while cached browse data could make room.
   * @default runs it as is
   */
  readonly guardWrite?: <T>(write: () => Promise<T>) => Promise<T>;
}

/** Backoff between drains after a transient failure: 1 s doubling to 60 s, with jitter. */
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 60_000;

/**
 * Delivers the outbox: each user's pending rows in order (FIFO per user; users side by side), one at a time,
 * through the queue at `mutation` priority, with the user's credentials injected at send time.
 *
 *   idle ──enqueue / online / timer / drain()──▶ draining ──rows left, all users blocked or done──▶ idle
 *                                                  │ transient failure: the user's rows wait (FIFO), timer set
 *                                                  └ offline: stops before the next send; `online` resumes
 *
 * One drain at a time per instance (a request during a drain runs another pass after it). Rows stay `pending` in
 * the store while sent, so a reload mid-send replays them; replays are safe (see `deliveryOutcome`).
 */
export class Outbox {
  readonly #deps: OutboxDeps;
  readonly #inFlight = new Set<number>();
  readonly #unsubscribe: () => void;
  #draining: Promise<void> | undefined;
  #again = false;
  #timer: TimerHandle | undefined;
  #closed = false;

  constructor(deps: OutboxDeps) {
    this.#deps = deps;
    this.#unsubscribe = deps.connectivity.subscribe((online) => {
      if (online) this.drainSoon();
    });
  }

  /** Rows being sent now (a new change of the same target queues behind them instead of rewriting them). */
  get inFlight(): ReadonlySet<number> {
    return this.#inFlight;
  }

  /** Writes the optimistic change and the row in one transaction, then starts a drain when online. */
  async enqueue(userScope: string, mutation: Mutation): Promise<EnqueueResult> {
    const input = {
      userScope,
      mutation,
      idempotencyKey: this.#newKey(),
      now: this.#deps.clock.now(),
      inFlight: this.#inFlight,
    };
    const write = () => enqueueMutation(this.#deps.db, input);
    const result = await (this.#deps.guardWrite ? this.#deps.guardWrite(write) : write());
    this.drainSoon();
    return result;
  }

  /** Starts a drain if online; failures are reported through events and rows, never thrown here. */
  drainSoon(): void {
    if (this.#closed || !this.#deps.connectivity.isOnline()) return;
    this.drainLocked().catch((error: unknown) => {
      this.#deps.logger.error('catalogue-sync: outbox drain failed', { error: outboxError(error, 0).name });
    });
  }

  /**
   * `drain()` under the background lock, for drains started outside `sync.refresh()` (which holds the lock and
   * calls `drain()` itself: the lock is not re-entrant).
   */
  async drainLocked(): Promise<void> {
    const { lock, db } = this.#deps;
    if (!lock) return this.drain();
    // Nothing pending (the usual case at start-up and on reconnect): no need to queue for the lock.
    if ((await db.outbox.where('state').equals('pending').count()) === 0) return;
    await lock.run(() => this.drain());
  }

  /** Drains until every user's rows are sent, refused, or waiting for a retry; resolves when that pass ends. */
  drain(): Promise<void> {
    if (this.#draining) {
      this.#again = true;
      return this.#draining;
    }
    const run = async () => {
      do {
        this.#again = false;
        await this.#drainOnce();
      } while (this.#again && !this.#closed && this.#deps.connectivity.isOnline());
    };
    this.#draining = run().finally(() => {
      this.#draining = undefined;
    });
    return this.#draining;
  }

  close(): void {
    this.#closed = true;
    this.#unsubscribe();
    if (this.#timer !== undefined) this.#deps.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  async #drainOnce(): Promise<void> {
    const { db } = this.#deps;
    const rows = await pendingMutations(db);
    const byUser = new Map<string, OutboxRow[]>();
    for (const row of rows) byUser.set(row.userScope, [...(byUser.get(row.userScope) ?? []), row]);
    const scopes = [...byUser.keys()];
    const users = await db.users.bulkGet(scopes);
    await Promise.all(
      scopes.map((scope, i) => {
        const user = users[i];
        // Rows whose user signed out with force are purged with the user; none should be left without one.
        return user ? this.#drainUser(user, byUser.get(scope) ?? []) : Promise.resolve();
      }),
    );
  }

  async #drainUser(user: UserRow, rows: readonly OutboxRow[]): Promise<void> {
    for (const row of rows) {
      if (this.#closed || !this.#deps.connectivity.isOnline()) return;
      const outcome = await this.#deliver(user, row.seq as number);
      // FIFO: a later change of this user must not overtake one that will be retried.
      if (outcome === 'retry') return;
    }
  }

  async #deliver(user: UserRow, seq: number): Promise<DeliveryOutcome | 'skipped'> {
    const { db, queue, clock, emitter } = this.#deps;
    this.#inFlight.add(seq);
    try {
      // Re-read under the in-flight mark: the row may have been coalesced or cancelled since the pass began.
      const row = await db.outbox.get(seq);
      if (row?.state !== 'pending') return 'skipped';
      const { operation } = row.mutation;
      let outcome: DeliveryOutcome;
      let failure: unknown;
      try {
        await queue.request(operation, this.#sendParams(row, user) as never, { priority: 'mutation' });
        outcome = 'done';
      } catch (error) {
        outcome = deliveryOutcome(operation, error);
        failure = error;
      }
      const at = clock.now();
      if (outcome === 'done') {
        await completeMutation(db, row, at);
        emitter.emit('mutationSent', {
          seq,
          idempotencyKey: row.idempotencyKey,
          operation,
          userScope: row.userScope,
          at,
        });
      } else if (outcome === 'retry') {
        await recordMutationAttempt(db, seq, outboxError(failure, at));
        this.#scheduleRetry(row.attempts + 1);
      } else {
        await this.#fail(row, failure, at);
      }
      return outcome;
    } finally {
      this.#inFlight.delete(seq);
    }
  }

  async #fail(row: OutboxRow, failure: unknown, at: number): Promise<void> {
    const { db, emitter, logger } = this.#deps;
    const error = outboxError(failure, at);
    const failed = await failMutation(db, row.seq as number, error);
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

  /** The row's parameters plus the user's credentials, the only place a session id meets a request. */
  #sendParams(row: OutboxRow, user: UserRow): Record<string, unknown> {
    const params: Record<string, unknown> = { ...row.mutation.params };
    const credentials = user.credentials;
    if ('session_id' in credentials) params.session_id = credentials.session_id;
    else if (endpoints[row.mutation.operation].scope === 'user-or-guest') {
      params.guest_session_id = credentials.guest_session_id;
    }
    return params;
  }

  #scheduleRetry(attempts: number): void {
    const { clock, random } = this.#deps;
    if (this.#closed || this.#timer !== undefined) return;
    const capped = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 16));
    const delay = Math.round(capped * (0.5 + random() / 2));
    this.#timer = clock.setTimeout(() => {
      this.#timer = undefined;
      this.drainSoon();
    }, delay);
  }

  #newKey(): string {
    const { clock, random } = this.#deps;
    const noise = Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
    return `m-${clock.now().toString(36)}-${noise}`;
  }
}
