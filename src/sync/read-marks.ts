import type { Logger } from '../env.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { writeReadMarks } from '../store/eviction/touch-read.js';
import type { ReadRef } from '../store/read-ref.js';

/**
 * What views read, kept in memory until the engine writes anyway (after a pull, before a refresh orders its work,
 * before an eviction, at close): showing stored data never starts a write transaction of its own.
 */
export class ReadMarks {
  readonly #db: CatalogueDatabase;
  readonly #logger: Logger;
  #pending = new Map<ReadRef, number>();
  #flushing: Promise<void> = Promise.resolve();

  constructor(db: CatalogueDatabase, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  /** Notes that `refs` were read at `at` (the latest read of a ref wins). */
  note(refs: Iterable<ReadRef>, at: number): void {
    for (const ref of refs) this.#pending.set(ref, at);
  }

  /** Drops the noted reads of refs `names` picks (a signed-out user's), before they are written. */
  forget(names: (ref: ReadRef) => boolean): void {
    for (const ref of [...this.#pending.keys()]) if (names(ref)) this.#pending.delete(ref);
  }

  /** The read time noted for `ref` and not written yet. */
  pendingAt(ref: ReadRef): number | undefined {
    return this.#pending.get(ref);
  }

  /** Writes what was noted; never rejects (a lost read mark only costs eviction order). */
  flush(): Promise<void> {
    if (this.#pending.size === 0) return this.#flushing;
    const marks = this.#pending;
    this.#pending = new Map();
    this.#flushing = this.#flushing.then(() =>
      writeReadMarks(this.#db, marks).then(
        () => undefined,
        (error: unknown) => {
          // Closing the catalogue while it writes is expected.
          if (this.#db.isOpen()) this.#logger.warn('catalogue-sync: could not record reads', { error: String(error) });
        },
      ),
    );
    return this.#flushing;
  }
}
