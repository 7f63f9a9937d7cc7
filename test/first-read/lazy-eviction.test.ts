import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { eagerFeatures } from '../../src/eager-features.js';
import type { Logger } from '../../src/env.js';
import { isQuotaExceededError } from '../../src/errors/quota-exceeded-error.js';
import { lazyFeatures } from '../../src/lazy-features.js';
import type { EvictedEvent } from '../../src/sync/catalogue-events.js';
import { QUOTA_BACKOFF_MS } from '../../src/sync/eviction.js';
import { type CatalogueWorld, catalogueWorld, type OpenOptions } from '../helpers/catalogue-world.js';
import { heldElsewhere, injectQuota, ledgerBytes, snapshot } from '../reliability/support/quota-fixture.js';

/**
 * Eviction's work (ordering, choosing and deleting stored responses, measuring what was stored before a budget) is
 * a chunk the main entry loads when an eviction is due: a full disk, or a `maxBytes` budget to account and keep.
 * A visit that only reads and stores what it shows never loads it; the first eviction loads it once for every
 * later one; a load that fails leaves the store as it was (the write's own error stands) and the next eviction
 * loads it again. The counting spies sit on the entry's feature table, which the core calls at the time of use.
 */
let world: CatalogueWorld | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await world?.closeAll();
  world = undefined;
});

const MINUTE = 60_000;
const LONG = { discoverTv: 86_400, trendingTv: 86_400, trendingMovies: 86_400, airingToday: 86_400 };
const CHUNK_FAILED = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

function recordEvictions(catalogue: Catalogue): EvictedEvent[] {
  const events: EvictedEvent[] = [];
  catalogue.on('evicted', (event) => events.push(event));
  return events;
}

function warnings(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger: Logger = { debug() {}, info() {}, warn: (message) => lines.push(message), error() {} };
  return { logger, lines };
}

/** The bytes one stored discover page accounts, from a catalogue of its own (a world of its own too). */
async function discoverPageBytes(): Promise<number> {
  const probeWorld = catalogueWorld();
  const probe = probeWorld.open({ maxBytes: 1_000_000_000, freshness: LONG });
  await probe.sync.pull('discoverTv', { page: 1 });
  const bytes = await ledgerBytes(databaseOf(probe));
  await probeWorld.closeAll();
  return bytes;
}

describe('the main entry: eviction loads when one is due', () => {
  it('a read-only visit (a view shown fresh, pages and a list pulled, no budget) never loads it', async () => {
    const loads = vi.spyOn(lazyFeatures, 'eviction');
    // The main entry's core arrives by dynamic import, in real time.
    world = catalogueWorld({ settleOnTimers: true });
    const catalogue = world.open({ freshness: LONG });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const stop = view.subscribe(() => {});
    for (let round = 0; round < 50 && view.getSnapshot().status !== 'fresh'; round++) await world.settle(100);
    expect(view.getSnapshot().status).toBe('fresh');
    stop();
    for (const page of [1, 2, 3]) await catalogue.sync.pull('discoverTv', { page });
    await catalogue.sync.pullList('popularPeople', {}, { pages: 2 });
    expect((await catalogue.storage()).byKind).toBeDefined();
    expect(loads).not.toHaveBeenCalled();
  });

  it('a budget: the first accounted write loads it, once for every later write and eviction', async () => {
    const pageBytes = await discoverPageBytes();
    const loads = vi.spyOn(lazyFeatures, 'eviction');
    world = catalogueWorld();
    const catalogue = world.open({ maxBytes: Math.floor(pageBytes * 2.5), freshness: LONG });
    const evictions = recordEvictions(catalogue);
    for (const page of [1, 2, 3, 4, 5, 6]) {
      await catalogue.sync.pull('discoverTv', { page });
      await world.clock.advance(2 * MINUTE);
    }
    expect(evictions.length).toBeGreaterThan(0);
    expect(evictions.every((event) => event.reason === 'max-bytes')).toBe(true);
    expect(await ledgerBytes(databaseOf(catalogue))).toBeLessThanOrEqual(Math.floor(pageBytes * 2.5));
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('a budget whose chunk fails to load: the write is stored, the budget kept once a later load succeeds', async () => {
    const pageBytes = await discoverPageBytes();
    const maxBytes = Math.floor(pageBytes * 2.5);
    const real = lazyFeatures.eviction;
    const loads = vi.spyOn(lazyFeatures, 'eviction').mockImplementationOnce(CHUNK_FAILED).mockImplementation(real);
    const { logger, lines } = warnings();
    world = catalogueWorld();
    const catalogue = world.open({ maxBytes, freshness: LONG, logger });
    const evictions = recordEvictions(catalogue);
    await expect(catalogue.sync.pull('discoverTv', { page: 1 })).resolves.toMatchObject({ outcome: 'stored' });
    expect(lines).toContain('catalogue-sync: eviction failed');
    for (const page of [2, 3, 4, 5]) {
      await world.clock.advance(2 * MINUTE);
      await catalogue.sync.pull('discoverTv', { page });
    }
    expect(evictions.length).toBeGreaterThan(0);
    expect(await ledgerBytes(databaseOf(catalogue))).toBeLessThanOrEqual(maxBytes);
    // The ledger accounts every stored response, the first page's too (measured once the chunk came).
    const ledger = (await databaseOf(catalogue).sizeLedger.toCollection().primaryKeys()).sort();
    expect(ledger).toEqual((await databaseOf(catalogue).syncMeta.toCollection().primaryKeys()).sort());
    expect(loads).toHaveBeenCalledTimes(2);
  });
});

describe("a full disk: the core asks the entry's table for eviction at the first quota error", () => {
  /** The eager door: the quota faults are store middleware, which goes in before the core's database opens. */
  function open(options: OpenOptions = {}) {
    world = catalogueWorld();
    // eager: the core (and its database) exists at once, so the fault middleware is in before any write.
    const catalogue = world.open({ locks: heldElsewhere, freshness: LONG, door: 'eager', ...options });
    return { catalogue, clock: world.clock, quota: injectQuota(databaseOf(catalogue)) };
  }

  it('writes with room load nothing; the first quota error loads it, later ones reuse it', async () => {
    const loads = vi.spyOn(eagerFeatures, 'eviction');
    const { catalogue, clock, quota } = open();
    const evictions = recordEvictions(catalogue);
    for (const page of [1, 2, 3, 4, 5, 6, 7, 8]) {
      await catalogue.sync.pull('discoverTv', { page });
      await clock.advance(MINUTE);
    }
    expect(loads).not.toHaveBeenCalled();
    quota.arm(1);
    await expect(catalogue.sync.pull('discoverTv', { page: 9 })).resolves.toMatchObject({ outcome: 'stored' });
    quota.arm(1);
    await expect(catalogue.sync.pull('discoverTv', { page: 10 })).resolves.toMatchObject({ outcome: 'stored' });
    expect(evictions.map((event) => event.reason)).toEqual(['quota', 'quota']);
    expect(loads).toHaveBeenCalledTimes(1);
  });

  it('a chunk that fails to load: the write fails with the store’s error, nothing changes; the next loads it', async () => {
    const real = eagerFeatures.eviction;
    const loads = vi.spyOn(eagerFeatures, 'eviction').mockImplementationOnce(CHUNK_FAILED).mockImplementation(real);
    const { logger, lines } = warnings();
    const { catalogue, clock, quota } = open({ logger });
    const evictions = recordEvictions(catalogue);
    for (const page of [1, 2, 3, 4]) {
      await catalogue.sync.pull('discoverTv', { page });
      await clock.advance(MINUTE);
    }
    const before = await snapshot(databaseOf(catalogue));

    // The write and its retry both refused: with no eviction between them, the store's own error surfaces.
    quota.arm(Number.POSITIVE_INFINITY);
    const failed = await catalogue.sync.pull('discoverTv', { page: 5 }).catch((error: unknown) => error);
    quota.disarm();
    expect(isQuotaExceededError(failed)).toBe(true);
    expect(lines).toContain('catalogue-sync: eviction failed');
    expect(evictions).toEqual([]);
    expect(await snapshot(databaseOf(catalogue))).toEqual(before);

    await clock.advance(QUOTA_BACKOFF_MS);
    quota.arm(1);
    await expect(catalogue.sync.pull('discoverTv', { page: 5 })).resolves.toMatchObject({ outcome: 'stored' });
    expect(evictions.map((event) => event.reason)).toEqual(['quota']);
    expect(loads).toHaveBeenCalledTimes(2);
  });
});
