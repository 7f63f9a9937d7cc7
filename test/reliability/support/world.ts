import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { CatalogueOptions } from '../../../src/catalogue-options.js';
import type { Catalogue } from '../../../src/create-catalogue.js';
import { createCatalogue } from '../../../src/eager-entry.js';
import { createManualConnectivity, type FetchLike, type ManualConnectivity } from '../../../src/env.js';
import {
  createFakeService,
  createVirtualClock,
  FAKE_ACCESS_TOKEN,
  type FakeService,
  type FakeServiceOptions,
  type VirtualClock,
} from '../../../src/testing/index.js';

export const BASE_URL = 'http://127.0.0.1:8787';
/** 1 November 2026, 12:00 UTC: the whole run stays inside one service day (airing today, trending periods). */
export const START = Date.UTC(2026, 10, 1, 12);

import { seededRandom } from '../../support/seeded-random.js';

export { seededRandom };

/**
 * One fake service, one virtual clock, one connectivity and one IndexedDB factory shared by every catalogue a test
 * opens: `open()` again on the same world is a reload (or a restart after a crash) on the same database.
 */
export interface World {
  readonly service: FakeService;
  readonly clock: VirtualClock;
  readonly connectivity: ManualConnectivity;
  readonly indexedDB: IDBFactory;
  /** Requests the catalogues sent, in order. */
  readonly requests: Request[];
  open(options?: Partial<CatalogueOptions> & { wrapFetch?: (fetch: FetchLike) => FetchLike }): Catalogue;
  /** Lets queued work and IndexedDB settle, then moves virtual time by `ms`. */
  settle(ms?: number): Promise<void>;
}

export function createWorld(options: { seed: number; service?: FakeServiceOptions; dbName?: string }): World {
  const clock = createVirtualClock(START);
  const service = createFakeService({ seed: options.seed, clock, baseUrl: BASE_URL, ...options.service });
  const connectivity = createManualConnectivity(true);
  const indexedDB = new IDBFactory();
  const random = seededRandom(options.seed * 7919 + 1);
  const requests: Request[] = [];
  const recording: FetchLike = (input, init) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return service.fetch(request);
  };
  return {
    service,
    clock,
    connectivity,
    indexedDB,
    requests,
    open({ wrapFetch, ...overrides } = {}) {
      return createCatalogue({
        baseUrl: BASE_URL,
        accessToken: FAKE_ACCESS_TOKEN,
        fetch: wrapFetch ? wrapFetch(recording) : recording,
        clock,
        connectivity,
        random,
        indexedDB: { indexedDB, IDBKeyRange },
        dbName: options.dbName ?? 'catalogue-reliability',
        ...overrides,
      });
    },
    async settle(ms = 0) {
      for (let i = 0; i < 10; i++) await clock.flush();
      if (ms > 0) await clock.advance(ms);
      for (let i = 0; i < 10; i++) await clock.flush();
    },
  };
}

/** Collects unhandled rejections while a test runs: nothing the library starts may reject unobserved. */
export function watchUnhandledRejections(): { readonly reasons: unknown[]; stop(): void } {
  const reasons: unknown[] = [];
  const listener = (reason: unknown) => reasons.push(reason);
  process.on('unhandledRejection', listener);
  return { reasons, stop: () => process.off('unhandledRejection', listener) };
}
