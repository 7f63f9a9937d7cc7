import type { Page } from 'playwright-core';

/**
 * Playwright's offline emulation in some Chromium builds (Debian's 150 here; not 156) leaves `navigator.onLine`
 * true in a document loaded while offline (a reload, a new page). The page then does what it does online, and the
 * browser logs each request it fails with this line. Where a page loaded offline was told it is online, a test
 * tolerates these lines (the page's own code logs nothing); where it was told the truth, nothing is tolerated.
 */
export const API_REQUEST_OFFLINE =
  /^console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(http:\/\/127\.0\.0\.1:\d+\/3\//;

/** What a page loaded offline may log: nothing, unless the browser told it it is online. */
export async function offlineLoadTolerates(page: Page): Promise<RegExp[]> {
  return (await page.evaluate(() => navigator.onLine)) ? [API_REQUEST_OFFLINE] : [];
}
