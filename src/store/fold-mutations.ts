import type { Mutation } from './outbox-rows.js';
import type { WatchlistPageRow } from './rows.js';

type Row = Record<string, unknown>;

/** The service's page size for account lists. */
const PAGE_SIZE = 20;

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

/** An account state row (series or episode) with the changes applied in order. */
export function foldAccountState(base: Row, mutations: readonly Mutation[]): Row {
  let row = base;
  for (const mutation of mutations) {
    const value = targetValue(mutation);
    if (mutation.operation === 'markFavorite') row = { ...row, favorite: value };
    else if (mutation.operation === 'addToWatchlist') row = { ...row, watchlist: value };
    else if (mutation.operation !== 'removeListItem') row = { ...row, rated: value };
  }
  return row;
}

/** A stored list (`listDetails`) with the removals applied: an item not on it is nothing to remove. */
export function foldList(base: Row, mutations: readonly Mutation[]): Row {
  let row = base as Row & { items: { id: number }[]; item_count: number };
  for (const mutation of mutations) {
    if (mutation.operation !== 'removeListItem') continue;
    const { media_id } = mutation.params;
    if (!row.items.some((item) => item.id === media_id)) continue;
    row = {
      ...row,
      items: row.items.filter((item) => item.id !== media_id),
      item_count: Math.max(0, row.item_count - 1),
    };
  }
  return row;
}

/**
 * The stored pages of one watchlist (one `listKey`: a sort order) with the watchlist changes applied in order, as
 * the service would list them: a removal leaves the page that had it, an addition goes where the sort puts it
 * (`created_at.asc`, the default: the end of the last page; `created_at.desc`: the top of page 1, the rest moving
 * down). Totals follow. Pages 1..n that are stored one after another are laid out together; an addition whose place
 * is on a page not stored only counts in the totals. `shown(id)`: whether the series record is stored (a page
 * listing a series whose record is missing would read as missing, so such an addition counts but is not listed).
 */
export function foldWatchlistPages(
  base: readonly WatchlistPageRow[],
  mutations: readonly Mutation[],
  shown: (id: number) => boolean,
): WatchlistPageRow[] {
  if (base.length === 0) return [];
  const pages = [...base].sort((a, b) => a.page - b.page);
  let run = 0;
  while (run < pages.length && pages[run]?.page === run + 1) run += 1;
  const contiguous = pages.slice(0, run);
  const rest = pages.slice(run);
  const descending = (pages[0] as WatchlistPageRow).listKey.includes('created_at.desc');
  let ids = contiguous.flatMap((page) => page.ids);
  const restIds = rest.map((page) => [...page.ids]);
  let total = (pages[0] as WatchlistPageRow).total_results;
  // The page size as served (a full first page when more pages follow), else the service's 20.
  const pageSize = run > 1 && (contiguous[0]?.ids.length ?? 0) > 0 ? (contiguous[0]?.ids.length as number) : PAGE_SIZE;
  for (const mutation of mutations) {
    if (mutation.operation !== 'addToWatchlist' || mutation.params.media_type !== 'tv') continue;
    const id = mutation.params.media_id;
    const listed = ids.includes(id) || restIds.some((list) => list.includes(id));
    if (!mutation.params.watchlist) {
      if (!listed) continue;
      ids = ids.filter((other) => other !== id);
      for (const list of restIds) if (list.includes(id)) list.splice(list.indexOf(id), 1);
      total = Math.max(0, total - 1);
      continue;
    }
    if (listed) continue;
    total += 1;
    if (!shown(id)) continue;
    if (descending && run > 0) ids = [id, ...ids];
    // Ascending, it joins the last page: listed only when that page is stored (it may then run over, onto a page
    // that is not stored, and not be listed).
    else if (!descending && run > 0 && run >= Math.max(1, Math.ceil((total - 1) / pageSize))) ids = [...ids, id];
  }
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  const laidOut = contiguous.map((page, i) => {
    // Full pages stay full; the last stored page takes what is left of the stored run (at most a page).
    const start = i * pageSize;
    const last = i === contiguous.length - 1;
    const size = last ? Math.min(pageSize, Math.max(0, ids.length - start)) : pageSize;
    return { ...page, ids: ids.slice(start, start + size), total_results: total, total_pages: totalPages };
  });
  const others = rest.map((page, i) => ({
    ...page,
    ids: restIds[i] as (number | string)[],
    total_results: total,
    total_pages: totalPages,
  }));
  return [...laidOut, ...others];
}
