import { describe, expect, it } from 'vitest';
import type { WriteResult } from '../../src/store/records/write-response.js';
import { ANNOUNCE_AHEAD, type ListPager, pullListPages } from '../../src/sync/pull-list-pages.js';

// More than two slices of `willPull`, so announcing is seen slice by slice.
const TOTAL_PAGES = 2 * ANNOUNCE_AHEAD + 10;

/** A pager over a list of 40 pages of 2 ids each; each pull settles after a few microtask turns. */
function pager(options: { failAt?: number } = {}) {
  const started: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const willPull: number[][] = [];
  /** Pages announced when each page started. */
  const announcedAtStart = new Map<number, number>();
  const list: ListPager = {
    async willPull(pages) {
      willPull.push([...pages]);
    },
    async pull(page) {
      announcedAtStart.set(page, willPull.flat().length);
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
  return { list, started, willPull, announcedAtStart, maxInFlight: () => maxInFlight };
}

describe('pullListPages', () => {
  it('keeps at most `window` pages between request and write, and returns every id in served order', async () => {
    const p = pager();
    const result = await pullListPages('discoverTv', 500, 6, p.list);
    expect(result.pages).toBe(TOTAL_PAGES);
    expect(result.ids).toEqual(Array.from({ length: TOTAL_PAGES * 2 }, (_, i) => i + 2));
    expect(p.maxInFlight()).toBe(6);
    expect(p.started).toHaveLength(TOTAL_PAGES);
    // The pages after page 1 are announced once each, in order.
    expect(p.willPull.flat()).toEqual(Array.from({ length: TOTAL_PAGES - 1 }, (_, i) => i + 2));
  });

  it('announces the pages a slice at a time, each page before it starts, never the whole list at once', async () => {
    const p = pager();
    await pullListPages('discoverTv', 500, 6, p.list);
    // Preparing and reading ahead a whole list at once was one long task: no slice is longer than ANNOUNCE_AHEAD.
    expect(p.willPull.length).toBeGreaterThan(2);
    for (const slice of p.willPull) expect(slice.length).toBeLessThanOrEqual(ANNOUNCE_AHEAD);
    // A page starts only once it has been announced (its freshness read ahead).
    for (const page of p.started.filter((n) => n > 1)) {
      const position = page - 2;
      expect(p.announcedAtStart.get(page)).toBeGreaterThan(position);
    }
    // Announced lazily: when page 2 started, only the first slice was.
    expect(p.announcedAtStart.get(2)).toBe(ANNOUNCE_AHEAD);
  });

  it('starts no page after the first failure', async () => {
    const p = pager({ failAt: 5 });
    await expect(pullListPages('discoverTv', 500, 4, p.list)).rejects.toThrow('page 5 failed');
    // Page 5 fails while at most 3 others are in flight; nothing is started after it.
    expect(Math.max(...p.started)).toBeLessThanOrEqual(5 + 3);
    expect(p.started.length).toBeLessThan(TOTAL_PAGES);
  });
});
