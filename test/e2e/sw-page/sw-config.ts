/** What the test page and its service worker agree on: one database, one tag. */
export const SW_DB_NAME = 'catalogue-sw-e2e';
export const SW_TAG = 'catalogue-refresh';
/** Short lifetimes, page and worker alike, so a test can make data stale by waiting a second. */
export const SW_FRESHNESS = { trendingTv: 1 } as const;
/** The worker's rate: the same as the tabs' in the rate test (members lease from the lowest configured limit). */
export const SW_RATE_LIMIT = { perSecond: 60 } as const;
