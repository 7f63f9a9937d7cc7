/**
 * The demo PWA (`demo/`) in Chromium on the one-origin server: the first visit syncs with a progress bar that
 * reaches 100%, every screen renders and passes axe at a desktop and a phone size (a screenshot of each is saved
 * under `.tmp-e2e-demo/` to look at), the focus stays on the control that acted, and with the network cut a reload
 * shows the visited screens from IndexedDB through the worker's cached shell and images, with discover filters
 * running locally. All of it under the demo server's strict CSP: a test fails on any console error, uncaught
 * error or CSP violation.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoPageOrigins } from '../../demo/serve-demo.js';
import demoConfig from '../../demo/vite.config.js';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { contentSecurityPolicy } from '../../src/testing/content-security-policy.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { launchChromium } from './support/chromium.js';
import { type E2EHarness, startE2E } from './support/e2e-harness.js';
import { offlineLoadTolerates } from './support/offline-emulation.js';
import { type PageProblems, watchPageProblems } from './support/page-problems.js';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp-e2e-demo/', import.meta.url));

let e2e: E2EHarness;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  e2e = await startE2E({
    // The CSP `npm run demo` serves the page with.
    service: { seed: 5, scale: 'small', pageOrigins: demoPageOrigins() },
    page: { root: fileURLToPath(new URL('../../demo/', import.meta.url)), vite: demoConfig },
  });
  problems = await watchPageProblems(e2e.context);
  page = await e2e.context.newPage();
  await page.setViewportSize({ width: 1280, height: 860 });
});

afterAll(async () => {
  await e2e?.close();
});

async function shot(name: string, fullPage = true): Promise<void> {
  // A full-page shot shows images below the fold too: load the lazy ones instead of waiting for a scroll.
  await page.evaluate(() => {
    for (const image of document.images) image.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage });
}

/** Opens a screen by its hash and waits for its first rendered item. */
async function openScreen(hash: string, ready: string): Promise<void> {
  await page.evaluate((target) => {
    location.hash = target;
  }, hash);
  await page.locator(ready).first().waitFor();
}

const cardCount = (scope = 'main') => page.locator(`${scope} .card`).count();

/**
 * Waits until the header's status line reads `text`. Bounded by the test's own timeout, not a shorter one: the
 * batch it waits for ends when its requests have their answers, which a loaded machine only delays.
 */
async function statusLine(text: string): Promise<void> {
  await page.waitForFunction((expected) => document.getElementById('sync-label')?.textContent === expected, text, {
    timeout: 0,
  });
}

/** The screen has its heading and nothing in it is still loading (skeletons and readers say `aria-busy`). */
async function screenSettled(): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('main #screen-title') !== null && !document.querySelector('main [aria-busy="true"]'),
  );
}

/** The focused element's `data-focus-key`, `id` or text: where the next Tab starts from. */
const focused = () =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.getAttribute('data-focus-key') ?? (active?.id || active?.textContent?.trim() || active?.tagName);
  });

/** For a poll that waits on the service: the machine may be busy, and `expect.poll` gives up after 1 s by default. */
const SERVICE_WAIT = { timeout: 15_000 };

/** Scrolls to the bottom of the screen, where a paged list's sentinel is. */
async function scrollToEnd(): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
}

/** Offline, a poster the worker never cached fails to load (and the page shows a placeholder): by design. */
const UNCACHED_IMAGE_OFFLINE =
  /^console error: Failed to load resource: net::ERR_FAILED \(http:\/\/127\.0\.0\.1:\d+\/t\/p\//;

/** The browser logs a fetch the service answered 404: expected when a test opens an id it does not know. */
const NOT_FOUND_LOAD = /^console error: Failed to load resource: the server responded with a status of 404/;

/**
 * Runs `use` on a page of a new Chromium on a new, empty profile (no database, worker or cache of the demo), which
 * fails the test on a console error, uncaught error or CSP violation like the main page does.
 */
async function onFreshProfile(use: (fresh: Page) => Promise<void>): Promise<void> {
  const profile = await mkdtemp(join(tmpdir(), 'catalogue-e2e-fresh-'));
  const context = await launchChromium(profile);
  try {
    const freshProblems = await watchPageProblems(context);
    await use(await context.newPage());
    expect(freshProblems.take()).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/** A request whose connection the fake resets fails to load (the browser says so): by design in that test. */
const REFUSED_CONNECTION = /^console error: Failed to load resource: net::ERR_[A-Z_]+ \(http:\/\/127\.0\.0\.1:\d+\/3\//;

describe('the demo PWA', () => {
  // A test that fails while offline must not leave the next ones offline too.
  afterEach(async () => {
    await e2e.context.setOffline(false);
    expect(problems.take()).toEqual([]);
  });

  it('is served under a strict CSP with nothing inline: the page, its worker and every file', async () => {
    const policy = contentSecurityPolicy(demoPageOrigins());
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self' https://api.themoviedb.org https://image.tmdb.org;");
    for (const path of ['/', '/sw.js', '/manifest.webmanifest']) {
      const response = await fetch(`${e2e.url}${path}`);
      expect(response.headers.get('content-security-policy'), path).toBe(policy);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    const html = await (await fetch(`${e2e.url}/`)).text();
    // Every script has a src; no style element or attribute, no inline handler.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => /\ssrc=/.test(tag))).toBe(true);
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=/i);
  });

  it('syncs on the first visit: the progress bar reaches 100% and the worker takes control', async () => {
    // Every line the status shows, from the first: it must never claim "Up to date" before anything loaded.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as { statusLines?: string[] }).statusLines = seen;
      new MutationObserver(() => {
        const line = document.querySelector('#sync-label')?.textContent ?? '';
        if (line !== '' && seen.at(-1) !== line) seen.push(line);
      }).observe(document, { childList: true, subtree: true, characterData: true });
      // Layout shifts not caused by input, as CLS counts them: the screen fills in boxes reserved before.
      const shifts: number[] = [];
      (window as { layoutShifts?: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const response = await page.goto(`${e2e.url}/`);
    expect(response?.headers()['content-security-policy']).toBe(contentSecurityPolicy(demoPageOrigins()));
    await page.locator('body[data-synced="true"]').waitFor({ timeout: 20_000 });
    const sync = page.locator('.sync');
    await expect.poll(() => sync.getAttribute('data-percent')).toBe('100');
    const bar = await page.locator('#sync-progress').evaluate((el) => ({
      value: (el as HTMLProgressElement).value,
      max: (el as HTMLProgressElement).max,
    }));
    expect(bar.value).toBe(bar.max);
    await expect.poll(() => page.locator('#sync-label').textContent(), SERVICE_WAIT).toBe('Up to date');
    const lines = await page.evaluate(() => (window as { statusLines?: string[] }).statusLines ?? []);
    // "Syncing 3 of 12…": figures of the whole batch, no engine names ("discoverTv page 1/5").
    expect(lines[0]).toMatch(/^(Checking for updates…|Syncing \d+ of \d+…)$/);
    expect(lines.some((line) => /^Syncing \d+ of \d+…$/.test(line))).toBe(true);
    for (const line of lines) expect(line).toMatch(/^(Checking for updates…|Syncing \d+ of \d+…|Up to date)$/);
    const total = Math.max(...lines.map((line) => Number(line.match(/of (\d+)/)?.[1] ?? 0)));
    expect(total).toBeGreaterThanOrEqual(7);
    expect(e2e.served.service.log.count({ operation: 'discoverTv' })).toBeGreaterThanOrEqual(5);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 10_000 });
    expect(await page.locator('#connectivity').textContent()).toBe('Online');
    // Nothing moved while the first visit filled in (a panel's freshness line appearing once it fetched did).
    const shifted = await page.evaluate(() => (window as { layoutShifts?: number[] }).layoutShifts ?? []);
    expect(shifted.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.001);
    // The first grid's first pictures (the largest paint) load at once and first; the rest lazily.
    const pictures = await page
      .locator('main .grid')
      .first()
      .locator('img')
      .evaluateAll((images) =>
        images.slice(0, 5).map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]),
      );
    expect(pictures).toEqual([...Array(4).fill(['eager', 'high']), ['lazy', null]]);
    expect(await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'))).toBe(
      '/manifest.webmanifest',
    );
  });

  it('renders every screen with posters sized from the configuration', async () => {
    await openScreen('#/trending/day', 'main .card img');
    // Cards render as the view emits: wait for the page of 20 rather than racing the first one.
    await expect.poll(cardCount).toBeGreaterThanOrEqual(20);
    const srcset = await page.locator('main .card img').first().getAttribute('srcset');
    expect(srcset).toMatch(/\/t\/p\/w\d+\/\S+ \d+w/);
    // A card's link text names the title once: its poster (or placeholder) is hidden from screen readers.
    const cardNames = await page.evaluate(() =>
      [...document.querySelectorAll('main a.card')].map((card) => ({
        alts: [...card.querySelectorAll('img')].map((image) => image.getAttribute('alt')),
        labelled: card.querySelectorAll('[role="img"], [aria-label]').length,
      })),
    );
    expect(cardNames.flatMap((card) => card.alts).every((alt) => alt === '')).toBe(true);
    expect(cardNames.every((card) => card.labelled === 0)).toBe(true);
    // A title nobody rated says so, rather than "★ 0.0".
    expect(await page.locator('main .rating.unrated').count()).toBeGreaterThan(0);
    expect(await page.locator('main .rating').allTextContents()).not.toContain('★ 0.0');
    await shot('trending-day-viewport', false);
    await openScreen('#/trending/week', 'main .card img');
    await shot('trending-week');
    await openScreen('#/airing', 'main .card img');
    await openScreen('#/discover', 'main .card');
    await page.selectOption('#filter-genre', '18');
    await page.locator('main .count').first().waitFor();
    await openScreen('#/people', 'main .card.person');
    expect(await page.locator('main .known-for').count()).toBeGreaterThan(0);
    await page.locator('main .card.person').first().click();
    await page.locator('main .translations details').first().waitFor();
    await page.locator('main .stills figure').first().waitFor();
    await openScreen('#/trending/day', 'main .card img');
    await page.locator('main a.card[href^="#/series/"]').first().click();
    await page.locator('main .credits li').first().waitFor();
    await page.locator('main .posters img').first().waitFor();
    // The tab is titled after the series once its name is shown, not "Series" for every series.
    const seriesName = (await page.locator('main h1').textContent())?.trim();
    expect(seriesName).not.toBe('Series');
    await expect.poll(() => page.title()).toBe(`${seriesName} · Catalogue`);
    await openScreen('#/trending/day', 'main .card img');
    await page.locator('main a.card[href^="#/movie/"]').first().click();
    await page.locator('main .videos li').first().waitFor();
    // On a phone the header is one compact row: the tabs that do not fit scroll sideways, none is cut off.
    await page.setViewportSize({ width: 390, height: 844 });
    await openScreen('#/trending/day', 'main .card img');
    const header = await page.evaluate(() => {
      const nav = document.querySelector('.mainnav') as HTMLElement;
      return {
        height: document.querySelector('.topbar')?.getBoundingClientRect().height,
        scrolls: getComputedStyle(nav).overflowX === 'auto' && nav.scrollWidth > nav.clientWidth,
        tabs: nav.querySelectorAll('a').length,
      };
    });
    expect(header).toEqual({ height: expect.any(Number), scrolls: true, tabs: 7 });
    expect(header.height).toBeLessThanOrEqual(64);
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('names every screen in the tab after its heading', async () => {
    // Every tab is a touch target at least 44 px tall.
    const tabHeights = await page.evaluate(() =>
      [...document.querySelectorAll('.mainnav a')].map((tab) => tab.getBoundingClientRect().height),
    );
    expect(tabHeights.length).toBeGreaterThan(0);
    expect(Math.min(...tabHeights)).toBeGreaterThanOrEqual(44);
    const screens = [
      ['#/trending/day', 'Trending'],
      ['#/airing', 'Airing today'],
      ['#/discover', 'Discover'],
      ['#/people', 'Popular people'],
      ['#/list', 'My list'],
      ['#/pending', 'Pending changes'],
      ['#/settings', 'Settings'],
      ['#/nowhere', 'Page not found'],
    ] as const;
    for (const [hash, heading] of screens) {
      await openScreen(hash, 'main h1');
      expect(await page.locator('main h1').textContent()).toBe(heading);
      await expect.poll(() => page.title()).toBe(`${heading} · Catalogue`);
    }
  });

  it('discover pages on: scrolling to the end loads the next page, and Show more does the same', async () => {
    const { service } = e2e.served;
    // An order the first visit did not store: every page past the first comes from the service.
    await openScreen('#/discover?sort=vote_average.desc', 'main .card');
    await expect.poll(cardCount, SERVICE_WAIT).toBe(20);
    expect(await page.locator('main .count').textContent()).toMatch(/^\d+ series · showing 20$/);
    const asked = service.log.count({ operation: 'discoverTv' });
    await scrollToEnd();
    await expect.poll(cardCount, SERVICE_WAIT).toBe(40);
    expect(service.log.count({ operation: 'discoverTv' })).toBe(asked + 1);
    expect(await page.locator('main .count').textContent()).toMatch(/ · showing 40$/);
    // The keyboard's way: a real button at the end of the list.
    await page.evaluate(() => window.scrollTo(0, 0));
    const more = page.locator('#show-more');
    expect(await more.isVisible()).toBe(true);
    await more.focus();
    await page.keyboard.press('Enter');
    await expect.poll(cardCount, SERVICE_WAIT).toBeGreaterThanOrEqual(60);
    // The keyboard lands on the first new item (the 41st card), not on the button pushed below the new rows.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const cards = [...document.querySelectorAll('main a.card')];
          return cards.indexOf(document.activeElement as Element);
        }),
      )
      .toBe(40);
    await shot('discover-paged', false);
  });

  it('is keyboard-navigable: the screens are real links', async () => {
    await openScreen('#/trending/day', 'main .card');
    await page.focus('.skip-link');
    await page.keyboard.press('Tab'); // the brand
    await page.keyboard.press('Tab'); // Trending
    await page.keyboard.press('Tab'); // Airing today
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#/airing');
    // The screen's content takes the focus (hashchange runs just after the hash is set).
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.locator('main h1').textContent()).toBe('Airing today');

    // "Skip to content" moves the focus to the screen and stays on it: no route change, no "Page not found".
    await page.focus('.skip-link');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.evaluate(() => location.hash)).toBe('#/airing');
    expect(await page.locator('main h1').textContent()).toBe('Airing today');
  });

  it('offline, a reload shows the visited screens from the store and discover filters run locally', async () => {
    await e2e.context.setOffline(true);
    await page.goto(`${e2e.url}/#/trending/day`);
    await page.locator('main .card').first().waitFor();
    expect(await page.locator('#connectivity').textContent()).toBe('Offline');
    // Cards render as the view emits: wait for the page of 20 rather than racing the first one.
    await expect.poll(cardCount).toBeGreaterThanOrEqual(20);
    // The posters come from the worker's image cache.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('main .card img')].some((i) => (i as HTMLImageElement).naturalWidth > 0),
    );
    await shot('offline-trending');

    await openScreen('#/discover', 'main .card');
    expect(await page.locator('main .mode').textContent()).toContain('saved on this device');
    // The filters from the online visit are in the URL: reset them to the list the first visit stored five pages
    // of, which show as far as they go; the page after them waits for the network.
    await page.selectOption('#filter-genre', '');
    await expect
      .poll(() => page.locator('main .mode').textContent())
      .toContain('The service’s results saved on this device');
    await expect
      .poll(
        async () => {
          await scrollToEnd();
          return page.locator('main .more-note').textContent();
        },
        { timeout: 10_000 },
      )
      .toBe('Connect to load more');
    expect(await cardCount()).toBe(100);
    expect(await page.locator('#show-more').isVisible()).toBe(false);
    await shot('offline-discover-end', false);
    const everything = await page.locator('main .count').textContent();
    const cached = Number(everything?.match(/\d+/)?.[0]);
    expect(cached).toBeGreaterThanOrEqual(100);
    // Filters with no stored answer: discover runs over the series saved on this device.
    await page.selectOption('#filter-genre', '18');
    await page.selectOption('#filter-vote', '5');
    await expect.poll(() => page.locator('main .mode').textContent()).toContain('Searching the series saved');
    await expect.poll(() => page.locator('main .count').textContent()).not.toBe(everything);
    expect(Number((await page.locator('main .count').textContent())?.match(/\d+/)?.[0])).toBeLessThan(cached);
    const dramas = await page.locator('main .card').count();
    expect(dramas).toBeGreaterThan(0);
    expect(page.url()).toContain('genre=18');
    await shot('offline-discover');

    await openScreen('#/people', 'main .card.person');
    await page.locator('main .card.person').first().click();
    await page.locator('main .translations details').first().waitFor();
    await openScreen('#/airing', 'main .card');
    await e2e.context.setOffline(false);
    expect(problems.take([UNCACHED_IMAGE_OFFLINE])).toEqual([]);
  });

  it('a removal made offline shows as pending and is sent exactly once when back online', async () => {
    const { service } = e2e.served;
    await openScreen('#/list', '#sign-in');
    // Offline, signing in says calmly that it needs the network (and sends nothing).
    await e2e.context.setOffline(true);
    await page.click('#sign-in');
    await expect
      .poll(() => page.locator('main .sign-in-message').textContent())
      .toBe('Signing in needs a connection. Try again when you’re online.');
    await e2e.context.setOffline(false);
    await page.click('#sign-in');
    await page.locator('main .list-item').nth(5).waitFor();
    // A sign-in also follows the user's series and polls their change feeds in the background; the test cuts the
    // network below, so it waits for that, or the browser reports the poll it cut as a failed load.
    await page.locator('body[data-news-followed="true"]').waitFor({ state: 'attached', ...SERVICE_WAIT });
    // The page remembers which list it made for the user (never a credential), for every tab and after a restart.
    const listId = await page.evaluate(
      () => Object.values(JSON.parse(localStorage.getItem('catalogue-demo-lists') ?? '{}'))[0] as number,
    );
    const before = service.control.listItems(listId) ?? [];
    expect(before).toHaveLength(6);
    await shot('my-list');

    await e2e.context.setOffline(true);
    const removed = Number(await page.locator('main .list-item').first().getAttribute('data-id'));
    const title = await page.locator('main .list-item strong').first().textContent();
    // From the keyboard: the row goes, and the focus moves to the Remove of the row that took its place.
    await page.locator('main .list-item button').first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main .list-item').count()).toBe(5);
    const next = await page.locator('main .list-item').first().getAttribute('data-id');
    await expect.poll(focused).toBe(`remove:${next}`);
    await expect.poll(() => page.locator('main .outbox-panel .count').textContent()).toBe('1 pending · 0 failed');
    // In words, with the movie's title: never "list_id …, media_id …".
    await expect
      .poll(() => page.locator('main .outbox-entry strong').textContent())
      .toBe(`Remove ${title} from My list`);
    expect(await page.locator('main .outbox-entry cite').textContent()).toBe(title);
    await shot('offline-pending');
    expect(service.log.count({ operation: 'removeListItem' })).toBe(0);

    await e2e.context.setOffline(false);
    await page.locator('main .outbox-panel .state.empty').waitFor();
    expect(service.log.count({ operation: 'removeListItem' })).toBe(1);
    expect(service.control.listItems(listId)).toEqual(before.filter((id) => id !== removed));
    // A reload (the outbox is read again from IndexedDB) sends nothing more.
    await page.reload();
    await page.locator('main .list-item').nth(4).waitFor();
    await page.locator('main .outbox-panel .state.empty').waitFor();
    expect(await page.locator('main .list-item').count()).toBe(5);
    expect(service.log.count({ operation: 'removeListItem' })).toBe(1);
    // The network went while the list's posters may still have been loading: those fail offline, by design.
    expect(problems.take([UNCACHED_IMAGE_OFFLINE])).toEqual([]);
  });

  it('shows the TV watchlist in both orders and toggles a favorite from the series page', async () => {
    const { service } = e2e.served;
    await openScreen('#/list', 'main .list-item');
    const watchlist = page.locator('main a.card[href^="#/series/"]');
    await expect.poll(() => watchlist.count()).toBe(4);
    const oldestFirst = await watchlist.evaluateAll((cards) => cards.map((card) => card.getAttribute('href')));
    await page.selectOption('#watchlist-sort', 'created_at.desc');
    await expect
      .poll(() => watchlist.evaluateAll((cards) => cards.map((card) => card.getAttribute('href'))))
      .toEqual([...oldestFirst].reverse());
    await shot('my-list-watchlist');

    await watchlist.first().click();
    const favorite = page.locator('main .account-actions button').first();
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('false');
    // From the keyboard: the button changes in place and keeps the focus, so the next Tab goes on from it.
    await favorite.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => service.log.count({ operation: 'markFavorite' })).toBe(1);
    expect(await focused()).toBe('♥ Favorite');
    await page.keyboard.press('Tab');
    expect(await focused()).toMatch(/watchlist$/i);
    await shot('series-signed-in');
  });

  it('rates the series and an episode from the series page: shown at once, sent once each', async () => {
    const { service } = e2e.served;
    await openScreen('#/list', 'main a.card[href^="#/series/"]');
    const seriesName = await page.locator('main a.card[href^="#/series/"] .card-title').first().textContent();
    await page.locator('main a.card[href^="#/series/"]').first().click();
    const seriesRating = page.locator('#series-rating');
    await expect.poll(() => seriesRating.inputValue()).toBe('');
    const episode = page.locator('main .episode').first();
    await episode.locator('.episode-rated').waitFor();
    expect(await episode.locator('.episode-rated').textContent()).toBe('Not rated');
    // A real labelled control: the label names it for screen readers and keyboard users.
    const episodeRating = episode.getByLabel(/^Rate episode \d+$/);
    expect(await episodeRating.evaluate((el) => el.tagName)).toBe('SELECT');

    // Offline, so "at once" cannot be the service's answer: both changes wait in the outbox.
    await e2e.context.setOffline(true);
    await page.selectOption('#series-rating', '8');
    await episodeRating.selectOption('7.5');
    await expect.poll(() => episode.locator('.episode-rated').textContent()).toBe('Rated ★ 7.5');
    expect(await seriesRating.inputValue()).toBe('8');
    expect(await episodeRating.inputValue()).toBe('7.5');
    const seriesPage = page.url();
    const place = `S1E${await episode.getAttribute('data-episode')}`;
    await openScreen('#/list', 'main .outbox-panel .count');
    expect(await page.locator('main .outbox-panel .count').textContent()).toBe('2 pending · 0 failed');
    await expect
      .poll(() => page.locator('main .outbox-entry strong').allTextContents(), SERVICE_WAIT)
      .toEqual([`Rate ${seriesName} 8/10`, `Rate ${seriesName} ${place} 7.5/10`]);
    expect(service.log.count({ operation: 'rateTvSeries' }) + service.log.count({ operation: 'rateEpisode' })).toBe(0);

    await e2e.context.setOffline(false);
    await page.locator('main .outbox-panel .state.empty').waitFor();
    expect(service.log.count({ operation: 'rateTvSeries' })).toBe(1);
    expect(service.log.count({ operation: 'rateEpisode' })).toBe(1);
    const sent = service.log.entries().filter((entry) => entry.operation.startsWith('rate'));
    expect(sent.map((entry) => [entry.method, entry.status])).toEqual([
      ['POST', 201],
      ['POST', 201],
    ]);
    await page.goto(seriesPage);
    await expect.poll(() => page.locator('#series-rating').inputValue()).toBe('8');
    await expect.poll(() => page.locator('main .episode .episode-rated').first().textContent()).toBe('Rated ★ 7.5');
    await shot('series-ratings');
    expect(service.log.count({ operation: 'rateTvSeries' })).toBe(1);
    expect(service.log.count({ operation: 'rateEpisode' })).toBe(1);
  });

  it('the Developer tools button opens the panel: queue figures, storage by kind, the outbox and the views, live', async () => {
    const { service } = e2e.served;
    await openScreen('#/list', 'main .list-item');
    const sentBefore = service.log.count({ operation: 'removeListItem' });
    // A change made offline first, so the panel opens on a pending row (and covers nothing the test clicks).
    await e2e.context.setOffline(true);
    await page.locator('main .list-item button').first().click();
    await expect.poll(() => page.locator('main .outbox-panel .count').textContent()).toBe('1 pending · 0 failed');

    const toggle = page.locator('#devtools-toggle');
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    const panel = page.getByRole('region', { name: 'Catalogue devtools' });
    await panel.waitFor();
    expect(await page.locator('catalogue-sync-devtools').getAttribute('data-placement')).toBe('floating');
    const figure = (name: string) => panel.locator(`[data-figure="${name}"]`).textContent();
    expect(await figure('network')).toBe('offline');
    expect(await figure('queued')).toMatch(/^\d+$/);
    expect(await figure('rate')).toMatch(/^\d+\.\d\/s$/);
    const outboxRows = panel.locator('[data-part="outbox"] tbody tr');
    await expect.poll(() => outboxRows.count()).toBe(1);
    expect(await outboxRows.first().getAttribute('data-state')).toBe('pending');
    expect(await outboxRows.first().locator('td').nth(2).textContent()).toBe('removeListItem');
    const browseRows = () => panel.locator('[data-part="storage"] tr[data-kind="browse"] td').first().textContent();
    await expect.poll(async () => Number(await browseRows())).toBeGreaterThan(0);
    await shot('devtools', false);

    // Back online, the row is sent: the panel's outbox empties and the queue counts the request.
    const sent = Number(await figure('sent'));
    await e2e.context.setOffline(false);
    await expect.poll(() => outboxRows.count()).toBe(0);
    expect(await figure('outbox-count')).toMatch(/^0 pending · 0 failed · account:\d+$/);
    await expect.poll(async () => Number(await figure('sent'))).toBeGreaterThan(sent);
    expect(await figure('network')).toBe('online');
    expect(service.log.count({ operation: 'removeListItem' })).toBe(sentBefore + 1);

    // The Views pane lists the trending screen's views; one selected shows its data and its actions, and axe
    // finds nothing in the panel.
    await openScreen('#/trending/day', 'main .card img');
    const views = panel.locator('[data-part="views"]');
    const trending = views.locator('tbody tr[data-key^="trendingTv?"]');
    await expect.poll(() => trending.count()).toBe(1);
    expect(await trending.locator('.badge').textContent()).toMatch(/^(fresh|stale)$/);
    await trending.locator('button.key').click();
    await views.locator('[data-figure="view-data"]').waitFor();
    expect(await views.locator('.selected button').allTextContents()).toEqual(['Refetch', 'Invalidate', 'Remove']);
    const axe = await new AxeBuilder({ page }).include('catalogue-sync-devtools').analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);

    // Keyboard: the panel's own button collapses it, then the page's button removes it.
    await panel.getByRole('button', { name: 'Hide' }).focus();
    await page.keyboard.press('Enter');
    expect(await panel.getByRole('button', { name: 'Show' }).getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await page.locator('catalogue-sync-devtools').count()).toBe(0);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
  });

  it('a deep link on a fresh profile fills in without a reload; the series screen links only to seasons it has', async () => {
    const { control } = e2e.served.service;
    type Named = { id: number; title?: string; name?: string };
    const first = (operation: 'trendingMovies' | 'trendingTv', params: { time_window: 'day' }) =>
      (control.groundTruth(operation, params) as { results: Named[] }).results[0] as Named;
    const movie = first('trendingMovies', { time_window: 'day' });
    const series = first('trendingTv', { time_window: 'day' });
    const person = (control.groundTruth('popularPeople', {}) as { results: Named[] }).results[0] as Named;
    for (const [hash, name, link] of [
      [`#/movie/${movie.id}`, movie.title, 'main a.credit[href^="#/person/"]'],
      [`#/person/${person.id}`, person.name, 'main a.credit[href^="#/movie/"], main a.credit[href^="#/series/"]'],
      [`#/series/${series.id}`, series.name, `main a.credit[href^="#/series/${series.id}/season/"]`],
    ] as const) {
      await onFreshProfile(async (fresh) => {
        let loads = 0;
        fresh.on('load', () => loads++);
        await fresh.goto(`${e2e.url}/${hash}`);
        await expect.poll(() => fresh.locator('main h1').textContent(), { timeout: 20_000 }).toBe(name);
        await fresh.locator(link).first().waitFor();
        expect(loads, `${hash}: filled in without a reload`).toBe(1);
        expect(await fresh.locator('main .state.error').count()).toBe(0);
        if (!hash.startsWith('#/series/')) return;
        await fresh.screenshot({ path: `${SCREENSHOTS}series-deep-link.png`, fullPage: true });
        // The season list ends the series: its last season's screen offers no "next season".
        const seasons = fresh.locator(`main a.credit[href^="#/series/${series.id}/season/"]`);
        const lastName = await seasons.last().locator('strong').textContent();
        await seasons.last().click();
        const current = fresh.locator('main nav.segmented [aria-current="page"]');
        await expect.poll(() => current.textContent()).toBe(lastName);
        expect(await fresh.locator('main nav.segmented a').allTextContents()).not.toContainEqual(
          expect.stringMatching(/→/),
        );
      });
    }
  });

  it('an id the service does not know shows one "Not found" screen, no panels and no error boxes', async () => {
    await page.goto(`${e2e.url}/#/movie/987654321`);
    await expect.poll(() => page.locator('main h1').textContent(), { timeout: 20_000 }).toBe('Not found');
    expect(await page.locator('main a[href="#/"]').count()).toBe(1);
    expect(await page.locator('main .state, main .panel, main h2').count()).toBe(0);
    await expect.poll(() => page.title()).toBe('Not found · Catalogue');
    // The service answered: the status line never reports it as a failed update, and offers no Retry.
    const seen = new Set<string>();
    for (let sample = 0; sample < 15; sample++) {
      seen.add(
        `${await page.locator('#sync-label').textContent()} | retry hidden: ${await page.locator('#sync-retry').isHidden()}`,
      );
      await page.waitForTimeout(100);
    }
    expect([...seen].filter((shown) => shown.includes('failed') || shown.endsWith('retry hidden: false'))).toEqual([]);
    await shot('movie-not-found');
    // The browser itself logs the service's 404 for the id: the page logs nothing.
    expect(problems.take([NOT_FOUND_LOAD])).toEqual([]);
  });

  // 22 screens, each checked and photographed: longer than the file's default test timeout.
  it('passes axe on every screen at a desktop and a phone size, each saved as a screenshot', {
    timeout: 240_000,
  }, async () => {
    // Signed in by the tests above, so My list and Pending changes show rows rather than a sign-in prompt.
    await openScreen('#/trending/day', 'main a.card[href^="#/movie/"]');
    const movie = await page.locator('main a.card[href^="#/movie/"]').first().getAttribute('href');
    const series = await page.locator('main a.card[href^="#/series/"]').first().getAttribute('href');
    await openScreen('#/people', 'main a.card.person');
    const person = await page.locator('main a.card.person').first().getAttribute('href');
    const screens: readonly (readonly [string, string])[] = [
      ['trending', '#/trending/day'],
      ['discover', '#/discover'],
      ['airing', '#/airing'],
      ['people', '#/people'],
      ['movie', String(movie)],
      ['series', String(series)],
      ['season', `${series}/season/1`],
      ['person', String(person)],
      ['my-list', '#/list'],
      ['pending', '#/pending'],
      ['settings', '#/settings'],
    ];
    const sizes = [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 390, height: 844 }],
    ] as const;
    const violations: string[] = [];
    for (const [size, viewport] of sizes) {
      await page.setViewportSize(viewport);
      for (const [name, hash] of screens) {
        await openScreen(hash, 'main #screen-title');
        await screenSettled();
        const results = await new AxeBuilder({ page }).analyze();
        for (const violation of results.violations) {
          const where = violation.nodes.map((node) => node.target.join(' ')).join(', ');
          violations.push(`${size} ${name}: ${violation.id} (${violation.impact}): ${where}`);
        }
        await shot(`${size}-${name}`);
      }
    }
    await page.setViewportSize({ width: 1280, height: 860 });
    expect(violations).toEqual([]);
  });

  it('keeps the demo user signed in, with their pending change, in a second tab and after a browser restart', async () => {
    const { service } = e2e.served;
    await openScreen('#/list', 'main .list-item');
    const items = await page.locator('main .list-item').count();
    const account = await page.evaluate(
      () => Object.keys(JSON.parse(localStorage.getItem('catalogue-demo-lists') ?? '{}'))[0],
    );
    expect(account).toMatch(/^account:\d+$/);

    // A second tab: the same user and list, no sign-in asked.
    const second = await e2e.context.newPage();
    await second.goto(`${e2e.url}/#/list`);
    await second.locator('main .list-item').first().waitFor();
    expect(await second.locator('main .list-item').count()).toBe(items);
    expect(await second.locator('#sign-in').count()).toBe(0);
    await second.close();

    // A change made offline, then the browser quits before it is sent.
    await e2e.context.setOffline(true);
    const title = await page.locator('main .list-item strong').first().textContent();
    await page.locator('main .list-item button').first().click();
    await expect.poll(() => page.locator('main .outbox-panel .count').textContent()).toBe('1 pending · 0 failed');
    const sent = service.log.count({ operation: 'removeListItem' });
    await e2e.restartBrowser();
    problems = await watchPageProblems(e2e.context);
    await e2e.context.setOffline(true);
    page = await e2e.context.newPage();
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`${e2e.url}/#/list`);
    const tolerated = await offlineLoadTolerates(page);
    // Still signed in, the list as changed, the change waiting under its title.
    await expect.poll(() => page.locator('main .list-item').count(), SERVICE_WAIT).toBe(items - 1);
    expect(await page.locator('#sign-in').count()).toBe(0);
    await expect
      .poll(() => page.locator('main .outbox-entry strong').textContent(), SERVICE_WAIT)
      .toBe(`Remove ${title} from My list`);
    await shot('restart-pending', false);
    expect(service.log.count({ operation: 'removeListItem' })).toBe(sent);
    await e2e.context.setOffline(false);
    await page.locator('main .outbox-panel .state.empty').waitFor();
    expect(service.log.count({ operation: 'removeListItem' })).toBe(sent + 1);
    expect(problems.take([UNCACHED_IMAGE_OFFLINE, ...tolerated])).toEqual([]);
  });

  it('with the service down the status and the screen say so calmly, and Retry brings the screen back', async () => {
    const { service } = e2e.served;
    await openScreen('#/trending/day', 'main .card');
    // The earlier tests' work done first, however long a loaded machine takes: the failure below is a batch of its own.
    await statusLine('Up to date');
    // Every request's connection is reset: no answer comes back.
    service.control.setFaults({ resetRate: 1 });
    try {
      await openScreen('#/discover?sort=first_air_date.desc', 'main .screen-notice:not([hidden])');
    } finally {
      service.control.setFaults(undefined);
    }
    const notice = page.locator('main .screen-notice');
    expect(await notice.locator('p').textContent()).toBe('Couldn’t reach the service.');
    // Once the batch's requests have had their retries.
    await statusLine('Couldn’t reach the service — showing saved data');
    // The pill agrees with the line: not a green "Online" beside it.
    expect(await page.locator('#connectivity').textContent()).toBe('No connection');
    expect(await page.locator('#connectivity').getAttribute('class')).not.toContain('online');
    expect(await page.locator('#sync-retry').isVisible()).toBe(true);
    // No developer detail on the page.
    expect(await page.locator('main').textContent()).not.toMatch(/HTTP|status_code|TypeError|discoverTv/);
    await shot('service-down', false);

    // The service is back: Retry asks it again and loads the screen, and the status is true again.
    const beforeRetry = service.log.entries().length;
    await page.click('#screen-retry');
    await page.locator('main .card').first().waitFor();
    const answered = () =>
      service.log
        .entries()
        .slice(beforeRetry)
        .some((entry) => entry.operation === 'discoverTv' && entry.status === 200);
    await expect.poll(answered, SERVICE_WAIT).toBe(true);
    await expect.poll(() => notice.isHidden()).toBe(true);
    await statusLine('Up to date');
    expect(await page.locator('#connectivity').textContent()).toBe('Online');
    expect(await page.locator('#sync-retry').isVisible()).toBe(false);
    expect(problems.take([REFUSED_CONNECTION])).toEqual([]);
  });

  it('settings point the page at another service; the token stays out of IndexedDB', async () => {
    await openScreen('#/settings', '#base-url');
    expect(await page.locator('#token').getAttribute('type')).toBe('password');
    // "Another service": the same fake under its own URL, so the page gets a database of its own.
    await page.fill('#base-url', `${e2e.url}/`);
    await page.fill('#token', FAKE_ACCESS_TOKEN);
    await shot('settings');
    await Promise.all([page.waitForEvent('load'), page.click('form.settings button[type="submit"]')]);
    await page.locator('body[data-synced="true"]').waitFor({ timeout: 20_000 });
    await openScreen('#/trending/day', 'main .card');
    const stored = await page.evaluate(async () => {
      const values: string[] = [];
      for (const { name } of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name as string);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        for (const store of db.objectStoreNames) {
          const rows = await new Promise<unknown[]>((resolve) => {
            const request = db.transaction(store).objectStore(store).getAll();
            request.onsuccess = () => resolve(request.result);
          });
          values.push(JSON.stringify(rows));
        }
        db.close();
      }
      return { names: (await indexedDB.databases()).map((d) => d.name), text: values.join('') };
    });
    expect(stored.names).toContain(`catalogue-demo-${new URL(e2e.url).host}${DATABASE_PROTOCOL_SUFFIX}`);
    expect(stored.text.length).toBeGreaterThan(1000);
    expect(stored.text).not.toContain(FAKE_ACCESS_TOKEN);
    await openScreen('#/settings', '#use-fake');
    await Promise.all([page.waitForEvent('load'), page.click('#use-fake')]);
    await page.locator('body[data-ready="true"]').waitFor();
  });
});
