import { describe, expect, it } from 'vitest';
import type { WriteResult } from '../../src/store/write-response.js';
import { type ListPager, pullListPages } from '../../src/sync/pull-list-pages.js';

const TOTAL_PAGES = 40;

/** A pager over a list of 40 pages of 2 ids each; each pull settles after a few microtask turns. */
function pager(options: { failAt?: number } = {}) {
  const started: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const willPull: number[][] = [];
  const list: ListPager = {
    async willPull(pages) {
      willPull.push([...pages]);
    },
    async pull(page) {
      started.push(page);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      for (let i = 0; i < (page % 5) + 1; i++) await Promise.resolve();
      inFlight -= 1;
      if (page === options.failAt) throw new Error(`page ${page} failed`);
      return {
        outcome: 'stored',
        requestKey: `k${page}`,
        rows: {},
        listPage: { listKey: 'l', page, ids: [page * 2, page * 2 + 1], total_pages: TOTAL_PAGES, total_results: 80 },
      } satisfies WriteResult;
    },
    read: async () => undefined,
    progress: () => {},
  };
  return { list, started, willPull, maxInFlight: () => maxInFlight };
}

describe('pullListPages', () => {
  it('keeps at most `window` pages between request and write, and returns every id in served order', async () => {
    const p = pager();
    const result = await pullListPages('discoverTv', 500, 6, p.list);
    expect(result.pages).toBe(TOTAL_PAGES);
    expect(result.ids).toEqual(Array.from({ length: TOTAL_PAGES * 2 }, (_, i) => i + 2));
    expect(p.maxInFlight()).toBe(6);
    expect(p.started).toHaveLength(TOTAL_PAGES);
    // The pages after page 1 are announced once, together, before any of them starts.
    expect(p.willPull).toEqual([Array.from({ length: TOTAL_PAGES - 1 }, (_, i) => i + 2)]);
  });

  it('starts no page after the first failure', async () => {
    const p = pager({ failAt: 5 });
    await expect(pullListPages('discoverTv', 500, 4, p.list)).rejects.toThrow('page 5 failed');
    // Page 5 fails while at most 3 others are in flight; nothing is started after it.
    expect(Math.max(...p.started)).toBeLessThanOrEqual(5 + 3);
    expect(p.started.length).toBeLessThan(TOTAL_PAGES);
  });
});
