import type { CatalogueDatabase } from '../store/database/catalogue-database.js';

/** The ledger is read again after this many writes of this instance: other tabs write the same database. */
const RESYNC_EVERY_WRITES = 64;

/**
 * The accounted size of browse data, as this instance knows it: the size ledger read once (after giving every
 * stored response a row, see `reconcileSizeLedger`), then kept up to date by this instance's own writes and
 * evictions, key by key. Setting a key's bytes is idempotent, so a write that the read already saw is not counted
 * twice. Reading the ledger costs one `toArray`, so it is not done per write.
 */
export class AccountedSize {
  readonly #db: CatalogueDatabase;
  /** `reconcileSizeLedger`, loaded with eviction's work: false when it could not load (tried again next read). */
  readonly #reconcile: () => Promise<boolean>;
  #ledger: Map<string, number> | undefined;
  #loading: Promise<Map<string, number>> | undefined;
  #total = 0;
  #reconciled = false;
  #writes = 0;

  constructor(db: CatalogueDatabase, reconcile: () => Promise<boolean>) {
    this.#db = db;
    this.#reconcile = reconcile;
  }

  /** The accounted bytes (reads the ledger when not known). */
  async total(): Promise<number> {
    await this.#map();
    return this.#total;
  }

  /** Notes a stored response's bytes; returns the accounted total after it. */
  async recordWrite(requestKey: string, bytes: number): Promise<number> {
    const map = await this.#map();
    // Replaced by a newer read meanwhile: that read saw the ledger, this write included or soon re-read.
    if (map === this.#ledger) {
      this.#total += bytes - (map.get(requestKey) ?? 0);
      map.set(requestKey, bytes);
    }
    if (++this.#writes % RESYNC_EVERY_WRITES === 0) this.invalidate();
    return this.#total;
  }

  /** Notes evicted responses. */
  forget(requestKeys: readonly string[]): void {
    const map = this.#ledger;
    if (!map) return;
    for (const key of requestKeys) {
      this.#total -= map.get(key) ?? 0;
      map.delete(key);
    }
  }

  /** The next question reads the ledger again (before an eviction decides, so other tabs' writes count). */
  invalidate(): void {
    this.#ledger = undefined;
  }

  #map(): Promise<Map<string, number>> {
    if (this.#ledger) return Promise.resolve(this.#ledger);
    this.#loading ??= this.#load().finally(() => {
      this.#loading = undefined;
    });
    return this.#loading;
  }

  async #load(): Promise<Map<string, number>> {
    // Unreconciled, the total counts fewer responses than are stored (never more): the next read tries again.
    if (!this.#reconciled) this.#reconciled = await this.#reconcile();
    const rows = await this.#db.sizeLedger.toArray();
    const map = new Map(rows.map((row) => [row.requestKey, row.bytes]));
    this.#total = rows.reduce((sum, row) => sum + row.bytes, 0);
    this.#ledger = map;
    return map;
  }
}
