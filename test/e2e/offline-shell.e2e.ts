/**
 * `installOfflineShell` (`catalogue-sync/sw/offline-shell`) in Chromium, in an app of nothing but its worker
 * (`test/e2e/shell-page/`, built with vite-plugin-pwa's `injectManifest`): the build's files are precached and
 * answer every navigation offline, deep links included; the catalogue API is never answered or cached by the
 * worker; images are served cache first and the ones past the cap are evicted, least recently used first.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { SHELL_IMAGE_CACHE, SHELL_MAX_IMAGES } from './shell-page/shell-config.js';
import { type E2EHarness, startE2E } from './support/e2e-harness.js';
import { type PageProblems, watchPageProblems } from './support/page-problems.js';
import { shellPage } from './support/shell-page.js';

let e2e: E2EHarness;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  e2e = await startE2E({ service: { seed: 2, scale: 'small' }, page: shellPage() });
  problems = await watchPageProblems(e2e.context);
  page = await e2e.context.newPage();
  await page.goto(`${e2e.url}/`);
  await page.locator('body[data-ready="true"]').waitFor();
  // `clients.claim()` on the first activation: this very page is controlled, no reload needed.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
});

afterAll(async () => {
  await e2e?.close();
});

afterEach(async () => {
  await e2e.context.setOffline(false);
});

/** Loads an image as an `<img>` does, resolving with whether it showed. */
function loadImage(path: string): Promise<boolean> {
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const image = new Image();
        image.onload = () => resolve(image.naturalWidth > 0);
        image.onerror = () => resolve(false);
        image.src = src;
      }),
    path,
  );
}

/** Every URL path in the origin's Cache Storage, by cache. */
function cachedPaths(): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const found: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      found[name] = keys.map((request) => new URL(request.url).pathname).sort();
    }
    return found;
  });
}

/**
 * Empties the browser's HTTP cache (not Cache Storage), and opens the page again for an empty in-memory image
 * cache: what then answers offline can only be the worker.
 */
async function forgetHttpCache(): Promise<void> {
  const cdp = await e2e.context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.goto(`${e2e.url}/`);
  await page.locator('body[data-ready="true"]').waitFor();
}

const FAILED_IMAGE_OFFLINE =
  /^console error: Failed to load resource: net::ERR_FAILED \(http:\/\/127\.0\.0\.1:\d+\/t\/p\//;

describe('installOfflineShell in Chromium', () => {
  it('precaches the build by revision: offline, any navigation in scope gets the precached page', async () => {
    const precache = Object.entries(await cachedPaths()).find(([name]) => name.includes('precache'));
    expect(precache?.[1]).toEqual(expect.arrayContaining(['/index.html', expect.stringMatching(/^\/assets\/.+\.js$/)]));
    await e2e.context.setOffline(true);
    for (const path of ['/', '/index.html', '/some/deep/link?x=1']) {
      await page.goto(`${e2e.url}${path}`);
      expect(await page.locator('h1').textContent(), path).toBe('Offline shell page');
    }
    // A denied path is not the app: offline, it fails as it would without a worker.
    await expect(page.goto(`${e2e.url}/__fake/now`)).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
    await e2e.context.setOffline(false);
    await page.goto(`${e2e.url}/`);
    await page.locator('body[data-ready="true"]').waitFor();
    expect(problems.take([/ERR_INTERNET_DISCONNECTED/])).toEqual([]);
  });

  it('never answers or caches the catalogue API: IndexedDB is its cache', async () => {
    const { log } = e2e.served.service;
    const before = log.count({ operation: 'configuration' });
    // `no-store`: the browser's HTTP cache stays out of it, so only the worker could answer without the service.
    const statuses = await page.evaluate(async (token) => {
      const init: RequestInit = { headers: { Authorization: `Bearer ${token}` }, cache: 'no-store' };
      return [(await fetch('/3/configuration', init)).status, (await fetch('/3/configuration', init)).status];
    }, FAKE_ACCESS_TOKEN);
    expect(statuses).toEqual([200, 200]);
    expect(log.count({ operation: 'configuration' }) - before).toBe(2);
    expect(
      Object.values(await cachedPaths())
        .flat()
        .filter((path) => path.startsWith('/3/')),
    ).toEqual([]);
    expect(problems.take()).toEqual([]);
  });

  it('serves images cache first and evicts the least recently used past the cap', async () => {
    const names = ['first', 'second', 'third', 'fourth', 'fifth'];
    for (const name of names) {
      expect(await loadImage(`/t/p/w92/${name}.jpg`)).toBe(true);
      // Entries are ordered by when they were last used: keep each one's time apart.
      await page.waitForTimeout(20);
    }
    const kept = names.slice(-SHELL_MAX_IMAGES).map((name) => `/t/p/w92/${name}.jpg`);
    // The expiration runs just after each write.
    await expect.poll(async () => (await cachedPaths())[SHELL_IMAGE_CACHE]).toEqual([...kept].sort());

    await forgetHttpCache();
    await e2e.context.setOffline(true);
    expect(await loadImage('/t/p/w92/fifth.jpg')).toBe(true);
    expect(await loadImage('/t/p/w92/third.jpg')).toBe(true);
    expect(await loadImage('/t/p/w92/first.jpg')).toBe(false);
    expect(problems.take([FAILED_IMAGE_OFFLINE])).toEqual([]);
  });
});
