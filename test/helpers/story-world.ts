import type { CatalogueOptions } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import { type CatalogueWorld, catalogueWorld } from './catalogue-world.js';
import { reliabilityWorldOptions } from './reliability-world-options.js';

/** One account on a fresh fake service; every catalogue a test opens is a tab (or the next page) on one database. */
export interface StoryWorld {
  readonly world: CatalogueWorld;
  readonly session: { session_id: string; account_id: number };
  /** A series whose account state the tests change. */
  readonly series: number;
  /** Opens an instance through the users' door and waits for its core (the stories read its outbox at once). */
  open(wrapFetch?: (fetch: FetchLike) => FetchLike, options?: Partial<CatalogueOptions>): Promise<Catalogue>;
  /** The service's account state of `series` for the account. */
  truth(): { favorite: boolean; rated: false | { value: number }; watchlist: boolean };
  /** Steps virtual time until `done()` holds (at most `maxSteps` × 10 ms). */
  until(done: () => boolean | Promise<boolean>, maxSteps?: number): Promise<void>;
  closeAll(): Promise<void>;
}

export function storyWorld(seed = 5): StoryWorld {
  const world = catalogueWorld(
    reliabilityWorldOptions(seed, { service: { scale: 'small', rateLimit: false }, dbName: 'catalogue-stories' }),
  );
  const session = world.service.control.createSession();
  const series = world.service.control.allSeries()[1]?.id as number;
  return {
    world,
    session,
    series,
    async open(wrapFetch, options = {}) {
      const catalogue = world.open({ ...(wrapFetch ? { wrapFetch } : {}), retry: { attempts: 2 }, ...options });
      await catalogue.auth.ready();
      return catalogue;
    },
    truth() {
      return world.service.control.groundTruth('tvAccountStates', {
        series_id: series,
        session_id: session.session_id,
      }) as never;
    },
    async until(done, maxSteps = 2_000) {
      for (let step = 0; step < maxSteps; step++) {
        if (await done()) return;
        await world.settle(10);
      }
      throw new Error('until: the condition never held');
    },
    closeAll: () => world.closeAll(),
  };
}
