import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { readSyncMeta } from '../store/records/sync-meta.js';
import type { SyncMetaRow } from '../store/tables/rows.js';

/**
 * Freshness rows read ahead for pulls about to start: a list's pages are read in one transaction before their
 * requests, instead of one read transaction per page just to learn each page's ETag. A row is used once, by the
 * next pull of its key; a stale one is harmless (at worst an unchanged answer is sent and written again).
 */
export class KnownFreshness {
  readonly #db: CatalogueDatabase;
  readonly #rows = new Map<string, SyncMetaRow | undefined>();

  constructor(db: CatalogueDatabase) {
    this.#db = db;
  }

  /** Reads the rows of `keys` at once; `forget` them when their pulls are done (or never started). */
  async readAhead(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    const rows = await this.#db.syncMeta.bulkGet(keys as string[]);
    for (const [i, key] of keys.entries()) this.#rows.set(key, rows[i]);
  }

  /** The key's row: the one read ahead (once), or a read now. */
  take(requestKey: string): Promise<SyncMetaRow | undefined> {
    if (!this.#rows.has(requestKey)) return readSyncMeta(this.#db, requestKey);
    const row = this.#rows.get(requestKey);
    this.#rows.delete(requestKey);
    return Promise.resolve(row);
  }

  forget(keys: Iterable<string>): void {
    for (const key of keys) this.#rows.delete(key);
  }
}
