import type { CatalogueDatabase } from './catalogue-database.js';
import type { ReadRef } from './read-ref.js';
import type { ReadMarkRow } from './rows.js';

/** A record's read time is written at most this often. */
export const READ_MARK_INTERVAL_MS = 3_600_000;

/**
 * Records that rows were read, for least-recently-read eviction. Batched (one transaction for all refs) and
 * lazy (a ref already marked within the hour is skipped). Read times live in their own table, so this never
 * re-runs a live view over the records; still, call it outside `liveQuery`, which must stay read-only.
 * Returns how many marks were written.
 */
export async function touchRead(db: CatalogueDatabase, refs: Iterable<ReadRef>, now: number): Promise<number> {
  if (!Number.isFinite(now)) throw new TypeError('touchRead: `now` must be a finite number (clock milliseconds)');
  const unique = [...new Set(refs)];
  if (unique.length === 0) return 0;
  return db.transaction('rw', db.readMarks, async () => {
    const marks = await db.readMarks.bulkGet(unique);
    const due: ReadMarkRow[] = [];
    for (const [i, ref] of unique.entries()) {
      const mark = marks[i];
      if (mark === undefined || now - mark.lastReadAt >= READ_MARK_INTERVAL_MS) due.push({ ref, lastReadAt: now });
    }
    if (due.length > 0) await db.readMarks.bulkPut(due);
    return due.length;
  });
}
