import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { readStored } from '../store/records/read-stored.js';
import type { WriteResult } from '../store/records/write-response.js';
import type { PreparedCall } from './prepare-call.js';
import type { ListOperation, PullListResult } from './pull-options.js';

/** What a list page says about the list: its ids as served and the totals. */
interface PageSummary {
  readonly ids: readonly (number | string)[];
  readonly total_pages: number;
  readonly total_results: number;
}

/** What paging through a list needs from the engine, page by page. */
export interface ListPager {
  /** Fetches and stores one page. */
  pull(page: number): Promise<WriteResult>;
  /** The stored page's ids and totals, or undefined (only needed when a write did not say: a 304). */
  read(page: number): Promise<PageSummary | undefined>;
  /**
   * Told the pages after page 1 a slice at a time (`ANNOUNCE_AHEAD` pages), each slice before any of its pages
   * starts (to read what they need at once).
   */
  willPull?(pages: readonly number[]): Promise<void>;
  progress(done: number, total: number): void;
}

/**
 * How many pages `willPull` is told at once. Not the whole list: preparing and reading ahead 499 pages was one task
 * of hundreds of milliseconds on a phone's CPU (each page's call is validated and keyed, each key read); a slice is
 * a short one, and the next slice is read while the window works through this one.
 */
export const ANNOUNCE_AHEAD = 32;

/**
 * Pages through a list from page 1: page 1 first (it tells `total_pages`), then the rest, `window` at a time (each
 * held from its request to its write); `wanted` caps the pages, and the first failure stops new ones. A page's ids
 * and totals come from its write (what it stored); an unchanged page (304) is read back. Ids in served order, each
 * once (pages drift on the service).
 */
export async function pullListPages(
  operation: string,
  wanted: number,
  window: number,
  pager: ListPager,
): Promise<PullListResult> {
  const summaryOf = async (page: number, result: WriteResult): Promise<PageSummary> => {
    if (result.outcome === 'stored' && result.listPage) return result.listPage;
    const data = await pager.read(page);
    if (!data) throw new Error(`pullList: page ${page} of ${operation} was not stored`);
    return data;
  };
  const first = await summaryOf(1, await pager.pull(1));
  const total = Math.max(1, Math.min(first.total_pages, wanted));
  let done = 1;
  pager.progress(done, total);
  const rest = Array.from({ length: total - 1 }, (_, i) => i + 2);
  const slices = new Map<number, Promise<void>>();
  /** The slice holding `rest[index]`, announced once; undefined past the end. */
  const announce = (index: number): Promise<void> | undefined => {
    if (!pager.willPull || index >= rest.length) return undefined;
    const slice = Math.floor(index / ANNOUNCE_AHEAD);
    let told = slices.get(slice);
    if (!told) {
      told = pager.willPull(rest.slice(slice * ANNOUNCE_AHEAD, (slice + 1) * ANNOUNCE_AHEAD));
      // Read ahead of its pages: its failure reaches the first page that awaits it.
      told.catch(() => {});
      slices.set(slice, told);
    }
    return told;
  };
  await announce(0);
  // A window of pages in flight, each to its write: pages are not all started at once, so their parsed answers do
  // not pile up in memory ahead of their writes, and starting them is never one long chain of work.
  const pagesRead: PageSummary[] = [];
  let next = 0;
  let failed = false;
  const work = async (): Promise<void> => {
    while (next < rest.length && !failed) {
      const index = next++;
      const page = rest[index] as number;
      try {
        await announce(index);
        // The next slice is read while this one's pages are pulled.
        announce(index + ANNOUNCE_AHEAD / 2);
        const result = await pager.pull(page);
        done += 1;
        pager.progress(done, total);
        pagesRead[index] = await summaryOf(page, result);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(window, rest.length) }, work));
  const seen = new Set<number | string>();
  for (const data of [first, ...pagesRead]) {
    for (const id of data.ids) seen.add(id);
  }
  return { pages: total, ids: [...seen], total_results: first.total_results };
}

/** A stored list page's ids and totals (a page the service said was unchanged), or undefined when not stored. */
export async function storedPageSummary(
  db: CatalogueDatabase,
  call: PreparedCall<ListOperation>,
): Promise<PageSummary | undefined> {
  const data = await readStored(db, call.operation, call.storeParams, call.userScope);
  if (!data) return undefined;
  const { results, total_pages, total_results } = data as unknown as {
    results: readonly { id: number | string }[];
    total_pages: number;
    total_results: number;
  };
  return { ids: results.map((item) => item.id), total_pages, total_results };
}
