import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { isNetworkError } from '../../src/errors/index.js';
import { isPendingMutationsError } from '../../src/errors/pending-mutations-error.js';
import { lazyFeatures } from '../../src/lazy-features.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { outboxWorldOptions } from '../helpers/outbox-world-options.js';

/**
 * The outbox (its sending, the change calls' writes) arrives by dynamic import when first wanted: a read-only
 * visit, a refresh and the outbox view's commands with no change waiting never load it; a signed-in user (so a
 * change made offline later finds its code there) or the first change loads it once; a failed load rejects that call with a typed error, stores nothing, and the next call loads it; a start
 * (or the network coming back) that finds changes waiting loads it and sends them with no call from the app.
 */
let world: CatalogueWorld | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await world?.closeAll();
  world = undefined;
});

function open(): { world: CatalogueWorld; catalogue: Catalogue } {
  world = catalogueWorld(outboxWorldOptions());
  return { world, catalogue: world.open() };
}

const firstSeries = (w: CatalogueWorld) => (w.service.control.allSeries()[0]?.id ?? 0) as number;

describe('the outbox loads on first use', () => {
  it('a view, a refresh and the outbox view load nothing; a sign-in loads it once, for every later change', async () => {
    const loads = vi.spyOn(lazyFeatures, 'outbox');
    const { world: w, catalogue } = open();
    const view = catalogue.trendingTv({ time_window: 'day' });
    const stop = view.subscribe(() => {});
    for (let round = 0; round < 50 && view.getSnapshot().status !== 'fresh'; round++) await w.settle(100);
    expect(view.getSnapshot().status).toBe('fresh');
    stop();
    await w.clock.runUntil(catalogue.sync.refresh());
    await w.clock.runUntil(catalogue.outbox.drain());
    await catalogue.signOut();
    await w.settle();
    expect(loads).not.toHaveBeenCalled();

    // Signed in: the outbox comes in the background, so a change made offline later needs no network for its code.
    await catalogue.setUser(w.service.control.createSession());
    await w.settle();
    expect(loads).toHaveBeenCalledTimes(1);
    const series = firstSeries(w);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    await catalogue.account.rateTvSeries({ series_id: series, value: 8 });
    await w.clock.runUntil(catalogue.outbox.drain());
    await w.clock.runUntil(catalogue.sync.refresh());
    expect(loads).toHaveBeenCalledTimes(1);
    expect(w.service.log.count({ operation: 'markFavorite' })).toBe(1);
    expect(w.service.log.count({ operation: 'rateTvSeries' })).toBe(1);
  });

  it('a start asks once whether an earlier release left changes (its own pass), not again to decide on the outbox', async () => {
    world = catalogueWorld(outboxWorldOptions());
    const probes = vi.spyOn(world.indexedDB, 'databases');
    const catalogue = world.open();
    await catalogue.auth.ready();
    await world.settle(1_000);
    expect(probes).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'account.markFavorite',
      (c: Catalogue, id: number) => c.account.markFavorite({ media_type: 'tv', media_id: id, favorite: true }),
    ],
    [
      'account.addToWatchlist',
      (c: Catalogue, id: number) => c.account.addToWatchlist({ media_type: 'tv', media_id: id, watchlist: true }),
    ],
    ['account.rateTvSeries', (c: Catalogue, id: number) => c.account.rateTvSeries({ series_id: id, value: 6.5 })],
    ['account.deleteTvSeriesRating', (c: Catalogue, id: number) => c.account.deleteTvSeriesRating({ series_id: id })],
  ])(
    'a chunk that fails to load: %s rejects with a NetworkError, stores nothing, and the next call loads it',
    async (member, call) => {
      const real = lazyFeatures.outbox;
      const loads = vi
        .spyOn(lazyFeatures, 'outbox')
        .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
        .mockImplementation(real);
      const { world: w, catalogue } = open();
      // Signed in offline, on a page that never had the outbox's chunk: the change's call is the first to need it.
      w.connectivity.setOnline(false);
      await catalogue.setUser(w.service.control.createSession());
      const series = firstSeries(w);
      const failed = await call(catalogue, series).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(isNetworkError(failed)).toBe(true);
      expect((failed as { operation?: string }).operation).toBe(member);
      // A failed write leaves the store as it was: no row, no optimistic state.
      expect(await databaseOf(catalogue).outbox.count()).toBe(0);
      expect(await databaseOf(catalogue).outboxBase.count()).toBe(0);
      await expect(call(catalogue, series)).resolves.toMatchObject({ outcome: 'queued' });
      expect(loads).toHaveBeenCalledTimes(2);
    },
  );

  it('outbox.discard of a failed change loads the outbox; a failed load rejects it typed and the next call works', async () => {
    const { world: w, catalogue } = open();
    w.connectivity.setOnline(false);
    await catalogue.setUser(w.service.control.createSession());
    const real = lazyFeatures.outbox;
    const loads = vi
      .spyOn(lazyFeatures, 'outbox')
      .mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
      .mockImplementation(real);
    const failed = await catalogue.outbox.discard(1).catch((error: unknown) => error);
    expect(isNetworkError(failed)).toBe(true);
    expect((failed as { operation?: string }).operation).toBe('outbox.discard');
    await expect(catalogue.outbox.discard(1)).resolves.toBe(false);
    expect(loads).toHaveBeenCalledTimes(2);
  });
});

describe('a signed-in user can make changes offline', () => {
  /** Loads the chunk as a browser does: offline, its request fails. */
  function chunkNeedsNetwork(w: CatalogueWorld) {
    const real = lazyFeatures.outbox;
    return vi
      .spyOn(lazyFeatures, 'outbox')
      .mockImplementation(() =>
        w.connectivity.isOnline()
          ? real()
          : Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      );
  }

  it('signed in online, then offline: the change is stored (the chunk came after the sign-in)', async () => {
    world = catalogueWorld(outboxWorldOptions());
    const loads = chunkNeedsNetwork(world);
    const catalogue = world.open();
    await catalogue.setUser(world.service.control.createSession());
    await world.settle();
    world.connectivity.setOnline(false);
    await expect(
      catalogue.account.markFavorite({ media_type: 'tv', media_id: firstSeries(world), favorite: true }),
    ).resolves.toMatchObject({ outcome: 'queued' });
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('a user restored at start, the network lost after: the change is stored', async () => {
    world = catalogueWorld(outboxWorldOptions());
    const first = world.open();
    await first.setUser(world.service.control.createSession());
    await first.close();
    const loads = chunkNeedsNetwork(world);
    const next = world.open();
    await next.auth.ready();
    await world.settle();
    world.connectivity.setOnline(false);
    await expect(next.account.rateTvSeries({ series_id: firstSeries(world), value: 9 })).resolves.toMatchObject({
      outcome: 'queued',
    });
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('signed in while offline: the chunk comes when the network returns, before any change', async () => {
    world = catalogueWorld(outboxWorldOptions());
    const loads = chunkNeedsNetwork(world);
    const catalogue = world.open();
    world.connectivity.setOnline(false);
    await catalogue.setUser(world.service.control.createSession());
    await world.settle();
    world.connectivity.setOnline(true);
    await world.settle();
    world.connectivity.setOnline(false);
    await expect(
      catalogue.account.markFavorite({ media_type: 'tv', media_id: firstSeries(world), favorite: true }),
    ).resolves.toMatchObject({ outcome: 'queued' });
    expect(loads).toHaveBeenCalledTimes(1);
  });
});

describe('changes a previous session left are sent without the app asking', () => {
  /** A change made offline by one instance, which then closes: the row waits in the shared table. */
  async function changeLeftBehind(w: CatalogueWorld, series: number) {
    const first = w.open();
    await first.setUser(w.service.control.createSession());
    w.connectivity.setOnline(false);
    await first.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    await first.close();
  }

  it('a start that finds a change waiting loads the outbox once and sends it', async () => {
    const { world: w, catalogue: spare } = open();
    await spare.close();
    const series = firstSeries(w);
    await changeLeftBehind(w, series);
    w.connectivity.setOnline(true);
    const loads = vi.spyOn(lazyFeatures, 'outbox');
    const next = w.open();
    await next.auth.ready();
    for (let round = 0; round < 50 && w.service.log.count({ operation: 'markFavorite' }) === 0; round++) {
      await w.settle(100);
    }
    expect(w.service.log.count({ operation: 'markFavorite' })).toBe(1);
    expect(loads).toHaveBeenCalledTimes(1);
    await w.settle(1_000);
    expect(await databaseOf(next).outbox.count()).toBe(0);
  });

  it('a start offline loads nothing; sign-out still refuses while the change waits; the network back sends it', async () => {
    const { world: w, catalogue: spare } = open();
    await spare.close();
    const series = firstSeries(w);
    await changeLeftBehind(w, series);
    const loads = vi.spyOn(lazyFeatures, 'outbox');
    const next = w.open();
    await next.auth.ready();
    await w.settle(1_000);
    expect(loads).not.toHaveBeenCalled();
    const refused = await next.signOut().catch((error: unknown) => error);
    expect(isPendingMutationsError(refused)).toBe(true);
    expect(loads).not.toHaveBeenCalled();
    w.connectivity.setOnline(true);
    for (let round = 0; round < 50 && w.service.log.count({ operation: 'markFavorite' }) === 0; round++) {
      await w.settle(100);
    }
    expect(w.service.log.count({ operation: 'markFavorite' })).toBe(1);
    expect(loads).toHaveBeenCalledTimes(1);
  });
});
