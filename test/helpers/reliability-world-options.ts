import type { CatalogueWorldOptions } from './catalogue-world.js';

/** 1 November 2026, 12:00 UTC: a reliability run stays inside one service day (airing today, trending periods). */
export const START = Date.UTC(2026, 10, 1, 12);

/**
 * The reliability suites' `catalogueWorld` options: their start, and the catalogues' random seeded from the
 * service's seed, so each seed of a property run is one whole timeline.
 */
export function reliabilityWorldOptions(
  seed: number,
  options: Omit<CatalogueWorldOptions, 'seed' | 'start' | 'randomSeed'> = {},
): CatalogueWorldOptions {
  return { start: START, seed, randomSeed: seed * 7919 + 1, dbName: 'catalogue-reliability', ...options };
}
