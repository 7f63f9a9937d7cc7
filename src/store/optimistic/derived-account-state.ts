import type { AccountState } from '../../api/index.js';
import { pageRequestKey } from '../page-request-key.js';
import { type ReadRef, readRef } from '../read-ref.js';
import type { OutboxRow } from '../tables/outbox-rows.js';
import type { RowReader } from '../tables/row-reader.js';
import type { SyncMetaRow, WatchlistPageRow } from '../tables/rows.js';
import { foldAccountState } from './fold-mutations.js';
import { refOf } from './optimistic-state.js';

/**
 * A series' account state derived from the account's TV lists, so that a screen of 20 hearts costs the lists'
 * pages instead of 20 `account_states` requests.
 *
 * The rule: a list says `true` for what it lists, and `false` for what it does not list only when the whole list is
 * stored (pages 1..n of one sort order, for the user, together knowing every item the totals count).
 * The state is the three lists as the service served them (the pages' optimistic bases while changes wait: see
 * `optimistic-state.ts`) with the user's unsettled changes of that series applied on top, in order — the same
 * changes a stored `tvAccountStates` row shows. While one list is not whole, there is no derived state: the series'
 * own `account_states` answers, as before.
 */

/** The lists a series' state is derived from, and the field each one answers. */
export const DERIVED_SOURCES = [
  { operation: 'accountTvFavorites', field: 'favorite' },
  { operation: 'accountTvWatchlist', field: 'watchlist' },
  { operation: 'accountTvRated', field: 'rated' },
] as const;

export type DerivedSourceOperation = (typeof DERIVED_SOURCES)[number]['operation'];

/** The tables a derived read reads, besides the series' own row. */
export const DERIVED_TABLES = ['watchlistPages', 'outboxBase', 'outbox', 'syncMeta'] as const;

/** One of the account's lists, stored whole (pages 1..total_pages of one `listKey`), as the service served it. */
export interface WholeList {
  readonly operation: DerivedSourceOperation;
  readonly listKey: string;
  readonly pages: readonly WatchlistPageRow[];
  /** The freshness row of each page, in page order. */
  readonly metas: readonly SyncMetaRow[];
}

/** The whole TV lists of a user (one per source), when every source has one, and what the read touched. */
export interface WholeLists {
  readonly lists: readonly WholeList[];
  /** The oldest page's fetch time and the first page's expiry: the derived answer is as fresh as its stalest page. */
  readonly fetchedAt: number;
  readonly expiresAt: number;
  readonly refs: readonly ReadRef[];
}

/** `["scope","accountTv` as a prefix of the JSON keys of the user's TV list pages (their outbox-base refs). */
function listRefPrefix(userScope: string): string {
  return refOf('watchlistPages', [userScope, 'accountTv']).slice(0, -2);
}

function isSource(operation: string): operation is DerivedSourceOperation {
  return DERIVED_SOURCES.some((source) => source.operation === operation);
}

/** Every member a page knows: those it lists, and those a change put on the list that it cannot show. */
function membersOf(page: WatchlistPageRow): { id: number | string; extras: Record<string, unknown> | undefined }[] {
  return [
    ...page.ids.map((id, i) => ({ id, extras: page.itemExtras?.[i] })),
    ...(page.unlisted ?? []).map(({ id, extras }) => ({ id, extras })),
  ];
}

/**
 * Pages 1..n of one list key stored one after another, when together they know every member the list's totals
 * count: then what they do not know is not on the list.
 */
function wholePages(pages: readonly WatchlistPageRow[]): WatchlistPageRow[] | undefined {
  const byPage = new Map(pages.map((page) => [page.page, page]));
  const first = byPage.get(1);
  if (!first) return undefined;
  // Up to the last page page 1 counts: a page past it is left from when the list was longer.
  const run: WatchlistPageRow[] = [];
  for (let page = 1; page <= Math.max(1, first.total_pages) && byPage.has(page); page++) {
    run.push(byPage.get(page) as WatchlistPageRow);
  }
  // Pages fetched at different times may disagree on the totals (the list changed between them): the largest
  // counts, so a list that grew meanwhile is not taken for whole. An item the totals count that no page knows (a
  // page that shifted between fetches) could be the series asked about.
  const total = Math.max(...pages.map((page) => page.total_results));
  const known = new Set(run.flatMap((page) => membersOf(page).map((member) => member.id)));
  return known.size >= total ? run : undefined;
}

/**
 * The user's whole TV lists as served, or undefined when one of the three has no whole sort order stored. Reads
 * through `reader` only (safe in a live query, which then re-runs when any of these rows changes).
 */
export async function readWholeLists(reader: RowReader, userScope: string): Promise<WholeLists | undefined> {
  const prefix = listRefPrefix(userScope);
  const [stored, bases] = (await Promise.all([
    reader.range('watchlistPages', null, [userScope, 'accountTv'], [userScope, 'accountTv\uffff']),
    reader.range('outboxBase', null, prefix, `${prefix}\uffff`),
  ])) as [WatchlistPageRow[], { ref: string; row: WatchlistPageRow }[]];
  // While changes wait, a page's base is what the service served (and confirmed since): the changes are applied
  // to the series' state below, from the outbox, so that a pending addition never makes a whole list look partial.
  const baseByRef = new Map(bases.map((base) => [base.ref, base.row]));
  const byListKey = new Map<string, WatchlistPageRow[]>();
  for (const page of stored) {
    if (!isSource(page.operation)) continue;
    const served = baseByRef.get(refOf('watchlistPages', [page.userScope, page.listKey, page.page])) ?? page;
    byListKey.set(page.listKey, [...(byListKey.get(page.listKey) ?? []), served]);
  }
  const candidates = [...byListKey.entries()].flatMap(([listKey, pages]) => {
    const whole = wholePages(pages);
    return whole ? [{ listKey, operation: (whole[0] as WatchlistPageRow).operation, pages: whole }] : [];
  });
  const metaKeys = candidates.map((candidate) =>
    candidate.pages.map((page) => pageRequestKey(candidate.listKey, page.page, userScope)),
  );
  const metas = (await reader.bulkGet('syncMeta', metaKeys.flat())) as (SyncMetaRow | undefined)[];
  type Found = WholeList & { expiresAt: number; fetchedAt: number };
  const best = new Map<DerivedSourceOperation, Found>();
  let offset = 0;
  for (const candidate of candidates) {
    const rows = metas.slice(offset, offset + candidate.pages.length);
    offset += candidate.pages.length;
    // A page without a freshness row (or with only an error recorded) was never fetched whole: not usable.
    if (rows.some((meta) => meta === undefined || meta.fetchedAt <= 0)) continue;
    const pageMetas = rows as SyncMetaRow[];
    const found: Found = {
      operation: candidate.operation as DerivedSourceOperation,
      listKey: candidate.listKey,
      pages: candidate.pages,
      metas: pageMetas,
      expiresAt: Math.min(...pageMetas.map((meta) => meta.expiresAt)),
      fetchedAt: Math.min(...pageMetas.map((meta) => meta.fetchedAt)),
    };
    const current = best.get(found.operation);
    // Two whole sort orders of one list: the fresher answers.
    if (!current || found.expiresAt > current.expiresAt) best.set(found.operation, found);
  }
  const lists = DERIVED_SOURCES.map((source) => best.get(source.operation));
  if (lists.some((list) => list === undefined)) return undefined;
  const whole = lists as Found[];
  const refs = whole.flatMap((list) =>
    list.pages.flatMap((page, i) => [
      readRef('watchlistPages', [userScope, list.listKey, page.page]),
      readRef('syncMeta', (list.metas[i] as SyncMetaRow).requestKey),
    ]),
  );
  return {
    lists: whole.map(({ operation, listKey, pages, metas: rows }) => ({ operation, listKey, pages, metas: rows })),
    fetchedAt: Math.min(...whole.map((list) => list.fetchedAt)),
    expiresAt: Math.min(...whole.map((list) => list.expiresAt)),
    refs,
  };
}

/** The series' state in the whole lists as served, or undefined when a rated item carries no rating. */
function servedState(lists: readonly WholeList[], seriesId: number): AccountState | undefined {
  const state: Record<string, unknown> = { id: seriesId };
  for (const { operation, field } of DERIVED_SOURCES) {
    const list = lists.find((candidate) => candidate.operation === operation) as WholeList;
    let item: { extras: Record<string, unknown> | undefined } | undefined;
    for (const page of list.pages) {
      item = membersOf(page).find((member) => member.id === seriesId);
      if (item) break;
    }
    if (field !== 'rated') {
      state[field] = item !== undefined;
      continue;
    }
    const rating = item?.extras?.rating;
    if (item !== undefined && typeof rating !== 'number') return undefined;
    state.rated = item === undefined ? false : { value: rating };
  }
  return state as unknown as AccountState;
}

/** The user's unsettled changes of the series' favorite, watchlist and rating, oldest first. */
async function pendingChanges(reader: RowReader, userScope: string, seriesId: number): Promise<OutboxRow[]> {
  const keys = [`favorite:tv:${seriesId}`, `watchlist:tv:${seriesId}`, `rating:tv:${seriesId}`];
  const found = (await Promise.all(
    keys.map((key) => reader.range('outbox', '[userScope+coalesceKey]', [userScope, key], [userScope, key])),
  )) as OutboxRow[][];
  return found
    .flat()
    .filter((row) => row.state === 'pending' || row.state === 'sending')
    .sort((a, b) => (a.seq as number) - (b.seq as number));
}

/** A derived state and its freshness. */
export interface DerivedState {
  readonly state: AccountState;
  readonly fetchedAt: number;
  readonly expiresAt: number;
  readonly refs: readonly ReadRef[];
}

/**
 * The series' account state derived from the user's whole TV lists with the user's unsettled changes of it on top,
 * or undefined when a list is not stored whole.
 */
export async function deriveTvAccountState(
  reader: RowReader,
  userScope: string,
  seriesId: number,
): Promise<DerivedState | undefined> {
  const [whole, pending] = await Promise.all([
    readWholeLists(reader, userScope),
    pendingChanges(reader, userScope, seriesId),
  ]);
  if (!whole) return undefined;
  const served = servedState(whole.lists, seriesId);
  if (!served) return undefined;
  const state = foldAccountState(
    served as unknown as Record<string, unknown>,
    pending.map((row) => row.mutation),
  ) as unknown as AccountState;
  return { state, fetchedAt: whole.fetchedAt, expiresAt: whole.expiresAt, refs: whole.refs };
}

/**
 * What a read of `tvAccountStates` answers: the series' own stored row, or the derived state, whichever expires
 * later (the later fetch is the more recent word of the service; both carry the same pending changes). The derived
 * answer's freshness row is the series' own with the lists' times (so a reader that tells writes apart by their
 * row still sees the series' own writes), or a new one when the series has none.
 */
export function chooseAccountState(
  own: { raw: unknown; meta: SyncMetaRow | undefined; refs: ReadRef[] },
  derived: DerivedState | undefined,
  identity: { requestKey: string; params: Record<string, unknown>; userScope: string },
): { raw: unknown; meta: SyncMetaRow | undefined; refs: ReadRef[] } {
  if (!derived) return own;
  const ownStored = own.raw !== undefined && own.meta !== undefined && own.meta.fetchedAt > 0;
  if (ownStored && (own.meta as SyncMetaRow).expiresAt >= derived.expiresAt) return own;
  const base: SyncMetaRow = own.meta ?? {
    requestKey: identity.requestKey,
    operation: 'tvAccountStates',
    params: identity.params,
    userScope: identity.userScope,
    fetchedAt: 0,
    expiresAt: 0,
  };
  return {
    raw: derived.state,
    meta: { ...base, fetchedAt: derived.fetchedAt, expiresAt: derived.expiresAt },
    refs: [...own.refs, ...derived.refs],
  };
}
