import type { CatalogueWorldOptions } from './catalogue-world.js';
import type { SecretCapture } from './secret-capture.js';

/**
 * The outbox suites' `catalogueWorld` options: no rate limit (they count writes, not waits), two attempts per
 * request, and (given a capture) every instance captured for the scan for secrets after the file.
 */
export function outboxWorldOptions(
  capture?: SecretCapture,
  options: CatalogueWorldOptions = {},
): CatalogueWorldOptions {
  return {
    seed: 11,
    randomSeed: 7,
    dbName: 'catalogue-outbox-test',
    ...(capture ? { capture } : {}),
    // The suites assert right after `settle()` what a reload or a drain left, core included: real timer turns.
    settleRounds: 20,
    settleOnTimers: true,
    ...options,
    service: { rateLimit: false, ...options.service },
    defaults: { retry: { attempts: 2 }, ...options.defaults },
  };
}
