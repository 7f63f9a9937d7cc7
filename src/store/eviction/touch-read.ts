import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { ReadRef } from '../read-ref.js';
import type { ReadMarkRow } from '../tables/rows.js';
import { writeThrough } from '../write/write-gate.js';
import { WritePlan } from '../write/write-plan.js';

/** A record's read time is written at most this often. */
export const READ_MARK_INTERVAL_MS = 3_600_000;

/**
 * Records when rows were read, for least-recently-read eviction and `sync.refresh()`'s order: one transaction for
 * all of them, and lazy (a ref already marked within the hour is skipped). Read times live in their own table, so
 * this never re-runs a live view over the records. Returns how many marks were written.
 */
export async function writeReadMarks(db: CatalogueDatabase, marks: ReadonlyMap<ReadRef, number>): Promise<number> {
  if (marks.size === 0) return 0;
  for (const at of marks.values()) {
    if (!Number.isFinite(at)) throw new TypeError('writeReadMarks: read times must be finite (clock milliseconds)');
  }
  const refs = [...marks.keys()];
  return writeThrough(db, WritePlan.rows(db.readMarks.name, refs), async () => {
    const stored = await db.readMarks.bulkGet(refs);
    const due: ReadMarkRow[] = [];
    for (const [i, ref] of refs.entries()) {
      const at = marks.get(ref) as number;
      const mark = stored[i];
      if (mark === undefined || at - mark.lastReadAt >= READ_MARK_INTERVAL_MS) due.push({ ref, lastReadAt: at });
    }
    if (due.length > 0) await db.readMarks.bulkPut(due);
    return due.length;
  });
}

/** `writeReadMarks` for refs read at one time. */
export function touchRead(db: CatalogueDatabase, refs: Iterable<ReadRef>, now: number): Promise<number> {
  if (!Number.isFinite(now)) throw new TypeError('touchRead: `now` must be a finite number (clock milliseconds)');
  return writeReadMarks(db, new Map([...refs].map((ref) => [ref, now])));
}
