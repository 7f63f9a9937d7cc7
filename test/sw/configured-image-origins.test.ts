import { describe, expect, it } from 'vitest';
import { configuredImageOrigins } from '../../src/sw/configured-image-origins.js';
import { type BackgroundCatalogue, installBackgroundRefresh } from '../../src/sw/index.js';
import { isCachedImage, resolveOfflineShellOptions } from '../../src/sw/offline-shell-options.js';
import { createVirtualClock } from '../../src/testing/index.js';
import { FakeWorkerScope } from './fake-worker-scope.js';

const OWN = 'https://app.example';
const FAKE = 'http://127.0.0.1:41234';
const RESULT = { updated: 0, unchanged: 0, failed: 0, remaining: 0 };

/** A worker's catalogue whose stored configuration answers `read('configuration')` as given. */
function catalogueWith(read: () => Promise<unknown>): BackgroundCatalogue {
  return { sync: { refresh: async () => RESULT }, read } as unknown as BackgroundCatalogue;
}

/** A shell's image rule on `scope` and a refresh on the same scope, as the README's worker installs them. */
async function afterOneRefresh(catalogue: BackgroundCatalogue, images?: { origins?: string[] }) {
  const scope = new FakeWorkerScope();
  const shell = resolveOfflineShellOptions({ precache: [], images }, OWN, () => configuredImageOrigins(scope));
  const cached = (url: string) => isCachedImage(new URL(url), shell);
  const before = cached(`${FAKE}/t/p/w342/poster.jpg`);
  const refresh = installBackgroundRefresh(scope, {
    createCatalogue: () => catalogue,
    budgetMs: 5_000,
    clock: createVirtualClock(0),
  });
  const run = await refresh.refresh('message');
  return { before, cached, run };
}

describe("the offline shell caches the configuration's image origin", () => {
  it("learns the service's image origin from the stored configuration when the worker's catalogue refreshes", async () => {
    const catalogue = catalogueWith(async () => ({ images: { secure_base_url: `${FAKE}/t/p/` } }));
    const { before, cached, run } = await afterOneRefresh(catalogue);
    expect(run.outcome).toBe('done');
    expect(before).toBe(false);
    expect(cached(`${FAKE}/t/p/w342/poster.jpg`)).toBe(true);
    // Only the image paths of that origin: its API and other ports stay the network's.
    expect(cached(`${FAKE}/3/tv/1`)).toBe(false);
    expect(cached(`${FAKE}/poster.jpg`)).toBe(false);
    expect(cached('http://127.0.0.1:9999/t/p/w342/poster.jpg')).toBe(false);
    // The defaults are still there.
    expect(cached(`${OWN}/t/p/w342/a.jpg`)).toBe(true);
    expect(cached('https://image.tmdb.org/t/p/w342/a.jpg')).toBe(true);
  });

  it('adds the origin to a listed `images.origins` as well', async () => {
    const catalogue = catalogueWith(async () => ({ images: { secure_base_url: `${FAKE}/t/p/` } }));
    const { cached } = await afterOneRefresh(catalogue, { origins: ['https://cdn.example'] });
    expect(cached('https://cdn.example/t/p/w92/a.jpg')).toBe(true);
    expect(cached(`${FAKE}/t/p/w92/a.jpg`)).toBe(true);
  });

  it.each([
    ['no stored configuration', async () => undefined],
    ['a configuration that cannot be read', async () => Promise.reject(new Error('offline'))],
    ['a secure_base_url that is not a URL', async () => ({ images: { secure_base_url: 'not a url' } })],
  ])('learns nothing from %s, and the refresh still succeeds', async (_, read) => {
    const { cached, run } = await afterOneRefresh(catalogueWith(read));
    expect(run.outcome).toBe('done');
    expect(cached(`${FAKE}/t/p/w342/poster.jpg`)).toBe(false);
  });

  it("never widens the user's own `images.match`", () => {
    const scope = new FakeWorkerScope();
    const shell = resolveOfflineShellOptions(
      { precache: [], images: { match: (url) => url.hostname === 'only.example' } },
      OWN,
      () => new Set([FAKE]),
    );
    expect(isCachedImage(new URL(`${FAKE}/t/p/w92/a.jpg`), shell)).toBe(false);
    expect(configuredImageOrigins(scope).size).toBe(0);
  });
});
