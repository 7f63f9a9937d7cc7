/**
 * The test page's module service worker (built as `/sw.js`): the background refresh as a PWA installs it, on the
 * same database as the page, against the fake service on its own origin.
 */
import { createCatalogue } from '../../../src/eager-entry.js';
import { installBackgroundRefresh } from '../../../src/sw/index.js';
// The options module only: the testing barrel would drag the fake service (hono) into the worker.
import { FAKE_ACCESS_TOKEN } from '../../../src/testing/service/options.js';
import { SW_DB_NAME, SW_FRESHNESS, SW_RATE_LIMIT, SW_TAG } from './sw-config.js';

/**
 * The real `ServiceWorkerGlobalScope` where this file is checked with the WebWorker lib (`tsconfig.sw.json`: the
 * call below then proves the structural scope type accepts it), and `never` in the repository's DOM program, where
 * the type does not exist (DOM and WebWorker libs conflict in one program).
 */
type WorkerScope = typeof globalThis extends { ServiceWorkerGlobalScope: { prototype: infer S } } ? S : never;
const scope = self as unknown as WorkerScope;

installBackgroundRefresh(scope, {
  createCatalogue: () =>
    createCatalogue({
      baseUrl: self.location.origin,
      accessToken: FAKE_ACCESS_TOKEN,
      dbName: SW_DB_NAME,
      freshness: SW_FRESHNESS,
      rateLimit: SW_RATE_LIMIT,
    }),
  tag: SW_TAG,
  budgetMs: 20_000,
});
