/**
 * What the page and its service worker agree on. The demo runs against the embedded fake service on its own
 * origin, whose token is public; a real token would be kept in memory, never in IndexedDB or a URL.
 */
export { FAKE_ACCESS_TOKEN as DEMO_TOKEN } from '../../src/testing/service/options.js';

export const DEMO_DB_NAME = 'catalogue-demo';
/** The worker's background refresh and the tabs share one budget: configure both the same. */
export const DEMO_RATE_LIMIT = { perSecond: 20, concurrency: 6 } as const;
/** Cached posters and profiles beyond this count are evicted oldest first. */
export const IMAGE_CACHE_MAX_ENTRIES = 400;
