/**
 * The runner's half of `sides/mark-first-content.ts`, shared by the benchmarks that time navigation → the 20th row
 * (`first-content`, `cold-first-content`).
 */
import type { Page } from 'playwright-core';

/** The longest a page may take to show its rows before the run fails. */
const SHOW_TIMEOUT_MS = 60_000;

declare global {
  interface Window {
    /** Set by `sides/mark-first-content.ts`, which each side's page loads first: resolves with the mark's time once the 20th row is in the DOM. */
    firstContent: Promise<number>;
  }
}

/**
 * Once the page has loaded (its module scripts ran): waits for its `first-content` mark through the promise its
 * HTML set up (nothing polls in the page while it loads); returns the mark's time from navigation start, read
 * back with `getEntriesByName`, and the first row's id.
 */
export async function awaitFirstContent(page: Page): Promise<{ ms: number; firstId: string }> {
  await page.evaluate(
    (timeout) =>
      Promise.race([
        window.firstContent,
        new Promise((_, reject) => setTimeout(() => reject(new Error('no first content')), timeout)),
      ]),
    SHOW_TIMEOUT_MS,
  );
  return page.evaluate(() => ({
    ms: (performance.getEntriesByName('first-content')[0] as PerformanceEntry).startTime,
    firstId: (document.querySelector('#rows > li') as HTMLElement).dataset.id ?? '',
  }));
}
