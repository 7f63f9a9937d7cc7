import type { EpisodeChanges } from '../../api/schemas/episode-changes.js';
import type { CatalogueDatabase } from '../../store/database/catalogue-database.js';
import { CURSOR_OVERLAP_MS, pruneApplied } from '../../store/records/episode-cursors.js';
import { newsPlan, recordNews } from '../../store/records/episode-news.js';
import type { EpisodeCursorRow, EpisodeNewsRow, EpisodeRow } from '../../store/tables/rows.js';
import { WritePlan } from '../../store/write/write-plan.js';
import { dependentMetas, type EpisodePlace, markStale, placeOf } from './episode-dependents.js';
import {
  type EpisodeFields,
  isForeign,
  itemsInTimeOrder,
  patchEpisode,
  sameRow,
  type TimedItem,
} from './episode-patch.js';
import type { FeedStore } from './feed-store.js';

export interface ApplyInput {
  readonly episodeId: number;
  readonly feed: EpisodeChanges;
  /** When the feed was requested: the cursor moves there (never back). */
  readonly checkedAt: number;
  readonly language: string;
  readonly now: number;
  readonly store: FeedStore;
  /**
   * Where the episode sits (its stored row's series and season): the first answers a stale mark can change are
   * then its season's. Left out, a feed that may mark dependents stale invalidates every first answer.
   */
  readonly place?: EpisodePlace;
}

export interface ApplyResult {
  /** Keys that touched the store (patched fields, or dependents marked stale). */
  readonly keys: readonly string[];
  /** Whether the episode row was written. */
  readonly written: boolean;
  /** Freshness rows marked stale. */
  readonly staled: number;
}

const NOTHING: ApplyResult = { keys: [], written: false, staled: 0 };

/**
 * Applies one episode's feed in ONE transaction with its cursor: the items not applied before (by id, or older
 * than the cursor), in time order, as a patch of the stored row; dependents of unpatchable keys marked stale; the
 * cursor advanced. A crash leaves all of it or none of it, so a feed is never applied twice nor skipped, and
 * applying the same feed again finds every item already applied and changes nothing. What the applied items
 * changed is recorded as the episode's news, in that same transaction.
 */
export function applyEpisodeChanges(db: CatalogueDatabase, input: ApplyInput): Promise<ApplyResult> {
  // The news of the applied items goes in the same transaction (`episode-news.ts`).
  return input.store.writeThrough(db, planOf(db, input).and(newsPlan(db)), () => apply(db, input));
}

/**
 * What applying the feed may change, from the feed alone (no read): the episode's row (season details show it) and
 * its cursor. When an item may mark dependents stale (a patch's stale set depends on the items only, and the
 * transaction applies a subset of them): with the episode's place, the freshness rows it marks are those of its
 * season's responses, every one of which reads the season's row, so that row names them; without it, or when
 * tagged-image pages may be marked, which rows is only known inside the transaction: the tables, whole.
 */
function planOf(db: CatalogueDatabase, input: ApplyInput): WritePlan {
  const own = WritePlan.rows(db.episodes.name, [input.episodeId]).and(
    WritePlan.rows(db.episodeCursors.name, [input.episodeId]),
  );
  const marks = [db.syncMeta.name, db.taggedImages.name, db.listPages.name];
  const { stale } = patchEpisode({}, itemsInTimeOrder(input.feed), input.store.episodeFields);
  if (stale.size === 0) return own.and(WritePlan.reads(marks));
  if (stale.has('personTaggedImages') || input.place === undefined) return own.and(WritePlan.wholeTables(marks));
  const season = [input.place.show_id, input.place.season_number];
  return own.and(WritePlan.rows(db.seasons.name, [season]), WritePlan.reads(marks));
}

async function apply(db: CatalogueDatabase, input: ApplyInput): Promise<ApplyResult> {
  const [cursor, row] = await Promise.all([db.episodeCursors.get(input.episodeId), db.episodes.get(input.episodeId)]);
  if (!cursor || !row) return NOTHING;
  const seen = new Set(cursor.applied.map((item) => item.id));
  const fresh = itemsInTimeOrder(input.feed).filter(
    (item) =>
      !seen.has(item.id) &&
      !isForeign(item, input.language) &&
      // Older than the cursor's overlap: the row (or an earlier poll) already reflects it.
      !(item.at < cursor.checkedAt - CURSOR_OVERLAP_MS),
  );
  const checkedAt = Math.max(cursor.checkedAt, input.checkedAt);
  if (fresh.length === 0 && checkedAt === cursor.checkedAt) return NOTHING;
  const outcome = patchEpisode(row, fresh, input.store.episodeFields);
  const written = !sameRow(row, outcome.row);
  const metas =
    outcome.stale.size > 0
      ? await dependentMetas(db, placeOf(row as EpisodeRow), outcome.stale, input.store.listPageOf)
      : [];
  const applied = pruneApplied(
    [...cursor.applied, ...fresh.map((item) => ({ id: item.id, time: item.at }))],
    checkedAt,
  );
  await Promise.all([
    written ? db.episodes.put(outcome.row as EpisodeRow) : undefined,
    db.episodeCursors.put({ ...cursor, checkedAt, applied }),
    recordNews(db, newsOf(cursor, fresh, input.now, input.store.episodeFields), input.now),
  ]);
  const staled = await markStale(db, metas, input.now);
  return { keys: outcome.keys, written, staled };
}

/**
 * The news rows of applied items: one per change time, naming the episode's fields the items touched (an item
 * that touches none, a `created`, or a key the store does not keep, is no news).
 */
function newsOf(
  cursor: EpisodeCursorRow,
  items: readonly TimedItem[],
  appliedAt: number,
  episodeFields: EpisodeFields,
): EpisodeNewsRow[] {
  const byTime = new Map<number, Set<string>>();
  for (const item of items) {
    const { keys } = patchEpisode({}, [item], episodeFields);
    if (keys.length === 0 || Number.isNaN(item.at)) continue;
    const fields = byTime.get(item.at) ?? new Set<string>();
    for (const key of keys) fields.add(key === 'images' || key === 'still' ? 'still_path' : key);
    byTime.set(item.at, fields);
  }
  const { episode_id, series_id, season_number, episode_number } = cursor;
  return [...byTime].map(([at, fields]) => ({
    episode_id,
    at,
    series_id,
    season_number,
    episode_number,
    fields: [...fields].sort(),
    appliedAt,
  }));
}
