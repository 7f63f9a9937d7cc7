import type { ResponseOf } from '../api/endpoints.js';
import { MAX_PAGE } from '../api/schemas/params.js';
import type { ListOperation } from '../sync/pull-options.js';
import { failedSnapshot, loadingSnapshot, type ViewSnapshot, type ViewStatus } from '../sync/view-snapshot.js';

type Envelope<O extends ListOperation> = ResponseOf<O>;
type Item<O extends ListOperation> = Envelope<O>['results'][number];

/** Pages 1..n of a list as one envelope: `page` is the last page shown, ids appear once (pages drift). */
export interface PagesSnapshot<O extends ListOperation> extends ViewSnapshot<Envelope<O>> {
  /** A page after the last one shown exists (within `total_pages` and the service's 500). */
  readonly hasNextPage: boolean;
  /** Pages asked for so far (the last one may still be loading). */
  readonly pageCount: number;
  /** A page after the ones shown is asked for and on its way: read from the device, or fetched. */
  readonly fetchingNextPage: boolean;
  /**
   * Where that page stands: `loading` while it is read from the device, `missing` when the device has none and it
   * is fetched (offline, that fetch waits for the network); undefined when no page is on its way.
   */
  readonly nextPageStatus?: ViewStatus | undefined;
}

/**
 * A list with no page read yet (also what a view shows again when its user changes). Here, apart from the live
 * pages view, so the first-read path shows the same snapshots without loading Dexie.
 */
export const PAGES_LOADING = Object.freeze({
  ...loadingSnapshot(),
  hasNextPage: false,
  pageCount: 1,
  fetchingNextPage: false,
});

/** A list that shows nothing, and why (signed out of a per-user list, or the library failed to load). */
export function failedPages<O extends ListOperation>(error: unknown): PagesSnapshot<O> {
  return Object.freeze({ ...PAGES_LOADING, ...failedSnapshot(error) }) as PagesSnapshot<O>;
}

/**
 * One snapshot from the snapshots of pages 1..n (in order) of which `count` were asked for: the contiguous pages
 * with data from page 1, ids de-duplicated, page 1's totals. Not frozen: the live view patches its snapshot with it.
 */
export function combinePages<O extends ListOperation>(
  snapshots: readonly ViewSnapshot<Envelope<O>>[],
  count: number,
): PagesSnapshot<O> {
  const shown: Envelope<O>[] = [];
  for (const s of snapshots) {
    if (s.data === undefined) break;
    shown.push(s.data);
  }
  const seen = new Set<unknown>();
  const results: Item<O>[] = [];
  for (const envelope of shown) {
    for (const item of envelope.results as Item<O>[]) {
      const id = (item as { id: unknown }).id;
      if (seen.has(id)) continue;
      seen.add(id);
      results.push(item);
    }
  }
  const head = snapshots[0]?.data;
  const lastPage = shown.length;
  const data =
    head === undefined
      ? undefined
      : (Object.freeze({ ...head, page: lastPage, results: Object.freeze(results) }) as Envelope<O>);
  const totalPages = head === undefined ? 0 : Math.min(head.total_pages, MAX_PAGE);
  // Once rows show, the status is theirs: a page on its way says so in `fetchingNextPage`, not by `loading`.
  const next = head !== undefined && lastPage < count ? (snapshots[lastPage]?.status ?? 'loading') : undefined;
  return {
    data,
    status: combinedStatus(snapshots.slice(0, Math.max(lastPage, 1)).map((s) => s.status)),
    fetching: snapshots.some((s) => s.fetching),
    error: snapshots.find((s) => s.error !== undefined)?.error,
    updatedAt: minimum(snapshots.slice(0, lastPage).map((s) => s.updatedAt)),
    hasNextPage: lastPage === count && lastPage < totalPages,
    pageCount: count,
    fetchingNextPage: next !== undefined,
    nextPageStatus: next,
  };
}

function combinedStatus(statuses: readonly ViewStatus[]): ViewStatus {
  if (statuses.includes('loading')) return 'loading';
  if (statuses[0] === 'missing') return 'missing';
  return statuses.includes('stale') ? 'stale' : 'fresh';
}

function minimum(values: readonly (number | undefined)[]): number | undefined {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === 0 ? undefined : Math.min(...known);
}
