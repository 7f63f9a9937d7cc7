import type { CatalogueOptions } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import { createWorld, type World } from '../reliability/support/world.js';

/**
 * Writes that reach the service (it commits them) and whose answers are then held until `release()`: a tab that
 * is "sending" a change right now, with the change already landed. `GET`s pass.
 */
export interface HeldWrites {
  wrap(fetch: FetchLike): FetchLike;
  /** Writes committed by the service whose answers wait. */
  readonly held: number;
  /** Lets every held answer (and later ones) through. */
  release(): void;
}

export function holdWrites(): HeldWrites {
  let open = false;
  let held = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    wrap: (fetch) => async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'GET' || open) return fetch(request);
      const response = await fetch(request);
      held += 1;
      await gate;
      return response;
    },
    get held() {
      return held;
    },
    release() {
      open = true;
      release();
    },
  };
}

/** One account on a fresh fake service; every catalogue a test opens is a tab (or the next page) on one database. */
export interface StoryWorld {
  readonly world: World;
  readonly session: { session_id: string; account_id: number };
  /** A series whose account state the tests change. */
  readonly series: number;
  open(wrapFetch?: (fetch: FetchLike) => FetchLike, options?: Partial<CatalogueOptions>): Promise<Catalogue>;
  /** The service's account state of `series` for the account. */
  truth(): { favorite: boolean; rated: false | { value: number }; watchlist: boolean };
  /** Steps virtual time until `done()` holds (at most `maxSteps` × 10 ms). */
  until(done: () => boolean | Promise<boolean>, maxSteps?: number): Promise<void>;
  closeAll(): Promise<void>;
}

export function storyWorld(seed = 5): StoryWorld {
  const world = createWorld({
    seed,
    service: { scale: 'small', rateLimit: false },
    dbName: 'catalogue-stories',
    door: 'lazy',
  });
  const session = world.service.control.createSession();
  const series = world.service.control.allSeries()[1]?.id as number;
  const opened: Catalogue[] = [];
  return {
    world,
    session,
    series,
    async open(wrapFetch, options = {}) {
      const catalogue = world.open({ ...(wrapFetch ? { wrapFetch } : {}), retry: { attempts: 2 }, ...options });
      opened.push(catalogue);
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
    async closeAll() {
      for (const catalogue of opened.splice(0)) await catalogue.close();
    },
  };
}
