/**
 * `catalogue-sync/sw/offline-shell`: app-shell and image caching for a service worker, on Workbox. An entry of
 * its own so that `catalogue-sync/sw` (imported by pages for the background refresh's registration) never
 * reaches Workbox, which is worker code.
 */
export { installOfflineShell, type OfflineShell, type OfflineShellScope } from './install-offline-shell.js';
export {
  DEFAULT_IMAGE_CACHE,
  type OfflineImagesOptions,
  type OfflineShellOptions,
  type PrecacheEntry,
  type PrecacheManifest,
  TMDB_IMAGE_ORIGIN,
} from './offline-shell-options.js';
export { isSkipWaitingMessage, SKIP_WAITING, type SkipWaitingMessage } from './skip-waiting-message.js';
