import type { Table } from 'dexie';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { Mutation } from '../tables/outbox-rows.js';
import type { EpisodeAccountStateRow, TvAccountStateRow } from '../tables/rows.js';

type Key = number | string | (string | number)[];

/** The coalescing target of a change: two changes with one key act on the same thing. */
export function coalesceKeyOf(mutation: Mutation): string {
  const p = mutation.params as Record<string, unknown>;
  switch (mutation.operation) {
    case 'removeListItem':
      return `list:${p.list_id}:${p.media_id}`;
    case 'markFavorite':
      return `favorite:${p.media_type}:${p.media_id}`;
    case 'addToWatchlist':
      return `watchlist:${p.media_type}:${p.media_id}`;
    case 'rateTvSeries':
    case 'deleteTvSeriesRating':
      return `rating:tv:${p.series_id}`;
    case 'rateEpisode':
    case 'deleteEpisodeRating':
      return `rating:episode:${p.series_id}:${p.season_number}:${p.episode_number}`;
  }
}

/** Where a change lands in the store, when stored data reflects it: the table and key of the row. */
function accountStateTarget(
  db: CatalogueDatabase,
  userScope: string,
  mutation: Mutation,
): { table: Table; key: Key } | undefined {
  const p = mutation.params as Record<string, number | string>;
  if (mutation.operation === 'rateEpisode' || mutation.operation === 'deleteEpisodeRating') {
    const key = [userScope, p.series_id, p.season_number, p.episode_number] as (string | number)[];
    return { table: db.episodeAccountStates, key };
  }
  if (mutation.operation === 'removeListItem') return undefined;
  const tv = 'series_id' in p || p.media_type === 'tv';
  if (!tv) return undefined;
  const seriesId = (p.series_id ?? p.media_id) as number;
  return { table: db.tvAccountStates, key: [userScope, seriesId] };
}

/** The stored value of the change's target before it, or undefined when nothing stored reflects it. */
export async function storedValue(db: CatalogueDatabase, userScope: string, mutation: Mutation): Promise<unknown> {
  const target = accountStateTarget(db, userScope, mutation);
  if (!target) return undefined;
  const row = (await target.table.get(target.key as never)) as TvAccountStateRow | EpisodeAccountStateRow | undefined;
  if (!row) return undefined;
  if (mutation.operation === 'markFavorite') return row.favorite;
  if (mutation.operation === 'addToWatchlist') return row.watchlist;
  return row.rated;
}
