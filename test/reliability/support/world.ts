import type { IDBFactory } from 'fake-indexeddb';
import type { CatalogueOptions } from '../../../src/catalogue-options.js';
import type { Catalogue } from '../../../src/create-catalogue.js';
import type { FetchLike, ManualConnectivity } from '../../../src/env.js';
import type { FakeService, FakeServiceOptions, VirtualClock } from '../../../src/testing/index.js';
import { type CatalogueDoor, catalogueWorld } from '../../helpers/catalogue-world.js';

export { BASE_URL } from '../../helpers/catalogue-world.js';
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

/**
 * The reliability suites' `catalogueWorld`: its start, its seeds and its database name. Its door is `eager` unless
 * asked: the suites on it (crash points, quota, the durable sign-out) install store middleware and read the core's
 * database right after `open()`, before a lazy core could have arrived.
 */
export function createWorld(options: {
  seed: number;
  service?: FakeServiceOptions;
  dbName?: string;
  door?: CatalogueDoor;
}): World {
  return catalogueWorld({
    door: options.door ?? 'eager',
    start: START,
    seed: options.seed,
    ...(options.service ? { service: options.service } : {}),
    randomSeed: options.seed * 7919 + 1,
    dbName: options.dbName ?? 'catalogue-reliability',
  });
}

/** Collects unhandled rejections while a test runs: nothing the library starts may reject unobserved. */
export function watchUnhandledRejections(): { readonly reasons: unknown[]; stop(): void } {
  const reasons: unknown[] = [];
  const listener = (reason: unknown) => reasons.push(reason);
  process.on('unhandledRejection', listener);
  return { reasons, stop: () => process.off('unhandledRejection', listener) };
}
