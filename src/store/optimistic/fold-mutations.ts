import type { Mutation } from '../tables/outbox-rows.js';
import type { WatchlistPageRow } from '../tables/rows.js';
import type { AccountListSpec } from './account-lists.js';

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

/** An item of a folded list: its id and the presentation fields its page keeps for it (`itemExtras`). */
interface Entry {
  id: number | string;
  extras: Record<string, unknown> | undefined;
}

function entriesOf(page: WatchlistPageRow): Entry[] {
  return page.ids.map((id, i) => ({ id, extras: page.itemExtras?.[i] }));
}

/**
 * The page with `entries` laid out on it, the totals, and `unlisted` (the lowest page only); `itemExtras` and
 * `unlisted` only when there are some.
 */
function withEntries(
  page: WatchlistPageRow,
  entries: readonly Entry[],
  totals: { total: number; totalPages: number; unlisted: readonly Entry[] | undefined },
) {
  const row: WatchlistPageRow = {
    ...page,
    ids: entries.map((entry) => entry.id),
    total_results: totals.total,
    total_pages: totals.totalPages,
  };
  const extras: Record<number, Record<string, unknown>> = {};
  entries.forEach((entry, i) => {
    if (entry.extras !== undefined) extras[i] = entry.extras;
  });
  // Assigned over the spread key (its place in the row is kept) or deleted: an unchanged page stays equal.
  if (Object.keys(extras).length > 0) row.itemExtras = extras;
  else delete row.itemExtras;
  if (totals.unlisted !== undefined && totals.unlisted.length > 0) {
    row.unlisted = totals.unlisted.map(({ id, extras }) => (extras === undefined ? { id } : { id, extras }));
  } else delete row.unlisted;
  return row;
}

/**
 * The stored pages of one account list (one `listKey`: a sort order) with the changes that act on it applied in
 * order, as the service would list them: a removal leaves the page that had it, an addition goes where the sort
 * puts it (`created_at.asc`, the default: the end of the last page; `created_at.desc`: the top of page 1, the rest
 * moving down), and a change of an item's fields (rating again) keeps its place. Totals follow. Pages 1..n that are
 * stored one after another are laid out together; an addition whose place is on a page not stored, or that runs
 * over the last stored page, counts in the totals and is kept as `unlisted` on the lowest page (a known member that
 * no stored page shows). `shown(id)`: whether the record is stored (a page listing a record that is missing would
 * read as missing, so such an addition is unlisted too).
 */
export function foldAccountListPages(
  base: readonly WatchlistPageRow[],
  mutations: readonly Mutation[],
  spec: AccountListSpec,
  shown: (id: number) => boolean,
): WatchlistPageRow[] {
  if (base.length === 0) return [];
  const pages = [...base].sort((a, b) => a.page - b.page);
  let run = 0;
  while (run < pages.length && pages[run]?.page === run + 1) run += 1;
  const contiguous = pages.slice(0, run);
  const rest = pages.slice(run);
  const descending = (pages[0] as WatchlistPageRow).listKey.includes('created_at.desc');
  let entries = contiguous.flatMap(entriesOf);
  const restEntries = rest.map(entriesOf);
  let unlisted: Entry[] = ((pages[0] as WatchlistPageRow).unlisted ?? []).map(({ id, extras }) => ({ id, extras }));
  const isUnlisted = (id: number) => unlisted.some((entry) => entry.id === id);
  let total = (pages[0] as WatchlistPageRow).total_results;
  // The page size as served (a full first page when more pages follow), else the service's 20.
  const pageSize = run > 1 && (contiguous[0]?.ids.length ?? 0) > 0 ? (contiguous[0]?.ids.length as number) : PAGE_SIZE;
  const find = (id: number) =>
    entries.find((entry) => entry.id === id) ?? restEntries.flat().find((entry) => entry.id === id);
  for (const mutation of mutations) {
    const effect = spec.effect(mutation);
    if (!effect) continue;
    const { id } = effect;
    const listed = find(id);
    if (!effect.listed) {
      if (!listed && !isUnlisted(id)) continue;
      entries = entries.filter((entry) => entry.id !== id);
      for (const list of restEntries) {
        const at = list.findIndex((entry) => entry.id === id);
        if (at >= 0) list.splice(at, 1);
      }
      unlisted = unlisted.filter((entry) => entry.id !== id);
      total = Math.max(0, total - 1);
      continue;
    }
    const extras = effect.fields === undefined ? undefined : { ...effect.fields };
    if (listed || isUnlisted(id)) {
      // Already on the list: only its fields change (a new rating), in every place it is.
      if (extras !== undefined) {
        for (const entry of [...entries, ...restEntries.flat(), ...unlisted]) {
          if (entry.id === id) entry.extras = { ...entry.extras, ...extras };
        }
      }
      continue;
    }
    total += 1;
    const entry = { id, extras };
    // Descending, it tops page 1; ascending, it joins the last page, listed only when that page is stored.
    const placed = descending ? run > 0 : run > 0 && run >= Math.max(1, Math.ceil((total - 1) / pageSize));
    if (!shown(id) || !placed) unlisted.push(entry);
    else if (descending) entries = [entry, ...entries];
    else entries = [...entries, entry];
  }
  const totalPages = Math.max(1, Math.ceil(total / pageSize));
  // Full pages stay full; the last stored page takes what is left of the stored run (at most a page), and what runs
  // over it is unlisted.
  const room = contiguous.length * pageSize;
  unlisted = [...unlisted, ...entries.slice(room)];
  const lowest = (page: WatchlistPageRow) => page === pages[0];
  const totalsOf = (page: WatchlistPageRow) => ({ total, totalPages, unlisted: lowest(page) ? unlisted : undefined });
  const laidOut = contiguous.map((page, i) =>
    withEntries(page, entries.slice(i * pageSize, (i + 1) * pageSize), totalsOf(page)),
  );
  const others = rest.map((page, i) => withEntries(page, restEntries[i] as Entry[], totalsOf(page)));
  return [...laidOut, ...others];
}
