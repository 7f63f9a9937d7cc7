import { isServiceError } from '../../errors/service-error.js';
import type { CatalogueDatabase } from '../../store/database/catalogue-database.js';
import type { SyncEngine } from '../sync-engine.js';
import type { TrackSeriesOptions } from './change-feed-options.js';

export interface TrackingDeps {
  readonly db: CatalogueDatabase;
  readonly engine: SyncEngine;
}

/**
 * Tracks an episode: a stored episode already carries a cursor (every stored episode does); one not stored is
 * fetched with its season's details when its place is given.
 */
export async function trackEpisode(
  deps: TrackingDeps,
  episodeId: number,
  place?: { series_id: number; season_number: number },
): Promise<void> {
  if (!(Number.isSafeInteger(episodeId) && episodeId >= 1)) {
    throw new TypeError(`track.episode: episode id must be a positive integer, got ${String(episodeId)}`);
  }
  const { db, engine } = deps;
  if (await db.episodeCursors.get(episodeId)) return;
  if (!place) {
    throw new TypeError(
      `track.episode: episode ${episodeId} is not stored; pass { series_id, season_number } to fetch its season`,
    );
  }
  await engine.pull('seasonDetails', { series_id: place.series_id, season_number: place.season_number });
  if (!(await db.episodeCursors.get(episodeId))) {
    throw new TypeError(
      `track.episode: season ${place.season_number} of series ${place.series_id} has no episode ${episodeId}`,
    );
  }
}

/**
 * Tracks every episode of a series by fetching its seasons' details (each stored episode gets a cursor).
 * Returns the seasons fetched and the number of episodes now tracked for the series.
 */
export async function trackSeries(
  deps: TrackingDeps,
  seriesId: number,
  options: TrackSeriesOptions = {},
): Promise<{ seasons: number[]; episodes: number }> {
  if (!(Number.isSafeInteger(seriesId) && seriesId >= 1)) {
    throw new TypeError(`track.series: series id must be a positive integer, got ${String(seriesId)}`);
  }
  const { engine, db } = deps;
  const pullOptions = { signal: options.signal };
  const seasons: number[] = [];
  if (options.seasons) {
    await Promise.all(
      options.seasons.map((season_number) =>
        engine.pull('seasonDetails', { series_id: seriesId, season_number }, pullOptions),
      ),
    );
    seasons.push(...options.seasons);
  } else {
    for (let season_number = 1; ; season_number++) {
      try {
        await engine.pull('seasonDetails', { series_id: seriesId, season_number }, pullOptions);
      } catch (error) {
        // The first missing season after season 1 ends the series; a 404 for season 1 (an unknown series, or one
        // with specials only) is the caller's to see. Season 0 (specials) is fetched only when asked for.
        if (isServiceError(error) && error.status === 404 && season_number > 1) break;
        throw error;
      }
      seasons.push(season_number);
    }
  }
  const episodes = await db.episodeCursors.where('series_id').equals(seriesId).count();
  return { seasons, episodes };
}
