/**
 * `catalogue-sync/devtools`: a small developer panel for any page, framework-free (plain DOM in a shadow root). It
 * uses the catalogue's public API only: events, `queueStats`, `status`, the outbox view, `storage()` and
 * `sync.entries()` (the live keys of views, and their actions).
 */
export type { DevtoolsOptions } from './devtools-options.js';
export { type DevtoolsHandle, mountDevtools } from './mount-devtools.js';
