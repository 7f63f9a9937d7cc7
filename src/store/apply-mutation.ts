import type { Table } from 'dexie';
import type { CatalogueDatabase } from './catalogue-database.js';
import type { Mutation, UndoStep } from './outbox-rows.js';
import type { EpisodeAccountStateRow, TvAccountStateRow, WatchlistPageRow } from './rows.js';

type Row = Record<string, unknown>;
type Key = UndoStep['key'];

/** The tables an optimistic change may touch: every enqueue and rollback transaction includes them. */
export function mutationTables(db: CatalogueDatabase): Table[] {
  return [db.outbox, db.lists, db.tvAccountStates, db.episodeAccountStates, db.watchlistPages, db.syncMeta];
}

/** The target's value a change sets: what coalescing compares with the baseline. */
export function targetValue(mutation: Mutation): unknown {
  switch (mutation.operation) {
    case 'markFavorite':
      return mutation.params.favorite;
    case 'addToWatchlist':
      return mutation.params.watchlist;
    case 'rateTvSeries':
    case 'rateEpisode':
      return { value: mutation.params.value };
    case 'deleteTvSeriesRating':
    case 'deleteEpisodeRating':
      return false;
    case 'removeListItem':
      return 'removed';
  }
}

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
): { table: Table; name: UndoStep['table']; key: Key } | undefined {
  const p = mutation.params as Record<string, number | string>;
  if (mutation.operation === 'rateEpisode' || mutation.operation === 'deleteEpisodeRating') {
    const key = [userScope, p.series_id, p.season_number, p.episode_number] as (string | number)[];
    return { table: db.episodeAccountStates, name: 'episodeAccountStates', key };
  }
  if (mutation.operation === 'removeListItem') return undefined;
  const tv = 'series_id' in p || p.media_type === 'tv';
  if (!tv) return undefined;
  const seriesId = (p.series_id ?? p.media_id) as number;
  return { table: db.tvAccountStates, name: 'tvAccountStates', key: [userScope, seriesId] };
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

function patchOf(mutation: Mutation): Row {
  const value = targetValue(mutation);
  if (mutation.operation === 'markFavorite') return { favorite: value };
  if (mutation.operation === 'addToWatchlist') return { watchlist: value };
  return { rated: value };
}

/**
 * Applies a change to the stored data that reflects it (a list's items, an account state, the watchlist pages),
 * inside the caller's transaction, and returns the rows as they were. Data that is not stored stays unstored: an
 * optimistic change never invents a record.
 */
export async function applyOptimistic(
  db: CatalogueDatabase,
  userScope: string,
  mutation: Mutation,
  only?: UndoStep['table'],
): Promise<UndoStep[]> {
  const wants = (table: UndoStep['table']) => only === undefined || only === table;
  if (mutation.operation === 'removeListItem') {
    return wants('lists') ? removeFromList(db, mutation.params.list_id, mutation.params.media_id) : [];
  }
  const undo: UndoStep[] = [];
  const target = accountStateTarget(db, userScope, mutation);
  if (target && wants(target.name)) {
    const row = (await target.table.get(target.key as never)) as Row | undefined;
    if (row) {
      undo.push({ table: target.name, key: target.key, row });
      await target.table.put({ ...row, ...patchOf(mutation) });
    }
  }
  const removesFromWatchlist =
    mutation.operation === 'addToWatchlist' && mutation.params.media_type === 'tv' && !mutation.params.watchlist;
  if (removesFromWatchlist && wants('watchlistPages')) {
    undo.push(...(await removeFromWatchlistPages(db, userScope, mutation.params.media_id)));
  }
  return undo;
}

async function removeFromList(db: CatalogueDatabase, listId: number, mediaId: number): Promise<UndoStep[]> {
  const row = await db.lists.get(listId);
  if (!row?.items.some((item) => item.id === mediaId)) return [];
  await db.lists.put({
    ...row,
    items: row.items.filter((item) => item.id !== mediaId),
    item_count: Math.max(0, row.item_count - 1),
  });
  return [{ table: 'lists', key: listId, row }];
}

/**
 * Drops a series from the stored pages of the user's TV watchlist (every sort order): the ids of the page that
 * lists it, and the totals of every page of a list that has it somewhere.
 */
async function removeFromWatchlistPages(
  db: CatalogueDatabase,
  userScope: string,
  seriesId: number,
): Promise<UndoStep[]> {
  const pages = (await db.watchlistPages.where('userScope').equals(userScope).toArray()).filter(
    (page) => page.operation === 'accountTvWatchlist',
  );
  const listing = new Set(pages.filter((page) => page.ids.includes(seriesId)).map((page) => page.listKey));
  const undo: UndoStep[] = [];
  for (const page of pages.filter((p) => listing.has(p.listKey))) {
    undo.push({ table: 'watchlistPages', key: [page.userScope, page.listKey, page.page], row: page as unknown as Row });
    const next: WatchlistPageRow = {
      ...page,
      ids: page.ids.filter((id) => id !== seriesId),
      total_results: Math.max(0, page.total_results - 1),
    };
    await db.watchlistPages.put(next);
  }
  return undo;
}

function tableOf(db: CatalogueDatabase, name: UndoStep['table']): Table {
  return db[name] as unknown as Table;
}

/** Puts back the rows an optimistic change replaced (in the caller's transaction). */
export async function rollBack(db: CatalogueDatabase, undo: readonly UndoStep[]): Promise<void> {
  // Newest first: when one row was touched twice, its oldest copy is the one left in place.
  for (const step of [...undo].reverse()) {
    const table = tableOf(db, step.table);
    if (step.row === null) await table.delete(step.key as never);
    else await table.put(step.row);
  }
}
