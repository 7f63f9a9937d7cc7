import { type IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { CatalogueOptions } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import type { FakeService, FakeServiceOptions, VirtualClock } from '../../src/testing/index.js';
import { catalogueWorld } from '../helpers/catalogue-world.js';

/** One origin in Node: instances ("tabs", a worker) on ONE fake IndexedDB factory, one fake service, one clock. */
export interface TabsFixture {
  readonly service: FakeService;
  readonly clock: VirtualClock;
  readonly indexedDB: { indexedDB: IDBFactory; IDBKeyRange: typeof IDBKeyRange };
  /** Every URL any instance fetched, in order, tagged with the instance's name. */
  readonly fetched: { tab: string; url: string }[];
  /** Opens an instance on the shared database; closed by `close()`. */
  open(tab: string, options?: Partial<CatalogueOptions> & { wrapFetch?: (fetch: FetchLike) => FetchLike }): Catalogue;
  close(): Promise<void>;
}

/** A `catalogueWorld` whose instances each have their own connectivity, as separate tabs do. */
export function tabsFixture(service: FakeServiceOptions = {}): TabsFixture {
  const world = catalogueWorld({
    service: { rateLimit: false, ...service },
    dbName: 'catalogue-tabs',
    connectivity: 'per-instance',
  });
  return {
    service: world.service,
    clock: world.clock,
    indexedDB: { indexedDB: world.indexedDB, IDBKeyRange },
    fetched: world.fetched,
    open: (tab, options = {}) => world.open({ ...options, tab }),
    close: () => world.closeAll(),
  };
}

/** A fetch that holds every request until `release()`: a refresh that is plainly in progress. */
export function gatedFetch(): { wrap: (fetch: FetchLike) => FetchLike; release(): void; readonly waiting: number } {
  let open: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let waiting = 0;
  return {
    wrap: (fetch) => async (input, init) => {
      waiting += 1;
      await gate;
      waiting -= 1;
      return fetch(input, init);
    },
    release() {
      open();
      gate = Promise.resolve();
    },
    get waiting() {
      return waiting;
    },
  };
}

/**
 * Settles `promise` moving virtual time in small steps. `runUntil` jumps to the next timer as soon as a few
 * macrotasks pass, which lands on a far deadline (a budget, a timeout) while fake IndexedDB is still working.
 */
export async function stepUntil<T>(
  clock: VirtualClock,
  promise: Promise<T>,
  stepMs = 10,
  maxSteps = 1_000,
): Promise<T> {
  let done = false;
  const tracked = promise.finally(() => {
    done = true;
  });
  for (let step = 0; step < maxSteps && !done; step++) await clock.advance(stepMs);
  if (!done) throw new Error(`stepUntil: not settled within ${stepMs * maxSteps} ms of virtual time`);
  return tracked;
}
