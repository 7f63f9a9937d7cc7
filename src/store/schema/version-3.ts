import type { Transaction } from 'dexie';

/**
 * Version 3: a change-feed cursor per tracked episode (`episodeCursors`, keyed by episode id, indexed by series so
 * `tvChanges` answers "which tracked episodes belong to these series", and by `checkedAt` so the oldest come
 * first). Only the new table is listed; Dexie carries the others over from version 2.
 */
export const version3Stores = {
  episodeCursors: 'episode_id, series_id, checkedAt',
} as const;

/**
 * Every episode already stored gets a cursor. Version 2 recorded no time per episode, so the cursor starts at 0:
 * older than any change window, which sends the episode down the 14-day fallback (its stored resources are
 * revalidated once) rather than pretending it is up to date. An episode that has a cursor keeps it, so running this
 * on a later version's database changes nothing (every episode there is written with its cursor).
 */
export async function upgradeToVersion3(tx: Transaction): Promise<void> {
  const episodes = (await tx.table('episodes').toArray()) as {
    id: number;
    show_id: number;
    season_number: number;
    episode_number: number;
  }[];
  const tracked = new Set((await tx.table('episodeCursors').toCollection().primaryKeys()) as number[]);
  await tx.table('episodeCursors').bulkPut(
    episodes
      .filter((row) => !tracked.has(row.id))
      .map((row) => ({
        episode_id: row.id,
        series_id: row.show_id,
        season_number: row.season_number,
        episode_number: row.episode_number,
        checkedAt: 0,
        applied: [],
      })),
  );
}
