import type { CatalogueDatabase } from '../../store/database/catalogue-database.js';
import type { EpisodeNewsRow, EpisodeRow } from '../../store/tables/rows.js';
import type { NewEpisode, SeriesNews } from './news-types.js';

/** An `air_date` (`YYYY-MM-DD`) as the start of its day, UTC, in clock ms; NaN when it is not a date. */
function airTime(airDate: unknown): number {
  return typeof airDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(airDate)
    ? Date.parse(`${airDate}T00:00:00Z`)
    : Number.NaN;
}

interface Gathered {
  row: EpisodeRow | undefined;
  place: { series_id: number; season_number: number; episode_number: number };
  changed: Set<string>;
  changedAt: number;
  aired: boolean;
}

/**
 * Answers "what's new since `since`" for `seriesIds` from the store alone, in one read-only transaction: the news
 * rows applied after `since`, and the stored episodes of those series that aired in (since, now].
 */
export function newsSince(
  db: CatalogueDatabase,
  since: number,
  seriesIds: readonly number[],
  now: number,
): Promise<SeriesNews[]> {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db.transaction('r', [db.episodeNews, db.episodes, db.tvSeries, db.tvSeriesDetails], async () => {
    const [news, stored] = await Promise.all([
      db.episodeNews
        .where('series_id')
        .anyOf([...seriesIds])
        .filter((row) => row.appliedAt > since)
        .toArray(),
      db.episodes
        .where('show_id')
        .anyOf([...seriesIds])
        .toArray(),
    ]);
    const byEpisode = new Map<number, Gathered>();
    const storedById = new Map(stored.map((row) => [row.id, row]));
    const gather = (id: number, row: EpisodeRow | undefined, place: Gathered['place']): Gathered => {
      let entry = byEpisode.get(id);
      if (!entry) {
        entry = { row, place, changed: new Set(), changedAt: Number.NEGATIVE_INFINITY, aired: false };
        byEpisode.set(id, entry);
      }
      return entry;
    };
    for (const item of news as EpisodeNewsRow[]) {
      const entry = gather(item.episode_id, storedById.get(item.episode_id), item);
      for (const field of item.fields) entry.changed.add(field);
      entry.changedAt = Math.max(entry.changedAt, item.appliedAt);
    }
    for (const row of stored) {
      const aired = airTime(row.air_date);
      if (!(aired > since && aired <= now)) continue;
      const place = { series_id: row.show_id, season_number: row.season_number, episode_number: row.episode_number };
      gather(row.id, row, place).aired = true;
    }
    const bySeries = new Map<number, NewEpisode[]>();
    for (const [episode_id, entry] of byEpisode) {
      const episodes = bySeries.get(entry.place.series_id) ?? [];
      const aired = entry.aired ? airTime(entry.row?.air_date) : Number.NEGATIVE_INFINITY;
      episodes.push({
        episode_id,
        season_number: entry.row?.season_number ?? entry.place.season_number,
        episode_number: entry.row?.episode_number ?? entry.place.episode_number,
        name: entry.row?.name,
        air_date: entry.row?.air_date,
        changed: [...entry.changed].sort(),
        aired: entry.aired,
        at: Math.max(entry.changedAt, aired),
      });
      bySeries.set(entry.place.series_id, episodes);
    }
    const ids = [...bySeries.keys()];
    const [details, summaries] = await Promise.all([db.tvSeriesDetails.bulkGet(ids), db.tvSeries.bulkGet(ids)]);
    const answer = ids.map((series_id, i) => ({
      series_id,
      name: details[i]?.name ?? summaries[i]?.name,
      // Newest first; an episode's place breaks ties so the order never depends on the store's.
      episodes: (bySeries.get(series_id) as NewEpisode[]).sort(
        (a, b) => b.at - a.at || b.season_number - a.season_number || b.episode_number - a.episode_number,
      ),
    }));
    return answer.sort((a, b) => (b.episodes[0]?.at ?? 0) - (a.episodes[0]?.at ?? 0) || a.series_id - b.series_id);
  });
}
