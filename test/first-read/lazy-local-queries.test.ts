import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResponseOf } from '../../src/api/endpoints.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import { isNetworkError } from '../../src/errors/index.js';
import { lazyFeatures } from '../../src/lazy-features.js';
import type { LocalSearchResult } from '../../src/query/local-search.js';
import type { View } from '../../src/query/view.js';
import type { ViewSnapshot } from '../../src/sync/view-snapshot.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';

/**
 * Local discover and search (`catalogue.local.discoverTv`, `.search`) are a chunk the main entry loads when the
 * first of their views is subscribed to. Their views are made synchronously, as before, and show `loading` until
 * the chunk has arrived; a load that fails is a typed error on the view, and a later view (or a later subscription)
 * loads it again. A visit that shows the service's answers, or a stored summary (`local.summary`), never loads it.
 */
let world: CatalogueWorld | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await world?.closeAll();
  world = undefined;
});

type Local = View<ViewSnapshot<ResponseOf<'discoverTv'> | LocalSearchResult>>;
const CHUNK_FAILED = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

/** A main-entry catalogue (its core arrives by dynamic import, in real time) with two discover pages stored. */
async function stored(): Promise<{ world: CatalogueWorld; catalogue: Catalogue }> {
  world = catalogueWorld({ settleOnTimers: true });
  const catalogue = world.open();
  for (const page of [1, 2]) await catalogue.sync.pull('discoverTv', { page });
  return { world, catalogue };
}

/** Subscribes to `view` and settles until `done` holds (or the rounds run out); returns what it showed. */
async function watch(view: Local, done: (s: ViewSnapshot<unknown>) => boolean): Promise<ViewSnapshot<unknown>[]> {
  const seen = [view.getSnapshot()];
  const stop = view.subscribe(() => seen.push(view.getSnapshot()));
  for (let round = 0; round < 50 && !done(view.getSnapshot()); round++) await world?.settle(100);
  stop();
  return seen;
}

const fresh = (s: ViewSnapshot<unknown>) => s.status === 'fresh';
const failed = (s: ViewSnapshot<unknown>) => s.error !== undefined;

describe('local discover and search load on first use', () => {
  it('a visit that shows views and summaries, and makes local views without subscribing, loads nothing', async () => {
    const loads = vi.spyOn(lazyFeatures, 'local');
    const { world, catalogue } = await stored();
    const view = catalogue.trendingTv({ time_window: 'day' });
    const stop = view.subscribe(() => {});
    for (let round = 0; round < 50 && view.getSnapshot().status !== 'fresh'; round++) await world.settle(100);
    expect(view.getSnapshot().status).toBe('fresh');
    stop();
    const id = view.getSnapshot().data?.results[0]?.id as number;
    const summary = catalogue.local.summary('tv', id);
    await watch(summary as never, fresh);
    expect(summary.getSnapshot().data?.id).toBe(id);
    // Made, never subscribed to: nothing is used yet.
    catalogue.local.discoverTv({ sort_by: 'name.asc' });
    catalogue.local.search('a');
    await world.settle(100);
    expect(loads).not.toHaveBeenCalled();
  });

  it('the first view shows loading until the chunk arrives; every later view, of both, shares the one load', async () => {
    let arrive: () => void = () => {};
    const real = lazyFeatures.local;
    const loads = vi
      .spyOn(lazyFeatures, 'local')
      .mockImplementationOnce(() => new Promise<void>((resolve) => (arrive = resolve)).then(real));
    const { world, catalogue } = await stored();
    const discover = catalogue.local.discoverTv({ sort_by: 'name.asc' });
    expect(discover.getSnapshot()).toMatchObject({ status: 'loading', data: undefined, error: undefined });
    const seen = [discover.getSnapshot()];
    const stop = discover.subscribe(() => seen.push(discover.getSnapshot()));
    await world.settle(500);
    expect(loads).toHaveBeenCalledTimes(1);
    expect(discover.getSnapshot()).toMatchObject({ status: 'loading', data: undefined, error: undefined });
    arrive();
    for (let round = 0; round < 50 && !fresh(discover.getSnapshot()); round++) await world.settle(100);
    stop();
    const shown = discover.getSnapshot().data as ResponseOf<'discoverTv'>;
    expect(shown.total_results).toBeGreaterThan(0);
    const names = shown.results.map((series) => series.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Nothing but loading, then the answer: no error, no empty answer in between.
    expect(seen.slice(0, -1).every((s) => s.status === 'loading' && s.data === undefined && !s.error)).toBe(true);

    const search = catalogue.local.search(names[0]?.slice(0, 4) as string);
    await watch(search, fresh);
    expect((search.getSnapshot().data as LocalSearchResult).results.length).toBeGreaterThan(0);
    await watch(catalogue.local.discoverTv({ page: 2 }), fresh);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['local.discoverTv', (c: Catalogue) => c.local.discoverTv() as Local],
    ['local.search', (c: Catalogue) => c.local.search('the') as Local],
  ])('a chunk that fails to load: %s shows a NetworkError; a later view loads it', async (member, make) => {
    const real = lazyFeatures.local;
    const loads = vi.spyOn(lazyFeatures, 'local').mockImplementationOnce(CHUNK_FAILED).mockImplementation(real);
    const { catalogue } = await stored();
    const first = make(catalogue);
    await watch(first, failed);
    const { error, status, data } = first.getSnapshot();
    expect(isNetworkError(error)).toBe(true);
    expect((error as { operation?: string }).operation).toBe(member);
    expect({ status, data }).toEqual({ status: 'loading', data: undefined });

    const later = make(catalogue);
    await watch(later, fresh);
    expect(later.getSnapshot()).toMatchObject({ status: 'fresh', error: undefined });
    // The failed view, subscribed to again, asks again too (the chunk is here now).
    await watch(first, fresh);
    expect(first.getSnapshot()).toMatchObject({ status: 'fresh', error: undefined });
    expect(loads).toHaveBeenCalledTimes(2);
  });
});
