import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import type { ProgressEvent } from '../../src/sync/catalogue-events.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.catalogue.close();
  fixture = undefined;
});

const TOTAL = 1_200;
const PER_PAGE = 20;

function series(id: number) {
  return {
    adult: false,
    backdrop_path: null,
    first_air_date: '2020-01-01',
    genre_ids: [18],
    id,
    name: `Series ${id}`,
    origin_country: ['US'],
    original_language: 'en',
    original_name: `Series ${id}`,
    overview: '',
    popularity: TOTAL - id,
    poster_path: `/p${id}.jpg`,
    vote_average: 7,
    vote_count: 100,
  };
}

/**
 * A 1,200-item discover list whose pages drift as the CDN's do (FACTS §3): from page 2 on, each page starts
 * with the last item of the page before, so that item is served twice and the list's tail is pushed out.
 */
function driftingDiscover(
  served: Map<number, number[]>,
  totalPages = TOTAL / PER_PAGE,
): (fetch: FetchLike) => FetchLike {
  return (fetch) => async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== '/3/discover/tv') return fetch(input, init);
    const page = Number(url.searchParams.get('page') ?? '1');
    const start = (page - 1) * PER_PAGE - (page > 1 ? page - 1 : 0);
    const ids = Array.from({ length: PER_PAGE }, (_, i) => start + i + 1);
    served.set(page, ids);
    const body = { page, results: ids.map(series), total_pages: totalPages, total_results: totalPages * PER_PAGE };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

describe('sync.pullList', () => {
  it('pages through a whole drifting list: each id stored once, totals as served, progress to the end', async () => {
    const served = new Map<number, number[]>();
    fixture = oneCatalogue({ catalogue: { wrapFetch: driftingDiscover(served) } });
    const { catalogue, clock } = fixture;
    const progress: ProgressEvent[] = [];
    catalogue.on('progress', (e) => progress.push(e));

    const result = await clock.runUntil(
      catalogue.sync.pullList('discoverTv', { sort_by: 'popularity.desc' }, { pages: 'all', priority: 'prefetch' }),
    );

    expect(served.size).toBe(60);
    const union = new Set([...served.values()].flat());
    expect(result.pages).toBe(60);
    expect(result.total_results).toBe(TOTAL);
    expect(result.ids).toHaveLength(union.size);
    expect(new Set(result.ids).size).toBe(result.ids.length);
    expect(result.ids).toEqual([...union]);
    expect(await databaseOf(catalogue).tvSeries.count()).toBe(union.size);
    expect(progress.at(-1)).toEqual({ operation: 'discoverTv', done: 60, total: 60 });
    expect(progress.map((p) => p.done)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));

    // Each page still reads back as served: membership and order, drift included.
    const page2 = await catalogue.read('discoverTv', { sort_by: 'popularity.desc', page: 2 });
    expect(page2?.results.map((r) => r.id)).toEqual(served.get(2));
    expect(page2?.total_results).toBe(TOTAL);
  });

  it('stops at the page count asked for, and refuses a page count that is not a positive integer', async () => {
    const served = new Map<number, number[]>();
    fixture = oneCatalogue({ catalogue: { wrapFetch: driftingDiscover(served) } });
    const result = await fixture.clock.runUntil(fixture.catalogue.sync.pullList('discoverTv', {}, { pages: 3 }));
    expect(result.pages).toBe(3);
    expect([...served.keys()].sort()).toEqual([1, 2, 3]);
    await expect(fixture.catalogue.sync.pullList('discoverTv', {}, { pages: 0 })).rejects.toThrow(TypeError);
    await expect(fixture.catalogue.sync.pullList('discoverTv', {}, { pages: 2.5 })).rejects.toThrow(TypeError);
  });

  it("clamps total_pages to the service's cap: 11,426 pages reported, 500 fetched (FACTS §3)", async () => {
    const served = new Map<number, number[]>();
    fixture = oneCatalogue({ catalogue: { wrapFetch: driftingDiscover(served, 11_426) } });
    const result = await fixture.clock.runUntil(
      fixture.catalogue.sync.pullList('discoverTv', {}, { pages: 'all', priority: 'background' }),
    );
    expect(result.pages).toBe(500);
    expect(served.size).toBe(500);
    expect(Math.max(...served.keys())).toBe(500);
    expect(result.total_results).toBe(11_426 * PER_PAGE);
  });
});
