import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach } from 'vitest';
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

export const BASE_URL = 'http://127.0.0.1:8787';

export interface CatalogueFixture {
  readonly catalogue: Catalogue;
  readonly service: FakeService;
  readonly clock: VirtualClock;
  readonly connectivity: ReturnType<typeof createManualConnectivity>;
  /** Every URL the catalogue fetched, in order. */
  readonly urls: string[];
}

/**
 * A catalogue over a fresh fake IndexedDB and the in-process fake service, both on one virtual clock, with a
 * seeded random: every run of a test sees the same timeline.
 */
export function catalogueFixture(
  options: {
    service?: FakeServiceOptions;
    catalogue?: Partial<CatalogueOptions>;
    wrapFetch?: (fetch: FetchLike) => FetchLike;
  } = {},
): CatalogueFixture {
  const clock = createVirtualClock(Date.UTC(2026, 10, 1));
  const service = createFakeService({ seed: 7, scale: 'small', clock, baseUrl: BASE_URL, ...options.service });
  const connectivity = createManualConnectivity(true);
  const urls: string[] = [];
  const recording: FetchLike = (input, init) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return service.fetch(input, init);
  };
  const random = seededRandom(1);
  const catalogue = createCatalogue({
    baseUrl: BASE_URL,
    accessToken: FAKE_ACCESS_TOKEN,
    fetch: options.wrapFetch ? options.wrapFetch(recording) : recording,
    clock,
    connectivity,
    random,
    indexedDB: { indexedDB: new IDBFactory(), IDBKeyRange },
    dbName: 'catalogue-test',
    ...options.catalogue,
  });
  return { catalogue, service, clock, connectivity, urls };
}

/**
 * `catalogueFixture` for one test file: every catalogue it opens is closed after each test. Call at the top
 * level of the file (it registers the `afterEach`).
 */
export function closedAfterEach(): (options?: Parameters<typeof catalogueFixture>[0]) => CatalogueFixture {
  const open: CatalogueFixture[] = [];
  afterEach(async () => {
    for (const fixture of open.splice(0)) await fixture.catalogue.close();
  });
  return (options = {}) => {
    const fixture = catalogueFixture(options);
    open.push(fixture);
    return fixture;
  };
}
