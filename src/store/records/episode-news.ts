import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { EpisodeNewsRow } from '../tables/rows.js';
import { WritePlan } from '../write/write-plan.js';

/**
 * How long an applied change stays answerable to "what's new" (30 days): past that, a person's "since your last
 * visit" has long moved on, and the table stays bounded by what the feeds bring in a month.
 */
export const NEWS_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * What recording news adds to a write's plan: the news table, whole, since pruning deletes a range of rows known
 * only inside the transaction. No first answer reads it, so it holds no answer's guard.
 */
export function newsPlan(db: CatalogueDatabase): WritePlan {
  return WritePlan.wholeTables([db.episodeNews.name]);
}

/**
 * Records applied changes and prunes what is past retention, inside the caller's transaction (the one applying
 * the changes: news never tells of a change the store does not hold, nor misses one it does).
 */
export async function recordNews(db: CatalogueDatabase, rows: readonly EpisodeNewsRow[], now: number): Promise<void> {
  await Promise.all([
    rows.length > 0 ? db.episodeNews.bulkPut([...rows]) : undefined,
    db.episodeNews
      .where('appliedAt')
      .below(now - NEWS_RETENTION_MS)
      .delete(),
  ]);
}
