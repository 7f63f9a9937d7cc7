import type { FakeServiceOptions } from '../../src/testing/index.js';
import { type CatalogueWorld, catalogueWorld } from './catalogue-world.js';

/**
 * One origin in Node: a `catalogueWorld` whose instances ("tabs", a worker) share one database and one service,
 * each with its own connectivity as separate tabs have. No rate limit unless asked: the tests count requests.
 */
export function tabsWorld(service: FakeServiceOptions = {}): CatalogueWorld {
  return catalogueWorld({
    service: { rateLimit: false, ...service },
    dbName: 'catalogue-tabs',
    connectivity: 'per-instance',
  });
}
