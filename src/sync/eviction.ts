import type { EventEmitter } from 'eventemitter3';
import type { Clock, Logger } from '../env.js';
import { isQuotaExceededError } from '../errors/quota-exceeded-error.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { isBrowseOperation } from '../store/eviction/browse-units.js';
import { type SweepStore, sweepStore } from '../store/eviction/sweep-store.js';
import type { WriteResult } from '../store/records/write-response.js';
import { AccountedSize } from './accounted-size.js';
import type { CatalogueEvents } from './catalogue-events.js';
import type * as SweepModule from './sweep-browse-data.js';
import type { SweepReason } from './sweep-browse-data.js';

/** A budget is enforced down to this share of it, so that the next write does not evict again at once. */
export const LOW_WATER_MARK = 0.9;
/**
 * After a retry failed although browse data was evicted (the disk is full of something else), quota errors within
 * this time fail at once: evicting a quarter per failing write would empty the cache in a few writes for nothing.
 */
export const QUOTA_BACKOFF_MS = 60_000;

export interface EvictionDeps {
  readonly db: CatalogueDatabase;
  readonly emitter: EventEmitter<CatalogueEvents>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly maxBytes: number | undefined;
  /** Request keys being fetched or written now: never evicted. */
  readonly inFlightKeys: () => Iterable<string>;
  /** Runs before units are ordered (the engine writes the read marks it holds in memory). */
  readonly beforeEvict?: () => Promise<void>;
  /** Told after every write that went through quota recovery and succeeded: the store had room for it. */
  readonly afterWrite?: () => void;
  /**
   * Loads eviction's work (`sweep-browse-data.ts`), once: a chunk of its own on the main entry, asked for only when
   * an eviction is due or the ledger must measure what was stored without it. A failed load rejects.
   */
  readonly sweep: () => Promise<typeof SweepModule>;
}

/** Request keys kept out of eviction while some work needs them. */
export interface KeyHold {
  add(key: string): void;
  /** Lets the keys go and enforces the budget. */
  release(): Promise<void>;
}

/** One response's write, as the engine hands it over. */
export interface StoreWrite {
  readonly operation: string;
  readonly requestKey: string;
  readonly userScope: string | undefined;
  /** The bytes the write puts, or undefined when it puts none (a 304); only asked for when a budget is set. */
  readonly bytes: () => number | undefined;
  /** Writes the response (through the write gate, which recovers from a full disk), with `bytes` accounted if set. */
  readonly write: (bytes: number | undefined) => Promise<WriteResult>;
}

/**
 * Keeps browse data within the storage the store gets. Two triggers, one eviction (least recently read first,
 * see `sweepBrowseData`, loaded when the first eviction is due):
 * - a write fails with `QuotaExceededError` → evict a share of the browse responses → retry the write once; if
 *   that fails too, the original error is thrown (the failed write left nothing: one transaction), and quota
 *   errors fail at once for `QUOTA_BACKOFF_MS`.
 * - with `maxBytes`, every browse write is accounted in the size ledger (same transaction); when the accounted size
 *   passes the budget, evict down to `LOW_WATER_MARK` of it.
 * Evictions are single-flight: concurrent triggers share the one running.
 */
export class BrowseEviction {
  readonly #deps: EvictionDeps;
  readonly #store: SweepStore = sweepStore();
  /** Request keys held by running work (a `pullList` reads its pages back), counted per holder. */
  readonly #held = new Map<string, number>();
  #running: Promise<unknown> | undefined;
  readonly #accounted: AccountedSize;
  /**
   * Set when the budget could not be met because everything evictable is held (a `pullList` bigger than the
   * budget): later writes then skip the futile attempt, and the release of the holds enforces it.
   */
  #blockedByHolds = false;
  /** When a retry after a quota eviction last failed (clock ms). */
  #quotaFailedAt = Number.NEGATIVE_INFINITY;

  constructor(deps: EvictionDeps) {
    this.#deps = deps;
    // Measuring responses stored before a budget was set is eviction's work too: it comes with the sweep's chunk.
    this.#accounted = new AccountedSize(deps.db, async () => {
      const sweep = await this.#loadSweep('max-bytes');
      if (sweep) await sweep.reconcileSizeLedger(deps.db, this.#store);
      return sweep !== undefined;
    });
  }

  /** Runs a response's write: accounted when a budget is set, then the budget enforced. */
  async store(input: StoreWrite): Promise<WriteResult> {
    const { maxBytes } = this.#deps;
    const bytes =
      maxBytes !== undefined && isBrowseOperation(input.operation, input.userScope) ? input.bytes() : undefined;
    const result = await input.write(bytes);
    if (bytes !== undefined && result.outcome === 'stored') {
      const total = await this.#accounted.recordWrite(input.requestKey, bytes);
      if (total > (maxBytes as number) && !this.#blockedByHolds) await this.enforceBudget();
    }
    return result;
  }

  /**
   * Runs a write (one transaction, so a failed one leaves nothing); on a quota error evicts a share of the browse
   * responses and runs it once more. If that fails too, the error the store first gave is thrown, and quota errors
   * fail at once for `QUOTA_BACKOFF_MS`. The write gate runs every write of the store through it
   * (`setQuotaRecovery`): a response, a user's change in the outbox, a change-feed patch.
   */
  async retryOnQuota<T>(attempt: () => Promise<T>): Promise<T> {
    const succeeded = (result: T): T => {
      this.#deps.afterWrite?.();
      return result;
    };
    try {
      return succeeded(await attempt());
    } catch (error) {
      const { clock } = this.#deps;
      if (!isQuotaExceededError(error) || clock.now() - this.#quotaFailedAt < QUOTA_BACKOFF_MS) throw error;
      await this.#single(() => this.#evict({ reason: 'quota' }));
      try {
        return succeeded(await attempt());
      } catch {
        this.#quotaFailedAt = clock.now();
        // The caller reports the error the store first gave; the retry's is the same condition.
        throw error;
      }
    }
  }

  /** The accounted size of browse data (the ledger's sum, read now), for diagnostics and tests. */
  accountedBytes(): Promise<number> {
    this.#accounted.invalidate();
    return this.#accounted.total();
  }

  /**
   * Holds request keys out of eviction until `release()`, which then enforces the budget they may have kept it
   * over. Released holds never throw: a failed eviction is logged and leaves the store as it was.
   */
  hold(): KeyHold {
    const keys: string[] = [];
    return {
      add: (key) => {
        keys.push(key);
        this.#held.set(key, (this.#held.get(key) ?? 0) + 1);
      },
      release: async () => {
        for (const key of keys.splice(0)) {
          const left = (this.#held.get(key) ?? 1) - 1;
          if (left > 0) this.#held.set(key, left);
          else this.#held.delete(key);
        }
        this.#blockedByHolds = false;
        await this.enforceBudget().catch(() => {});
      },
    };
  }

  /** Brings the accounted size under the budget now (a `pullList` calls it when its pages are no longer held). */
  async enforceBudget(): Promise<void> {
    const { maxBytes } = this.#deps;
    if (maxBytes === undefined) return;
    await this.#single(async () => {
      const total = await this.accountedBytes();
      if (total <= maxBytes) return;
      const target = total - Math.floor(maxBytes * LOW_WATER_MARK);
      const now = this.#deps.clock.now();
      const evicted = await this.#evict({ reason: 'max-bytes', target, now });
      this.#blockedByHolds = evicted === 0 && this.#held.size > 0;
    });
  }

  /** Runs `work` unless an eviction is running, in which case it waits for that one instead. */
  async #single(work: () => Promise<unknown>): Promise<void> {
    if (this.#running) {
      await this.#running.catch(() => {});
      return;
    }
    const running = work().finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    await running;
  }

  /** Evicts least recently read units not held, as `why` asks; returns how many responses went. */
  async #evict(why: SweepReason): Promise<number> {
    const { inFlightKeys, beforeEvict } = this.#deps;
    const sweep = await this.#loadSweep(why.reason);
    if (!sweep) return 0;
    await beforeEvict?.();
    const held = new Set([...inFlightKeys(), ...this.#held.keys()]);
    const evicted = await sweep.sweepBrowseData({ ...this.#deps, store: this.#store }, why, held);
    this.#accounted.forget(evicted);
    return evicted.length;
  }

  /**
   * The sweep's module, or undefined when its chunk failed to load (offline, a deploy replaced it): logged, and
   * that eviction frees nothing, as one whose transaction failed; the next one loads it again.
   */
  async #loadSweep(reason: string): Promise<typeof SweepModule | undefined> {
    try {
      return await this.#deps.sweep();
    } catch (error) {
      this.#deps.logger.warn('catalogue-sync: eviction failed', {
        reason,
        error: String((error as Error)?.name ?? error),
      });
      return undefined;
    }
  }
}
