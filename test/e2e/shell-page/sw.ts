/**
 * The offline-shell test page's worker (built by vite-plugin-pwa's `injectManifest` as `/sw.js`): the library's
 * offline shell alone, with an image cap small enough for a test to go past.
 */
import {
  installOfflineShell,
  type OfflineShellScope,
  type PrecacheManifest,
} from '../../../src/sw/offline-shell-entry.js';
import { SHELL_IMAGE_CACHE, SHELL_MAX_IMAGES } from './shell-config.js';

/** The real `ServiceWorkerGlobalScope` with the WebWorker lib (`tsconfig.sw.json`); the structural one in the DOM program. */
type WorkerScope = typeof globalThis extends { ServiceWorkerGlobalScope: { prototype: infer S } }
  ? S
  : OfflineShellScope;

declare const self: WorkerScope & { readonly __WB_MANIFEST: PrecacheManifest };

installOfflineShell(self, {
  precache: self.__WB_MANIFEST,
  navigationDenylist: [/^\/__fake\//],
  images: { maxEntries: SHELL_MAX_IMAGES, cacheName: SHELL_IMAGE_CACHE },
});
