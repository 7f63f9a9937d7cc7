/**
 * The demo's module service worker (built by vite-plugin-pwa's `injectManifest` as `/sw.js`, see
 * `vite.config.ts`): the library's offline shell — the build's files precached and served cache first, posters
 * cached with a cap — and its background refresh on the page's database.
 */
// biome-ignore assist/source/organizeImports: first, so zod is jitless before the library builds its schemas.
import { ZOD_JITLESS } from './app/zod-jitless.js';
import { createCatalogue } from '../src/eager-entry.js';
import { type BackgroundRefreshScope, installBackgroundRefresh } from '../src/sw/index.js';
import { installOfflineShell, type OfflineShellScope, type PrecacheManifest } from '../src/sw/offline-shell-entry.js';
import { DEMO_DB_NAME, DEMO_RATE_LIMIT, DEMO_TOKEN, IMAGE_CACHE_MAX_ENTRIES } from './app/config.js';

/**
 * The real `ServiceWorkerGlobalScope` under `demo/tsconfig.sw.json` (WebWorker lib); in the DOM program, where
 * the type does not exist (the two libs conflict in one program), the structural scope the library takes.
 */
type WorkerScope = typeof globalThis extends { ServiceWorkerGlobalScope: { prototype: infer S } }
  ? S
  : OfflineShellScope & BackgroundRefreshScope;

/** `__WB_MANIFEST`: the build writes the precache manifest in its place. */
declare const self: WorkerScope & { readonly __WB_MANIFEST: PrecacheManifest };

if (!ZOD_JITLESS) throw new Error('zod must run jitless under the worker’s Content-Security-Policy');

installOfflineShell(self, {
  precache: self.__WB_MANIFEST,
  navigationFallback: 'index.html',
  // The embedded fake's control routes share the origin with the page; `/3/…` (the API) is left alone by default.
  navigationDenylist: [/^\/__fake\//],
  images: { maxEntries: IMAGE_CACHE_MAX_ENTRIES },
});

installBackgroundRefresh(self, {
  createCatalogue: () =>
    createCatalogue({
      baseUrl: self.location.origin,
      accessToken: DEMO_TOKEN,
      dbName: DEMO_DB_NAME,
      rateLimit: DEMO_RATE_LIMIT,
    }),
  budgetMs: 25_000,
});
