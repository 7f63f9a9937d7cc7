import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { CatalogueOptions } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import { createCatalogue } from '../../src/eager-entry.js';
import { createManualConnectivity, type FetchLike } from '../../src/env.js';
import {
  createFakeService,
  createVirtualClock,
  FAKE_ACCESS_TOKEN,
  type FakeService,
  type FakeServiceOptions,
  type VirtualClock,
} from '../../src/testing/index.js';
import { seededRandom } from '../support/seeded-random.js';
import { BASE_URL } from './catalogue-fixture.js';

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

export function tabsFixture(service: FakeServiceOptions = {}): TabsFixture {
  const clock = createVirtualClock(Date.UTC(2026, 10, 1));
  const fake = createFakeService({ seed: 7, scale: 'small', clock, baseUrl: BASE_URL, rateLimit: false, ...service });
  const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
  const fetched: { tab: string; url: string }[] = [];
  const open: Catalogue[] = [];
  const random = seededRandom(1);
  return {
    service: fake,
    clock,
    indexedDB,
    fetched,
    open(tab, options = {}) {
      const { wrapFetch, ...rest } = options;
      const recording: FetchLike = (input, init) => {
        fetched.push({ tab, url: input instanceof Request ? input.url : String(input) });
        return fake.fetch(input, init);
      };
      const catalogue = createCatalogue({
        baseUrl: BASE_URL,
        accessToken: FAKE_ACCESS_TOKEN,
        fetch: wrapFetch ? wrapFetch(recording) : recording,
        clock,
        connectivity: createManualConnectivity(true),
        random,
        indexedDB,
        dbName: 'catalogue-tabs',
        ...rest,
      });
      open.push(catalogue);
      return catalogue;
    },
    async close() {
      for (const catalogue of open.splice(0)) await catalogue.close();
    },
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
