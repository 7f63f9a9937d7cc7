import { afterEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import type { CatalogueWorld } from '../helpers/catalogue-world.js';
import { catalogueWorld } from '../helpers/catalogue-world.js';
import { hasCore } from '../helpers/has-core.js';
import { record, until } from '../query/view-helpers.js';

/**
 * A page usually asks for the core at once, before its first screen subscribes: a status listener, the visit's
 * first sync, a read, a core store. None of them may put the core (its chunk, then its queue) ahead of a cold
 * visit's first request: the core is asked for then, and arrives once the first reads and early requests are done.
 */

let world: CatalogueWorld | undefined;
afterEach(async () => {
  await world?.closeAll();
  world = undefined;
});

/** A fetch that notes, per request, whether the catalogue's core had arrived when it was sent. */
function notingCore(sent: { path: string; core: boolean }[], catalogue: () => Catalogue | undefined) {
  return (fetch: FetchLike): FetchLike =>
    (input, init) => {
      const opened = catalogue();
      sent.push({ path: new URL(String(input)).pathname, core: opened !== undefined && hasCore(opened) });
      return fetch(input, init);
    };
}

/** What a page asks of the core before its first screen, and how to see that the ask was answered. */
const ASKS: readonly (readonly [string, (catalogue: Catalogue, world: CatalogueWorld) => () => Promise<unknown>])[] = [
  [
    'a status listener',
    (catalogue, world) => {
      const heard: unknown[] = [];
      catalogue.on('status', (status) => heard.push(status));
      // Heard once the core is there: a change of connection is told to it.
      return async () => {
        await until(world.clock, catalogue.trendingTv({ time_window: 'day' }), () => hasCore(catalogue));
        world.connectivity.setOnline(false);
        await until(world.clock, catalogue.trendingTv({ time_window: 'day' }), () => heard.length > 0);
        world.connectivity.setOnline(true);
        return heard;
      };
    },
  ],
  [
    'a sync call',
    (catalogue, world) => {
      const done = catalogue.sync.pull('trendingMovies', { time_window: 'week' });
      return async () => {
        await done;
        expect(world.service.log.count({ operation: 'trendingMovies' })).toBe(1);
      };
    },
  ],
  [
    'a read',
    (catalogue) => {
      const done = catalogue.read('trendingMovies', { time_window: 'week' });
      return () => done;
    },
  ],
  [
    'a core store subscribed (the user)',
    (catalogue, world) => {
      const stop = catalogue.user.subscribe(() => {});
      return async () => {
        await until(world.clock, catalogue.trendingTv({ time_window: 'day' }), () => {
          return catalogue.user.getSnapshot().status !== 'restoring';
        });
        stop();
      };
    },
  ],
];

describe('asked for before the first screen, the core still comes after a cold visit’s first request', () => {
  for (const [name, ask] of ASKS) {
    it(`${name}: the view's request leaves before the core, once, and the ask is answered after`, async () => {
      world = catalogueWorld();
      const sent: { path: string; core: boolean }[] = [];
      let catalogue: Catalogue | undefined;
      catalogue = world.open({ wrapFetch: notingCore(sent, () => catalogue) });
      const answered = ask(catalogue, world);
      const view = catalogue.trendingTv({ time_window: 'day' });
      const seen = record(view);
      await until(world.clock, view, (s) => s.data !== undefined);
      expect(sent[0]).toStrictEqual({ path: '/3/trending/tv/day', core: false });

      await answered();
      expect(hasCore(catalogue)).toBe(true);
      await world.settle(1_000);
      expect(world.service.log.count({ operation: 'trendingTv' })).toBe(1);
      seen.stop();
    });
  }

  it('asked for with no view on the page, the core arrives all the same', async () => {
    world = catalogueWorld();
    const catalogue = world.open();
    catalogue.on('status', () => {});
    const done = catalogue.sync.pull('trendingMovies', { time_window: 'week' });
    await done;
    expect(hasCore(catalogue)).toBe(true);
    expect(world.service.log.count({ operation: 'trendingMovies' })).toBe(1);
  });
});
