import type { EventEmitter } from 'eventemitter3';
import type { Clock, Logger } from '../env.js';
import type { CatalogueDatabase } from '../store/catalogue-database.js';
import { setQuotaRecovery } from '../store/write-gate.js';
import type { WriteResult } from '../store/write-response.js';
import type { CatalogueEvents } from './catalogue-events.js';
import { BrowseEviction, type KeyHold, type StoreWrite } from './eviction.js';

export interface EvictionLendingDeps {
  readonly db: CatalogueDatabase;
  readonly emitter: EventEmitter<CatalogueEvents>;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly maxBytes: number | undefined;
  /** Request keys being fetched or written (the engine's entries): never evicted from under their write. */
  readonly inFlightKeys: () => Iterable<string>;
  /** What views read, held in memory: written before units are ordered by their last read. */
  readonly flushReads: () => Promise<void>;
}

/**
 * What the engine's writes borrow from the storage budget: each response write goes through `store` (accounted
 * against `maxBytes`, evicting first when a full disk refuses it), work that reads its pages back holds them with
 * `hold`, and `onWritten` hears of every write that had room. Every write of the store, the engine's or not,
 * recovers from a full disk through the same eviction (the write gate runs it).
 */
export class EvictionLending {
  readonly #eviction: BrowseEviction;
  readonly #writeListeners = new Set<() => void>();

  constructor(deps: EvictionLendingDeps) {
    const { db, emitter, clock, logger, maxBytes } = deps;
    this.#eviction = new BrowseEviction({
      db,
      emitter,
      clock,
      logger,
      maxBytes,
      inFlightKeys: deps.inFlightKeys,
      beforeEvict: deps.flushReads,
      afterWrite: () => {
        for (const listener of [...this.#writeListeners]) listener();
      },
    });
    setQuotaRecovery(db, (attempt) => this.#eviction.retryOnQuota(attempt));
  }

  /** Writes one response within the budget (see `BrowseEviction.store`). */
  store(write: StoreWrite): Promise<WriteResult> {
    return this.#eviction.store(write);
  }

  /** Keeps request keys out of eviction until released; the release enforces the budget. */
  hold(): KeyHold {
    return this.#eviction.hold();
  }

  /** Calls `listener` after every store write that succeeded; returns the function that stops it. */
  onWritten(listener: () => void): () => void {
    this.#writeListeners.add(listener);
    return () => this.#writeListeners.delete(listener);
  }
}
