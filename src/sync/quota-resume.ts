import type { Clock, StorageEstimator, TimerHandle } from '../env.js';
import { isQuotaExceededError } from '../errors/quota-exceeded-error.js';

/** While the outbox is stopped by a full disk, how often the storage estimate is asked (clock ms). */
export const QUOTA_RECHECK_MS = 30_000;
/** The room an estimate must show before the outbox tries again: a claim and an outcome are a few kilobytes. */
export const QUOTA_ROOM_BYTES = 1024 * 1024;

export interface QuotaResumeDeps {
  readonly clock: Clock;
  readonly estimate: StorageEstimator;
  /** Starts the outbox's drain again. */
  readonly resume: () => void;
}

/**
 * Restarts an outbox drain that a full disk stopped, without waiting for another trigger (a new change, the
 * network back, a reload): at the next write of the store that succeeds (there is room again), or when the storage
 * estimate, asked every `QUOTA_RECHECK_MS` while stopped, shows `QUOTA_ROOM_BYTES` free. Where there is no
 * estimate, the drain is simply tried again at that pace (a refused claim writes nothing).
 *
 *   running ──drain failed on quota──▶ stopped ──write succeeded / estimate shows room / no estimate──▶ running
 */
export class QuotaResume {
  readonly #deps: QuotaResumeDeps;
  #stopped = false;
  #closed = false;
  #timer: TimerHandle | undefined;

  constructor(deps: QuotaResumeDeps) {
    this.#deps = deps;
  }

  /** Whether the drain waits for storage to be freed. */
  get stopped(): boolean {
    return this.#stopped;
  }

  /** The drain failed: when on a full disk, watch for room. */
  drainFailed(error: unknown): void {
    if (this.#closed || !isQuotaExceededError(error)) return;
    this.#stopped = true;
    this.#schedule();
  }

  /** A write of the store succeeded: there is room again. */
  written(): void {
    if (this.#stopped) this.#resume();
  }

  close(): void {
    this.#closed = true;
    this.#stopped = false;
    this.#clear();
  }

  #schedule(): void {
    this.#clear();
    this.#timer = this.#deps.clock.setTimeout(() => {
      this.#timer = undefined;
      void this.#check();
    }, QUOTA_RECHECK_MS);
  }

  async #check(): Promise<void> {
    if (!this.#stopped || this.#closed) return;
    const figures = await this.#deps.estimate().catch(() => undefined);
    if (!this.#stopped || this.#closed) return;
    const { usage, quota } = figures ?? {};
    const known = typeof usage === 'number' && typeof quota === 'number';
    if (!known || quota - usage >= QUOTA_ROOM_BYTES) this.#resume();
    else this.#schedule();
  }

  #resume(): void {
    this.#stopped = false;
    this.#clear();
    this.#deps.resume();
  }

  #clear(): void {
    if (this.#timer !== undefined) this.#deps.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}
