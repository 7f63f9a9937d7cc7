import { describe, expect, it } from 'vitest';
import {
  isApiRequest,
  isAppNavigation,
  isCachedImage,
  type OfflineShellOptions,
  resolveOfflineShellOptions,
} from '../../src/sw/offline-shell-options.js';

/**
 * The offline shell's decisions about each request, from its resolved options (the Workbox wiring that acts on
 * them runs in Chromium: `test/e2e/offline-shell.e2e.ts`).
 */
const ORIGIN = 'https://app.example';
const MANIFEST = [{ url: 'index.html', revision: 'a1' }, 'assets/main-abc123.js'];
const resolve = (options: Partial<OfflineShellOptions> = {}) =>
  resolveOfflineShellOptions({ precache: MANIFEST, ...options }, ORIGIN);
const url = (href: string) => new URL(href, ORIGIN);

describe('resolveOfflineShellOptions: defaults', () => {
  it('serves navigations the precached index.html, caches 200 images for 30 days, leaves /3/ alone', () => {
    const resolved = resolve();
    expect(resolved.navigationFallback).toBe('index.html');
    expect(resolved.navigationDenylist).toEqual([]);
    expect(resolved.apiPaths).toEqual([/^\/3\//]);
    expect(resolved.claimClients).toBe(true);
    expect(resolved.images).toMatchObject({
      maxEntries: 200,
      maxAgeSeconds: 2_592_000,
      cacheName: 'catalogue-sync-images',
    });
  });
});

describe('which requests the worker answers', () => {
  it('never the catalogue API, on its own origin or the service’s, whatever the other options match', () => {
    const resolved = resolve({ images: { match: () => true } });
    for (const href of ['/3/trending/tv/day', '/3/configuration?language=en', 'https://api.themoviedb.org/3/tv/1399']) {
      expect(isApiRequest(url(href), resolved), href).toBe(true);
      expect(isCachedImage(url(href), resolved), href).toBe(false);
      expect(isAppNavigation(url(href), ORIGIN, resolved), href).toBe(false);
    }
    expect(isApiRequest(url('/t/p/w342/a.jpg'), resolved)).toBe(false);
    // Not a prefix match on "/3": a page of the app may start with the digit.
    expect(isApiRequest(url('/30-rock'), resolved)).toBe(false);
  });

  it('images: /t/p/ on its own origin and the service’s image host by default, nothing else', () => {
    const resolved = resolve();
    expect(isCachedImage(url('/t/p/w342/poster.jpg'), resolved)).toBe(true);
    expect(isCachedImage(url('https://image.tmdb.org/t/p/w500/x.jpg'), resolved)).toBe(true);
    expect(isCachedImage(url('https://elsewhere.example/t/p/w500/x.jpg'), resolved)).toBe(false);
    expect(isCachedImage(url('/assets/poster.jpg'), resolved)).toBe(false);
    expect(isCachedImage(url('/t/p/w342/poster.jpg'), resolve({ images: false }))).toBe(false);
  });

  it('images: given origins replace the defaults; a match function replaces origins and path', () => {
    const cdn = resolve({ images: { origins: ['https://cdn.example/'] } });
    expect(isCachedImage(url('https://cdn.example/t/p/w92/a.png'), cdn)).toBe(true);
    expect(isCachedImage(url('/t/p/w92/a.png'), cdn)).toBe(false);
    const custom = resolve({ images: { match: (u) => u.pathname.endsWith('.webp') } });
    expect(isCachedImage(url('https://any.example/img/a.webp'), custom)).toBe(true);
    expect(isCachedImage(url('/t/p/w92/a.png'), custom)).toBe(false);
  });

  it('navigations: in the app’s origin, not the API, not a denied path; none with navigationFallback null', () => {
    const resolved = resolve({ navigationDenylist: [/^\/__fake\//] });
    expect(isAppNavigation(url('/'), ORIGIN, resolved)).toBe(true);
    expect(isAppNavigation(url('/series/1399'), ORIGIN, resolved)).toBe(true);
    expect(isAppNavigation(url('/__fake/now'), ORIGIN, resolved)).toBe(false);
    expect(isAppNavigation(url('https://other.example/'), ORIGIN, resolved)).toBe(false);
    expect(isAppNavigation(url('/'), ORIGIN, resolve({ navigationFallback: null }))).toBe(false);
  });
});

describe('resolveOfflineShellOptions: bad options are TypeErrors that say which', () => {
  it.each([
    ['no manifest (the build did not inject one)', { precache: undefined }, /precache must be the manifest/],
    ['a manifest entry without a URL', { precache: [{ revision: 'x' }] }, /entry without a URL/],
    ['an empty navigationFallback', { navigationFallback: '' }, /navigationFallback/],
    ['a denylist of strings', { navigationDenylist: ['/__fake/'] }, /navigationDenylist must be an array/],
    ['apiPaths not an array', { apiPaths: /^\/3\// }, /apiPaths must be an array/],
    ['images.maxEntries 0', { images: { maxEntries: 0 } }, /images\.maxEntries must be a positive integer/],
    ['images.maxAgeSeconds 1.5', { images: { maxAgeSeconds: 1.5 } }, /images\.maxAgeSeconds/],
    ['an image origin with a path', { images: { origins: ['https://cdn.example/t/p'] } }, /images\.origins/],
    ['an image origin that is not a URL', { images: { origins: ['cdn'] } }, /images\.origins/],
    ['images.match not a function', { images: { match: 'x' } }, /images\.match must be a function/],
    ['images true', { images: true }, /images must be an object or false/],
    ['an empty cache name', { images: { cacheName: '' } }, /images\.cacheName/],
    ['claimClients "yes"', { claimClients: 'yes' }, /claimClients must be a boolean/],
  ])('%s', (_, options, message) => {
    expect(() =>
      resolveOfflineShellOptions({ precache: MANIFEST, ...(options as object) } as OfflineShellOptions, ORIGIN),
    ).toThrow(message);
    expect(() =>
      resolveOfflineShellOptions({ precache: MANIFEST, ...(options as object) } as OfflineShellOptions, ORIGIN),
    ).toThrow(TypeError);
  });
});
