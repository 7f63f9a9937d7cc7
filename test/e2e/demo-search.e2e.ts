/**
 * The demo's search (issue 36) in Chromium on the one-origin server, at a desktop and a phone size: the header's
 * box searches the service online and the titles saved on the device offline, saying which; typing at a person's
 * speed sends at most a few searches, an older query's late answer never replaces a newer one's, every result is a
 * link to its screen, and axe finds nothing on the screen's states. Under the demo's strict CSP: a test fails on
 * any console error, uncaught error or CSP violation.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FROM_DEVICE, FROM_SERVICE } from '../../demo/app/screens/search.js';
import { demoPageOrigins } from '../../demo/serve-demo.js';
import demoConfig from '../../demo/vite.config.js';
import type { ResponseOf } from '../../src/api/index.js';
import { type E2EHarness, startE2E } from './support/e2e-harness.js';
import { type PageProblems, watchPageProblems } from './support/page-problems.js';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp-e2e-demo/', import.meta.url));

let e2e: E2EHarness;
let page: Page;
let problems: PageProblems;

/** A person types a key every 150 to 200 ms. */
const KEY_DELAY_MS = 170;
const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;
const SERVICE_WAIT = { timeout: 15_000 };

/** Offline, a poster the worker never cached fails to load (and the page shows a placeholder): by design. */
const UNCACHED_IMAGE_OFFLINE =
  /^console error: Failed to load resource: net::ERR_FAILED \(http:\/\/127\.0\.0\.1:\d+\/t\/p\//;

beforeAll(async () => {
  await mkdir(SCREENSHOTS, { recursive: true });
  e2e = await startE2E({
    service: { seed: 5, scale: 'small', pageOrigins: demoPageOrigins() },
    page: { root: fileURLToPath(new URL('../../demo/', import.meta.url)), vite: demoConfig },
  });
  problems = await watchPageProblems(e2e.context);
  page = await e2e.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${e2e.url}/`);
  await page.locator('body[data-synced="true"]').waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await e2e?.close();
});

afterEach(async () => {
  await e2e.context.setOffline(false);
  e2e.served.service.control.setFaults(undefined);
});

const searches = () => e2e.served.service.log.count({ operation: 'searchMulti' });

/** Titles of the fake's trending movies, each once, longest first: queries no other test has searched. */
function movieTitles(): { id: number; title: string }[] {
  const week = e2e.served.service.control.groundTruth('trendingMovies', {
    time_window: 'week',
  }) as ResponseOf<'trendingMovies'>;
  const day = e2e.served.service.control.groundTruth('trendingMovies', {
    time_window: 'day',
  }) as ResponseOf<'trendingMovies'>;
  const all = [...day.results, ...week.results].filter((m) => m.title.length >= 12 && m.title[11] !== ' ');
  return [...new Map(all.map((m) => [m.id, { id: m.id, title: m.title }])).values()];
}
let titles: { id: number; title: string }[] = [];
const nextTitle = () => {
  if (titles.length === 0) titles = movieTitles();
  const next = titles.shift();
  if (!next) throw new Error('no trending movie with a 12-character title left');
  return next;
};

async function clearBox(): Promise<void> {
  await page.locator('#search-input').fill('');
  await page.locator('#search-input').focus();
}

async function axeViolations(label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (v) => `${label}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

describe('the demo’s search', () => {
  it('the empty search screen asks for words, and passes axe at both sizes', async () => {
    const violations: string[] = [];
    for (const [size, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => {
        location.hash = '#/search';
      });
      await expect.poll(() => page.locator('main #screen-title').textContent()).toBe('Search');
      expect(await page.locator('#search-input').isVisible()).toBe(true);
      // The box shares the header's one row: on a desktop every tab still shows whole, on a phone the row stays low.
      const header = await page.evaluate(() => {
        const nav = document.querySelector('.mainnav') as HTMLElement;
        return {
          height: document.querySelector('.topbar')?.getBoundingClientRect().height ?? 0,
          tabsFit: nav.scrollWidth <= nav.clientWidth,
        };
      });
      if (size === 'desktop') expect(header.tabsFit).toBe(true);
      else expect(header.height).toBeLessThanOrEqual(64);
      await page.screenshot({ path: `${SCREENSHOTS}search-${size}-empty.png` });
      violations.push(...(await axeViolations(`${size} empty`)));
    }
    expect(violations).toEqual([]);
    expect(problems.take()).toEqual([]);
  });

  for (const [size, viewport] of SIZES) {
    it(`online (${size}): a 12-character query typed at a person's speed sends at most 3 searches; results are links`, async () => {
      await page.setViewportSize(viewport);
      const target = nextTitle();
      const query = target.title.slice(0, 12);
      const before = searches();
      const sent: string[] = [];
      const onRequest = (request: { url(): string }) => {
        if (request.url().includes('/3/search/')) sent.push(request.url());
      };
      page.on('request', onRequest);
      await clearBox();
      await page.keyboard.type(query, { delay: KEY_DELAY_MS });
      const link = page.locator(`main a.card[href="#/movie/${target.id}"]`);
      await link.waitFor({ timeout: 15_000 });
      expect(await page.locator('#search-source').textContent()).toBe(FROM_SERVICE);
      expect(await page.locator('main #screen-title').textContent()).toBe(`Search: “${query.trim()}”`);
      // The box kept the focus while the results came.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('search-input');
      await page.waitForTimeout(600);
      page.off('request', onRequest);
      expect(searches() - before).toBeGreaterThanOrEqual(1);
      expect(searches() - before).toBeLessThanOrEqual(3);
      expect(sent.length).toBeLessThanOrEqual(3);
      await page.screenshot({ path: `${SCREENSHOTS}search-${size}-online.png` });
      const violations = await axeViolations(`${size} online results`);
      expect(violations).toEqual([]);
      await link.click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(`#/movie/${target.id}`);
      await expect.poll(() => page.locator('main #screen-title').textContent(), SERVICE_WAIT).toBe(target.title);
      expect(problems.take()).toEqual([]);
    });
  }

  it('an older query’s late answer never replaces the newer query’s results', async () => {
    const target = nextTitle();
    const first = target.title.slice(0, 4);
    const full = target.title.slice(0, 12);
    const before = searches();
    // The first search's answer comes 4 s late; the next ones at once.
    e2e.served.service.control.setFaults({ operations: { searchMulti: { latencyMs: 4_000 } } });
    await clearBox();
    await page.keyboard.type(first, { delay: KEY_DELAY_MS });
    await expect.poll(searches, SERVICE_WAIT).toBe(before + 1);
    e2e.served.service.control.setFaults(undefined);
    await page.keyboard.type(full.slice(first.length), { delay: KEY_DELAY_MS });
    // The newer query's screen (a pause in the typing may have shown one in between) with its answer.
    await expect
      .poll(() => page.locator('main #screen-title').textContent(), SERVICE_WAIT)
      .toBe(`Search: “${full.trim()}”`);
    await page.locator(`main a.card[href="#/movie/${target.id}"]`).waitFor({ timeout: 15_000 });
    const shown = await page.locator('main a.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('href')));
    // Past the late answer: the screen still shows the newer query and its results, unchanged.
    await page.waitForTimeout(5_000);
    expect(await page.locator('main #screen-title').textContent()).toBe(`Search: “${full.trim()}”`);
    const after = await page.locator('main a.card').evaluateAll((cards) => cards.map((c) => c.getAttribute('href')));
    expect(after).toEqual(shown);
    expect(problems.take()).toEqual([]);
  });

  for (const [size, viewport] of SIZES) {
    it(`offline (${size}): results come only from the titles saved on this device, and say so`, async () => {
      await page.setViewportSize(viewport);
      // A title the first sync saved (trending today), and one the service has that this device never saw.
      const saved = (
        e2e.served.service.control.groundTruth('trendingMovies', { time_window: 'day' }) as ResponseOf<'trendingMovies'>
      ).results[0];
      const everything = e2e.served.service.control.groundTruth('searchMovies', {
        query: 'e',
      }) as ResponseOf<'searchMovies'>;
      const last = e2e.served.service.control.groundTruth('searchMovies', {
        query: 'e',
        page: everything.total_pages,
      }) as ResponseOf<'searchMovies'>;
      const unseen = last.results.at(-1);
      if (!saved || !unseen) throw new Error('the fake has no movies');
      const before = searches();
      await e2e.context.setOffline(true);
      await clearBox();
      await page.keyboard.type(saved.title, { delay: 20 });
      await page.locator(`main a.card[href="#/movie/${saved.id}"]`).waitFor({ timeout: 15_000 });
      expect(await page.locator('#search-source').textContent()).toBe(FROM_DEVICE);
      await page.screenshot({ path: `${SCREENSHOTS}search-${size}-offline.png` });
      const violations = await axeViolations(`${size} offline results`);
      await clearBox();
      await page.keyboard.type(unseen.title, { delay: 20 });
      await expect.poll(() => page.locator('main #screen-title').textContent()).toBe(`Search: “${unseen.title}”`);
      await expect.poll(() => page.locator('main .state, main .grid').count()).toBeGreaterThan(0);
      expect(await page.locator(`main a.card[href="#/movie/${unseen.id}"]`).count()).toBe(0);
      expect(await page.locator('#search-source').textContent()).toBe(FROM_DEVICE);
      violations.push(...(await axeViolations(`${size} offline, nothing saved`)));
      expect(violations).toEqual([]);
      expect(searches()).toBe(before);
      expect(problems.take([UNCACHED_IMAGE_OFFLINE])).toEqual([]);
    });
  }
});
