import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogue } from '../../src/create-catalogue.js';
import { REST_AFTER_MAX_MS } from '../../src/first-read/early-fetch.js';
import type { CatalogueWorld } from '../helpers/catalogue-world.js';
import { catalogueWorld } from '../helpers/catalogue-world.js';
import { hasCore } from '../helpers/has-core.js';
import { record, until } from '../query/view-helpers.js';

/**
 * `loadRestAfter`: on a cold visit the rest of the library waits for the app's signal (its first screen's pictures
 * loaded), so its chunk does not share a slow link with them; at most `REST_AFTER_MAX_MS`, and only on a visit whose
 * answers came early. The early answer still shows at once, and nothing is asked of the service twice.
 */

let world: CatalogueWorld | undefined;
afterEach(async () => {
  await world?.closeAll();
  world = undefined;
});

/** Real time for a dynamic import to land (the core's chunk is a real module load, outside the virtual clock). */
const realTurns = async (catalogueWorld: CatalogueWorld) => {
  for (let turn = 0; turn < 10; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    await catalogueWorld.settle();
  }
};

function signal() {
  let give = () => {};
  const given = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { given, give };
}

describe('loadRestAfter holds the rest of the library on a cold visit', () => {
  it('the early answer shows, the rest waits for the signal, then arrives and adopts the one request', async () => {
    world = catalogueWorld();
    const pictures = signal();
    const start = world.clock.now();
    const catalogue = world.open({ loadRestAfter: pictures.given });
    const asked = catalogue.sync.pull('trendingMovies', { time_window: 'week' });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    await until(world.clock, view, (s) => s.data !== undefined, { maxMs: 1_000 });
    await realTurns(world);
    expect(world.clock.now() - start).toBeLessThan(REST_AFTER_MAX_MS);
    expect(hasCore(catalogue)).toBe(false);
    // A call asked for meanwhile waits with the rest: nothing of it has left.
    expect(world.service.log.count({ operation: 'trendingMovies' })).toBe(0);

    pictures.give();
    await asked;
    expect(hasCore(catalogue)).toBe(true);
    expect(world.service.log.count({ operation: 'trendingMovies' })).toBe(1);
    await world.settle(1_000);
    expect(world.service.log.count({ operation: 'trendingTv' })).toBe(1);
    seen.stop();
  });

  it('a signal that never comes holds the rest for REST_AFTER_MAX_MS at most', async () => {
    world = catalogueWorld();
    const catalogue = world.open({ loadRestAfter: new Promise(() => {}) });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    await until(world.clock, view, (s) => s.data !== undefined, { maxMs: 1_000 });
    await realTurns(world);
    expect(hasCore(catalogue)).toBe(false);
    await world.settle(REST_AFTER_MAX_MS);
    await realTurns(world);
    expect(hasCore(catalogue)).toBe(true);
    expect(world.service.log.count({ operation: 'trendingTv' })).toBe(1);
    seen.stop();
  });

  it('a visit with its answers stored does not wait for it', async () => {
    world = catalogueWorld();
    const first = world.open();
    await first.sync.pull('trendingTv', { time_window: 'day' });
    await first.close();

    const start = world.clock.now();
    const catalogue = world.open({ loadRestAfter: new Promise(() => {}) });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    await until(world.clock, view, (s) => s.data !== undefined, { maxMs: 1_000 });
    await until(world.clock, view, () => hasCore(catalogue), { maxMs: 1_000 });
    expect(world.clock.now() - start).toBeLessThan(REST_AFTER_MAX_MS);
    seen.stop();
  });

  it('anything but a promise is a TypeError at creation', () => {
    for (const given of [5, 'later', {}, null]) {
      expect(() =>
        createCatalogue({
          baseUrl: 'https://api.example.org',
          accessToken: 'token',
          storage: 'memory',
          loadRestAfter: given as never,
        }),
      ).toThrow(TypeError);
    }
  });
});
