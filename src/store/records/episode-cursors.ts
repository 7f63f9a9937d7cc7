import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { RecordTableName } from '../tables/record-tables.js';
import type { EpisodeCursorRow } from '../tables/rows.js';

/**
 * Change items near a cursor's time are kept by id for this long, because the feed's times have one-second
 * resolution and client and service clocks differ: an item this close to the last check may or may not have been
 * in the answer (or in the row fetched), so its id decides, not its time.
 */
export const CURSOR_OVERLAP_MS = 10 * 60 * 1000;

/** What a written row tells about an episode to track; `advance` when the row is the episode's data as of now. */
export interface CursorSeed {
  readonly episode_id: number;
  readonly series_id: number;
  readonly season_number: number;
  readonly episode_number: number;
  readonly advance: boolean;
}

type Row = Record<string, unknown>;

/**
 * The episodes a response writes (an episode row is the episode as of now) or names (an account state carries the
 * episode's id, but not its data: the cursor is created, never advanced, by it).
 */
export function cursorSeedsOf(batches: readonly { table: RecordTableName; rows: readonly Row[] }[]): CursorSeed[] {
  const seeds: CursorSeed[] = [];
  for (const batch of batches) {
    if (batch.table === 'episodes') {
      for (const row of batch.rows) {
        seeds.push({
          episode_id: row.id as number,
          series_id: row.show_id as number,
          season_number: row.season_number as number,
          episode_number: row.episode_number as number,
          advance: true,
        });
      }
    } else if (batch.table === 'episodeAccountStates') {
      for (const row of batch.rows) {
        if (typeof row.id !== 'number') continue;
        seeds.push({
          episode_id: row.id,
          series_id: row.series_id as number,
          season_number: row.season_number as number,
          episode_number: row.episode_number as number,
          advance: false,
        });
      }
    }
  }
  return seeds;
}

/** Keeps only the applied ids a later poll could still see again (see `CURSOR_OVERLAP_MS`). */
export function pruneApplied(applied: EpisodeCursorRow['applied'], checkedAt: number): EpisodeCursorRow['applied'] {
  return applied.filter((item) => item.time >= checkedAt - CURSOR_OVERLAP_MS);
}

/**
 * The cursor rows to put for `seeds`, given the stored ones (same order): a missing cursor starts at `now`; an
 * advancing seed moves an older cursor to `now`. Undefined entries need no write.
 */
export function nextCursors(
  seeds: readonly CursorSeed[],
  stored: readonly (EpisodeCursorRow | undefined)[],
  now: number,
): EpisodeCursorRow[] {
  const out: EpisodeCursorRow[] = [];
  for (const [i, seed] of seeds.entries()) {
    const cursor = stored[i];
    const position = {
      episode_id: seed.episode_id,
      series_id: seed.series_id,
      season_number: seed.season_number,
      episode_number: seed.episode_number,
    };
    if (!cursor) out.push({ ...position, checkedAt: now, applied: [] });
    else if (seed.advance && cursor.checkedAt < now) {
      out.push({ ...cursor, ...position, checkedAt: now, applied: pruneApplied(cursor.applied, now) });
    }
  }
  return out;
}

/** Starts reading the cursors of `seeds` (inside the caller's transaction). */
export function readCursors(db: CatalogueDatabase, seeds: readonly CursorSeed[]) {
  return db.episodeCursors.bulkGet(seeds.map((seed) => seed.episode_id));
}
