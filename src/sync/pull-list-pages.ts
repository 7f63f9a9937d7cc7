import type { PullListResult } from './sync-engine.js';

interface Envelope {
  readonly results: readonly unknown[];
  readonly total_pages: number;
  readonly total_results: number;
}

/** What paging through a list needs from the engine, page by page. */
export interface ListPager {
  /** Fetches and stores one page. */
  pull(page: number): Promise<unknown>;
  /** The stored page, as served, or undefined. */
  read(page: number): Promise<Envelope | undefined>;
  progress(done: number, total: number): void;
}

/**
 * Pages through a list from page 1: page 1 first (it tells `total_pages`), then the rest together, each read back
 * once stored; `wanted` caps the pages. Ids in served order, each once (pages drift on the service).
 */
export async function pullListPages(operation: string, wanted: number, pager: ListPager): Promise<PullListResult> {
  const readBack = async (page: number): Promise<Envelope> => {
    const data = await pager.read(page);
    if (!data) throw new Error(`pullList: page ${page} of ${operation} was not stored`);
    return data;
  };
  await pager.pull(1);
  const first = await readBack(1);
  const total = Math.max(1, Math.min(first.total_pages, wanted));
  let done = 1;
  pager.progress(done, total);
  const rest = Array.from({ length: total - 1 }, (_, i) => i + 2);
  const pagesRead = await Promise.all(
    rest.map(async (page) => {
      await pager.pull(page);
      done += 1;
      pager.progress(done, total);
      return readBack(page);
    }),
  );
  const seen = new Set<number | string>();
  for (const data of [first, ...pagesRead]) {
    for (const item of data.results) seen.add((item as { id: number | string }).id);
  }
  return { pages: total, ids: [...seen], total_results: first.total_results };
}
