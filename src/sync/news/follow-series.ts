import type { SeriesSeason } from '../../api/schemas/tv-series-details.js';
import type { CatalogueDatabase } from '../../store/database/catalogue-database.js';
import type { SyncEngine } from '../sync-engine.js';
import type { FollowResult } from './news-types.js';

export interface FollowDeps {
  readonly db: CatalogueDatabase;
  readonly engine: SyncEngine;
}

/**
 * The latest season worth tracking: the highest numbered regular season that has episodes (an announced season
 * without any would track nothing while the current one airs), else the highest regular season.
 */
export function latestSeason(seasons: readonly SeriesSeason[]): number | undefined {
  const regular = seasons.filter((season) => season.season_number >= 1);
  const withEpisodes = regular.filter((season) => season.episode_count > 0);
  const pick = withEpisodes.length > 0 ? withEpisodes : regular;
  return pick.length === 0 ? undefined : Math.max(...pick.map((season) => season.season_number));
}

/**
 * Follows each series in turn, spending at most `maxRequests`: series details where they are not stored (they name
 * the latest season), then that season's details unless stored already. Background priority: following is never
 * what a screen waits for. Stored details are used as stored (`sync.refresh()` revalidates them when stale).
 */
export async function followSeries(
  deps: FollowDeps,
  seriesIds: readonly number[],
  maxRequests: number,
  signal: AbortSignal | undefined,
): Promise<FollowResult> {
  const { db, engine } = deps;
  const pullOptions = { priority: 'background' as const, signal };
  const followed: number[] = [];
  const remaining: number[] = [];
  const failed: { series_id: number; error: unknown }[] = [];
  let requests = 0;
  const stored = (key: string) => db.syncMeta.get(key).then((row) => row !== undefined);
  for (const series_id of seriesIds) {
    signal?.throwIfAborted();
    try {
      let details = await db.tvSeriesDetails.get(series_id);
      if (!details) {
        if (requests >= maxRequests) {
          remaining.push(series_id);
          continue;
        }
        requests += 1;
        await engine.pull('tvSeriesDetails', { series_id }, pullOptions);
        details = await db.tvSeriesDetails.get(series_id);
      }
      const season_number = details && latestSeason(details.seasons);
      if (season_number === undefined) {
        // Nothing aired or announced: nothing to track yet, and nothing owed.
        followed.push(series_id);
        continue;
      }
      const params = { series_id, season_number };
      if (!(await stored(engine.prepare('seasonDetails', params).requestKey))) {
        if (requests >= maxRequests) {
          remaining.push(series_id);
          continue;
        }
        requests += 1;
        await engine.pull('seasonDetails', params, pullOptions);
      }
      followed.push(series_id);
    } catch (error) {
      if (signal?.aborted) throw error;
      failed.push({ series_id, error });
    }
  }
  return { followed, remaining, failed, requests };
}
