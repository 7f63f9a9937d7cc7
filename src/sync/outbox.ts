import type { EventEmitter } from 'eventemitter3';
import type { Clock, Connectivity, Logger, Random, TimerHandle } from '../env.js';
import type { RequestQueue } from '../queue/request-queue.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import {
  type ClaimedRow,
  discardMutation,
  type EnqueueResult,
  enqueueMutation,
  type OutboxDb,
  releaseClaims,
} from '../store/outbox/outbox-store.js';
import type { Mutation, OutboxRow, UserRow } from '../store/tables/outbox-rows.js';
import type { LockManagerLike } from './background-lock.js';
import type { CatalogueEvents } from './catalogue-events.js';
import { OutboxClaims, POLL_MS } from './outbox-claims.js';
import type { DeliveryOutcome } from './outbox-delivery.js';
import { OutboxSettlement } from './outbox-settlement.js';
import type { OutboxShared } from './outbox-shared.js';

export interface OutboxDeps {
  readonly db: CatalogueDatabase;
  /** The write gate, the registry and the errors, from the core (`outbox-shared.ts`). */
  readonly shared: OutboxShared;
  readonly queue: RequestQueue;
  readonly clock: Clock;
  readonly connectivity: Connectivity;
  readonly random: Random;
  readonly logger: Logger;
  readonly emitter: EventEmitter<CatalogueEvents>;
  /**
   * How long a claim holds. It must outlast the whole request (the queue's attempts and their timeouts): a
   * sender aborts its request when its lease ends, and another instance may then send the row again.
   */
  readonly leaseMs: number;
  /** Told when a drain stops on an error (a full disk: the catalogue restarts it once there is room). */
  readonly onDrainFailed?: (error: unknown) => void;
  /**
   * Locks that reach every instance on the database, and its name: each outbox holds one for its life (made before
   * its first claim), and a claim is taken over only from an instance whose lock is free (`sender-liveness.ts`).
   * Without them, claims are judged by their lease, read with the clock under one rule by every instance, the holder
   * included.
   * @default judged by the lease
   */
  readonly liveness?: { readonly locks: LockManagerLike; readonly dbName: string } | undefined;
  /** The longest hold of a change adopted from an earlier release's database (`OutboxRow.heldUntil`). @default 0 */
  readonly maxHoldMs?: number | undefined;
  /**
   * Runs before each drain (every trigger: a change, reconnecting, a timer, `drain()`): the adoption of the earlier
   * releases' outbox, so what older tabs wrote there joins this outbox before it is claimed; undefined when the
   * drain need not wait for it (the claim then comes at once). Must not reject.
   * @default nothing
   */
  readonly beforeDrain?: () => Promise<unknown> | undefined;
}

/** The error a send is aborted with when its lease ends or the instance closes: the outcome is unknown. */
function abortError(message: string): Error {
  const error = new Error(message);
  error.name = 'AbortError';
  return error;
}

/**
 * Delivers the outbox, which is shared by every instance on the database (tabs, the worker, the next page after a
 * reload). A row is claimed in a transaction before it leaves (`sending`, this instance, its attempt, a lease), so
 * the others never cancel, rewrite or send it meanwhile; its outcome is written only if the claim still holds.
 *
 *   idle ──enqueue / online / setUser / drain()──▶ claiming ──rows claimed──▶ sending ──settled──▶ claiming
 *                                                    │ nothing claimable, rows left: wait for the earliest lease
 *                                                    │   or backoff end (polling for other instances' outcomes)
 *                                                    ├ nothing left: idle
 *                                                    └ offline or closed: idle (`online` resumes)
 *
 * Each user's rows go first in, first out, one at a time across all instances (a row only after the one before it
 * is settled); users go side by side. One loop per instance.
 */
export class Outbox {
  readonly #deps: OutboxDeps;
  /** The database with the write gate its store functions write through. */
  readonly #store: OutboxDb;
  readonly #instance: string;
  /** The sends in flight, by seq: aborted on `close()`, or when their user scope is signed out. */
  readonly #sends = new Map<number, { controller: AbortController; userScope: string; done: Promise<void> }>();
  readonly #unsubscribe: () => void;
  readonly #claims: OutboxClaims;
  readonly #settlement: OutboxSettlement;
  #loop: Promise<void> | undefined;
  #wake: (() => void) | undefined;
  #timer: TimerHandle | undefined;
  #closed = false;

  constructor(deps: OutboxDeps) {
    this.#deps = deps;
    this.#instance = `i-${Math.floor(deps.random() * 2 ** 48).toString(36)}`;
    const { clock, leaseMs, liveness, maxHoldMs } = deps;
    const store = { db: deps.db, writeThrough: deps.shared.writeThrough };
    this.#store = store;
    this.#claims = new OutboxClaims({ store, clock, leaseMs, liveness, maxHoldMs, instance: this.#instance });
    this.#settlement = new OutboxSettlement({ ...deps, store, resend: () => this.drainSoon() });
    this.#unsubscribe = deps.connectivity.subscribe((online) => {
      if (online) this.drainSoon();
    });
  }

  /** This instance's id, as claims carry it. */
  get instance(): string {
    return this.#instance;
  }

  /** Writes the optimistic change and the row in one transaction, then starts a drain when online. */
  async enqueue(userScope: string, mutation: Mutation): Promise<EnqueueResult> {
    const input = { userScope, mutation, idempotencyKey: this.#newKey(), now: this.#deps.clock.now() };
    // Through the write gate, which runs it through the quota recovery (`BrowseEviction`): a full disk does not
    // cost the user a change while cached browse data could make room.
    const result = await enqueueMutation(this.#store, input);
    this.drainSoon();
    return result;
  }

  /**
   * Starts (or wakes) the drain if online; failures are reported through events and rows, never thrown here.
   * `beforeDrainDone`: the caller ran `beforeDrain`'s work just now (the start's), so this drain claims at once.
   */
  drainSoon(beforeDrainDone = false): void {
    if (this.#closed || !this.#deps.connectivity.isOnline()) return;
    this.#drain(beforeDrainDone).catch((error: unknown) => {
      this.#deps.logger.error('catalogue-sync: outbox drain failed', {
        error: this.#deps.shared.outboxError(error, 0).name,
      });
    });
  }

  /**
   * Resolves when every row of the database is settled (sent or refused), waiting out backoffs and other
   * instances' leases; or earlier when the network goes or the instance closes (offline is a pause).
   */
  drain(): Promise<void> {
    return this.#drain(false);
  }

  #drain(beforeDrainDone: boolean): Promise<void> {
    this.#wake?.();
    if (this.#loop) return this.#loop;
    this.#loop = this.#run(beforeDrainDone)
      .catch((error: unknown) => {
        this.#deps.onDrainFailed?.(error);
        throw error;
      })
      .finally(() => {
        this.#loop = undefined;
      });
    return this.#loop;
  }

  /**
   * One pass that sends at once what can be sent now, backoffs ignored, each row at most once, and waits for no
   * other instance (`sync.refresh()`: mutations first, then revalidation).
   */
  async sendNow(): Promise<void> {
    const tried = new Set<number>();
    for (;;) {
      if (!this.#canSend()) return;
      const { claimed } = await this.#claims.claim({ ignoreBackoff: true, skip: tried });
      // A row this instance's own drain is sending holds its user's turn: wait for it rather than skip the user.
      const own = [...this.#sends.values()].map((send) => send.done);
      if (claimed.length === 0 && own.length > 0) {
        await Promise.all(own);
        continue;
      }
      if (claimed.length === 0) return;
      for (const { row } of claimed) tried.add(row.seq as number);
      await Promise.all(claimed.map((claimed) => this.#send(claimed)));
    }
  }

  /** Removes a failed change the user has seen (it was rolled back already); false when there is none such. */
  discard(seq: number): Promise<boolean> {
    return discardMutation(this.#store, seq);
  }

  /** Stops sending and hands this instance's claims back: those rows are pending again, outcome unknown. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#unsubscribe();
    if (this.#timer !== undefined) this.#deps.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#wake?.();
    try {
      await releaseClaims(this.#store, this.#instance);
    } catch (error) {
      this.#deps.logger.warn('catalogue-sync: could not hand back the outbox claims', {
        error: this.#deps.shared.outboxError(error, 0).name,
      });
    }
    // After the claims are back: an answer arriving now finds its claim gone and writes nothing.
    for (const { controller } of this.#sends.values()) controller.abort(abortError('The catalogue closed'));
    // Only now may the others find this instance gone: nothing of it is on the wire any more.
    this.#claims.release();
  }

  /** Aborts the sends of a user scope that was signed out: their outcomes are not written anywhere. */
  abortScope(userScope: string): void {
    for (const send of this.#sends.values()) {
      if (send.userScope === userScope) send.controller.abort(abortError('Signed out'));
    }
  }

  #canSend(): boolean {
    return !this.#closed && this.#deps.connectivity.isOnline();
  }

  async #run(beforeDrainDone: boolean): Promise<void> {
    const before = beforeDrainDone ? undefined : this.#deps.beforeDrain?.();
    if (before) await before;
    for (;;) {
      if (!this.#canSend()) return;
      const { claimed, nextAt } = await this.#claims.claim();
      if (claimed.length > 0) {
        await Promise.all(claimed.map((claimed) => this.#send(claimed)));
        continue;
      }
      if (nextAt === undefined) return;
      const now = this.#deps.clock.now();
      // A row held by a live instance has no time to wait for (`nextAt` is now): look again after a poll.
      await this.#sleep(nextAt > now ? Math.min(nextAt - now, POLL_MS) : POLL_MS);
    }
  }

  /** Waits `ms` of clock time, or until woken (a new change, the network back, `close()`). */
  #sleep(ms: number): Promise<void> {
    const { clock } = this.#deps;
    return new Promise((resolve) => {
      const done = () => {
        if (this.#timer !== undefined) clock.clearTimeout(this.#timer);
        this.#timer = undefined;
        this.#wake = undefined;
        resolve();
      };
      this.#wake = done;
      this.#timer = clock.setTimeout(done, ms);
    });
  }

  async #send({ row, user }: ClaimedRow): Promise<DeliveryOutcome> {
    const { queue, clock } = this.#deps;
    const seq = row.seq as number;
    const { claim } = row;
    const controller = new AbortController();
    let finished: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    this.#sends.set(seq, { controller, userScope: row.userScope, done });
    // The lease outlasts the request; should it not, the request is abandoned before another instance may send
    // the row again, so two sends of one row never overlap. Timed as a duration from the claim, just made: the
    // clock may have jumped since, and `leaseUntil - now` would then be off by the jump.
    const lapsed = () => controller.abort(abortError('The claim on this change lapsed'));
    const leaseTimer = clock.setTimeout(lapsed, this.#deps.leaseMs);
    // Judged by the lease, the others read it with the clock: so does the sender, and it stops sending as soon as
    // a clock jump ends the lease for them (it cannot recall a request already on the wire: the lock is the fix).
    const watch = this.#claims.watch(claim.leaseUntil, lapsed);
    let outcome: DeliveryOutcome;
    let failure: unknown;
    try {
      await queue.request(row.mutation.operation, this.#sendParams(row, user) as never, {
        priority: 'mutation',
        signal: controller.signal,
      });
      outcome = 'done';
    } catch (error) {
      outcome = controller.signal.aborted
        ? 'unknown'
        : this.#deps.shared.deliveryOutcome(row.mutation.operation, error);
      failure = error;
    } finally {
      clock.clearTimeout(leaseTimer);
      watch.stop();
    }
    // A guest cannot sign in as the same guest again (its scope is its session): its refused session is final.
    if (outcome === 'session' && !('session_id' in user.credentials)) outcome = 'failed';
    try {
      await this.#settlement.settle(row, claim, user, outcome, failure);
    } catch (error) {
      // The database closed under us (a reload): the claim lapses, and the row is sent again.
      this.#deps.logger.warn('catalogue-sync: could not record a change outcome', {
        idempotencyKey: row.idempotencyKey,
        error: this.#deps.shared.outboxError(error, 0).name,
      });
    } finally {
      this.#sends.delete(seq);
      this.#claims.settled(seq);
      finished();
    }
    return outcome;
  }

  /** The row's parameters plus its own user's credentials, the only place a session id meets a request. */
  #sendParams(row: OutboxRow, user: UserRow): Record<string, unknown> {
    const params: Record<string, unknown> = { ...row.mutation.params };
    const credentials = user.credentials;
    if ('session_id' in credentials) params.session_id = credentials.session_id;
    else if (this.#deps.shared.sendsGuestSession(row.mutation.operation)) {
      params.guest_session_id = credentials.guest_session_id;
    }
    return params;
  }

  #newKey(): string {
    const { clock, random } = this.#deps;
    const noise = Math.floor(random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
    return `m-${clock.now().toString(36)}-${noise}`;
  }
}
