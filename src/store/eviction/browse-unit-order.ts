import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { readRef } from '../read-ref.js';
import type { SweepStore } from './sweep-store.js';

/** One stored browse response that eviction may remove, with what orders it. */
export interface BrowseUnit {
  readonly requestKey: string;
  readonly operation: string;
  readonly fetchedAt: number;
  /** When a view last read the response; `-Infinity` when never (never read = oldest). */
  readonly lastReadAt: number;
  /** Its ledger row's bytes, when a budget has accounted it. */
  readonly bytes: number | undefined;
  /** How many ids its list page holds (0 for a resource): sizes eviction transactions. */
  readonly ids: number;
}

/**
 * Every stored browse response, least recently read first: never read before read, then the oldest fetch, then
 * the request key (a total order, so eviction is deterministic). Reads only.
 */
export async function browseUnitsByAge(db: CatalogueDatabase, store: SweepStore): Promise<BrowseUnit[]> {
  const { isBrowseUnit, unitPageKey } = store;
  return db.transaction('r', [db.syncMeta, db.readMarks, db.sizeLedger, db.listPages], async () => {
    const metas = (await db.syncMeta.toArray()).filter(isBrowseUnit);
    const keys = metas.map((meta) => meta.requestKey);
    const pageKeys = metas.map(unitPageKey);
    const listed = pageKeys.filter((key): key is [string, number] => key !== undefined);
    const [marks, ledger, pages] = await Promise.all([
      db.readMarks.bulkGet(keys.map((key) => readRef('syncMeta', key))),
      db.sizeLedger.bulkGet(keys),
      db.listPages.bulkGet(listed),
    ]);
    let page = 0;
    const units = metas.map(
      (meta, i): BrowseUnit => ({
        requestKey: meta.requestKey,
        operation: meta.operation,
        fetchedAt: meta.fetchedAt,
        lastReadAt: marks[i]?.lastReadAt ?? Number.NEGATIVE_INFINITY,
        bytes: ledger[i]?.bytes,
        ids: pageKeys[i] === undefined ? 0 : (pages[page++]?.ids.length ?? 0),
      }),
    );
    return units.sort(
      (a, b) =>
        a.lastReadAt - b.lastReadAt ||
        a.fetchedAt - b.fetchedAt ||
        (a.requestKey < b.requestKey ? -1 : a.requestKey > b.requestKey ? 1 : 0),
    );
  });
}
