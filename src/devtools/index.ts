/**
 * `catalogue-sync/devtools`: a small developer panel for any page, framework-free (plain DOM in a shadow root). It
 * uses the catalogue's public API only: events, `queueStats`, `status`, the outbox view and `storage()`.
 */
export type { DevtoolsOptions } from './devtools-options.js';
export { type DevtoolsHandle, mountDevtools } from './mount-devtools.js';
