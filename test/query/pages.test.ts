import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { databaseOf } from '../../src/create-catalogue.js';
import type { CatalogueParams } from '../../src/sync/prepare-call.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { record, settle, until } from './view-helpers.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.catalogue.close();
  fixture = undefined;
});

type Filters = CatalogueParams<'discoverTv'>;
const CANDIDATES: Filters[] = [
  { with_genres: '18' },
  { with_genres: '35|80' },
  { 'vote_average.gte': 6 },
  { with_original_language: 'en' },
  { sort_by: 'vote_count.desc', 'vote_count.gte': 100 },
];

/** The service's pages of a filter, projected through the schema (what "as served" means). */
function truthPages(f: OneCatalogue, filters: Filters) {
  const first = endpoints.discoverTv.response.parse(f.service.control.groundTruth('discoverTv', { ...filters }));
  const pages = [first];
  for (let page = 2; page <= first.total_pages; page++) {
    pages.push(endpoints.discoverTv.response.parse(f.service.control.groundTruth('discoverTv', { ...filters, page })));
  }
  return pages;
}

/** A filter with at least three pages and a short last page. */
function shortLastPage(f: OneCatalogue) {
  for (const filters of CANDIDATES) {
    const pages = truthPages(f, filters);
    const total = pages[0]?.total_results ?? 0;
    if (pages.length >= 3 && pages.length <= 8 && total % 20 !== 0) return { filters, pages };
  }
  throw new Error('no candidate filter has 3–8 pages with a short last page');
}

describe('paged views', () => {
  it('each page view is exactly the envelope served: page numbers, totals, 20 a page, the last one short', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock } = fixture;
    const { filters, pages } = shortLastPage(fixture);
    const total = pages[0]?.total_results as number;
    for (const [i, truth] of pages.entries()) {
      const view = catalogue.discoverTv({ ...filters, page: i + 1 });
      const rec = record(view);
      const { data } = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
      expect(data).toEqual(truth);
      expect(data).toMatchObject({ page: i + 1, total_pages: pages.length, total_results: total });
      expect(data?.results).toHaveLength(i + 1 < pages.length ? 20 : total - 20 * (pages.length - 1));
      rec.stop();
    }
    expect(total % 20).not.toBe(0);
  });

  it('pages() grows page by page to the whole list, ids once, hasNextPage false at the end', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, urls } = fixture;
    const { filters, pages } = shortLastPage(fixture);
    const view = catalogue.pages('discoverTv', filters);
    expect(view.getSnapshot()).toMatchObject({ status: 'loading', hasNextPage: false, pageCount: 1 });
    const rec = record(view);
    let snapshot = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(snapshot.data).toEqual(pages[0]);
    expect(snapshot.hasNextPage).toBe(true);
    while (view.hasNextPage) {
      await view.fetchNextPage();
      const count = view.getSnapshot().pageCount;
      snapshot = await until(clock, view, (s) => s.data?.page === count && !s.fetching);
    }
    const all = pages.flatMap((p) => p.results);
    expect(snapshot.data).toEqual({
      page: pages.length,
      results: all,
      total_pages: pages.length,
      total_results: pages[0]?.total_results,
    });
    expect(snapshot).toMatchObject({ hasNextPage: false, pageCount: pages.length, status: 'fresh' });
    await view.fetchNextPage();
    await settle(clock);
    expect(view.getSnapshot()).toBe(snapshot);
    expect(urls.filter((u) => u.includes('/discover/tv'))).toHaveLength(pages.length);
    // No snapshot offers a next page while one asked for is not shown yet (a "Show more" beside "Loading more").
    const offeredWhileWaiting = rec.snapshots.filter((s) => s.hasNextPage && s.pageCount > (s.data?.page ?? 0));
    expect(rec.snapshots.length).toBeGreaterThan(pages.length);
    expect(offeredWhileWaiting).toEqual([]);
    rec.stop();
  });

  it('once rows show, a page on its way never brings back `loading`: fetchingNextPage and nextPageStatus say it', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, connectivity } = fixture;
    const { filters } = shortLastPage(fixture);
    const view = catalogue.pages('discoverTv', filters);
    const rec = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(view.getSnapshot()).toMatchObject({ fetchingNextPage: false, nextPageStatus: undefined });
    // Page 2 from the service: asked for, fetched, shown.
    const second = view.fetchNextPage();
    await until(clock, view, (s) => s.data?.page === 2 && !s.fetching);
    await second;
    expect(rec.snapshots.some((s) => s.pageCount === 2 && s.fetchingNextPage && s.status === 'fresh')).toBe(true);
    // Page 3 offline: the device has none, so it waits for the network, and says so.
    connectivity.setOnline(false);
    void view.fetchNextPage();
    const waiting = await until(clock, view, (s) => s.nextPageStatus === 'missing');
    expect(waiting).toMatchObject({ status: 'fresh', fetchingNextPage: true, pageCount: 3 });
    expect(waiting.data?.page).toBe(2);
    connectivity.setOnline(true);
    await until(clock, view, (s) => s.data?.page === 3 && !s.fetching);
    expect(view.getSnapshot()).toMatchObject({ fetchingNextPage: false, nextPageStatus: undefined });
    const withRows = rec.snapshots.filter((s) => s.data !== undefined);
    expect(withRows.length).toBeGreaterThan(3);
    expect(withRows.filter((s) => s.status === 'loading')).toEqual([]);
    // Every snapshot with a page asked for and not shown says it is on its way, and no other does.
    for (const s of withRows) expect(s.fetchingNextPage).toBe(s.pageCount > (s.data?.page ?? 0));
    rec.stop();

    // After a reload, pages stored before are read from the device: `loading` there, then shown.
    await catalogue.close();
    const reloaded = fixture.open();
    const again = reloaded.pages('discoverTv', filters);
    const reread = record(again);
    await until(clock, again, (s) => s.data?.page === 3);
    const reading = reread.snapshots.filter((s) => s.data !== undefined && s.fetchingNextPage);
    expect(reading.length).toBeGreaterThan(0);
    expect(reading.every((s) => s.nextPageStatus === 'loading' && s.status !== 'loading')).toBe(true);
    reread.stop();
    await reloaded.close();
  });

  it('de-duplicates ids across drifting pages (only in pages())', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, service } = fixture;
    const view = catalogue.pages('trendingTv', { time_window: 'day' });
    const rec = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    // The service reorders trending between two page fetches: page 2 may repeat page 1's ids.
    service.control.reshuffleTrending();
    await view.fetchNextPage();
    const both = await until(clock, view, (s) => s.data?.page === 2 && !s.fetching);
    const page1 = (await catalogue.read('trendingTv', { time_window: 'day', page: 1 }))?.results ?? [];
    const page2 = (await catalogue.read('trendingTv', { time_window: 'day', page: 2 }))?.results ?? [];
    const overlap = page2.filter((r) => page1.some((q) => q.id === r.id));
    expect(overlap.length).toBeGreaterThan(0);
    const ids = both.data?.results.map((r) => r.id) ?? [];
    expect(ids).toHaveLength(40 - overlap.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...new Set([...page1, ...page2].map((r) => r.id))]);
    rec.stop();
  });

  it('refresh() revalidates page 1 first and deeper pages only when stale', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, urls } = fixture;
    const view = catalogue.pages('popularPeople');
    const rec = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    await view.fetchNextPage();
    await until(clock, view, (s) => s.data?.page === 2 && !s.fetching);
    const metas = await databaseOf(catalogue).syncMeta.toArray();
    const lifetime = Math.max(...metas.map((m) => m.expiresAt)) - clock.now();
    // Page 3 is fetched half a lifetime later, so it is still fresh when pages 1 and 2 go stale.
    await clock.advance(lifetime / 2);
    await view.fetchNextPage();
    await until(clock, view, (s) => s.data?.page === 3 && !s.fetching);
    await clock.advance(lifetime / 2 + 1000);
    await until(clock, view, (s) => !s.fetching);
    const pageOf = (url: string) => new URL(url).searchParams.get('page') ?? '1';
    const before = urls.length;
    // While subscribed only page 1 was kept fresh at its expiry: no N-page storm.
    expect(urls.slice(3).map(pageOf)).toEqual(['1']);
    await view.refresh();
    await until(clock, view, (s) => !s.fetching);
    expect(urls.slice(before).map(pageOf)).toEqual(['1', '2']);
    rec.stop();
  });
});
