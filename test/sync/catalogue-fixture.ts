import { afterEach } from 'vitest';
import type { CatalogueOptions } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import type { createManualConnectivity, FetchLike } from '../../src/env.js';
import type { FakeService, FakeServiceOptions, VirtualClock } from '../../src/testing/index.js';
import { type CatalogueDoor, catalogueWorld } from '../helpers/catalogue-world.js';

export { BASE_URL } from '../helpers/catalogue-world.js';

export interface CatalogueFixture {
  readonly catalogue: Catalogue;
  readonly service: FakeService;
  readonly clock: VirtualClock;
  readonly connectivity: ReturnType<typeof createManualConnectivity>;
  /** Every URL the catalogue fetched, in order. */
  readonly urls: string[];
}

/**
 * One catalogue, made by the main entry's `createCatalogue`, in a fresh `catalogueWorld`: a fresh fake IndexedDB
 * and the in-process fake service on one virtual clock, with a seeded random, so every run sees the same timeline.
 */
export function catalogueFixture(
  options: {
    service?: FakeServiceOptions;
    catalogue?: Partial<CatalogueOptions>;
    wrapFetch?: (fetch: FetchLike) => FetchLike;
    /** The main entry unless a test needs the core at once (and says why). */
    door?: CatalogueDoor;
  } = {},
): CatalogueFixture {
  const world = catalogueWorld({
    ...(options.service ? { service: options.service } : {}),
    ...(options.door ? { door: options.door } : {}),
  });
  const catalogue = world.open({
    ...options.catalogue,
    ...(options.wrapFetch ? { wrapFetch: options.wrapFetch } : {}),
  });
  return { catalogue, service: world.service, clock: world.clock, connectivity: world.connectivity, urls: world.urls };
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
