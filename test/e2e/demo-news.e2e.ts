/**
 * The demo's "What's new", in Chromium: signed in (the demo user's watchlist holds four series), the page follows
 * those series in the background; the fake then renames an episode of the latest season of one of them, and on the
 * next visit the nav's badge counts it and the screen names it. Reloaded offline, the screen still lists it (it
 * reads the store). Signed out, the screen says it needs a sign-in. axe finds nothing at a desktop and a phone size.
 */
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPageOrigins } from '../../demo/serve-demo.js';
import demoConfig from '../../demo/vite.config.js';
import { type E2EHarness, startE2E } from './support/e2e-harness.js';

let e2e: E2EHarness;
let page: Page;

beforeAll(async () => {
  e2e = await startE2E({
    service: { seed: 7, scale: 'small', pageOrigins: demoPageOrigins() },
    page: { root: fileURLToPath(new URL('../../demo/', import.meta.url)), vite: demoConfig },
  });
  page = await e2e.context.newPage();
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`${e2e.url}/#/news`);
});

afterAll(async () => {
  await e2e?.close();
});

const SERVICE_WAIT = { timeout: 15_000 };
/** Screenshots of the screen (the README's tour shows them from `demo/docs/`). */
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp-e2e-demo/', import.meta.url));

async function axeViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').include('nav').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The highest regular season of a series that has episodes, and its first episode, from the fake's own data. */
function latestEpisode(seriesId: number): number {
  const { control } = e2e.served.service;
  let found: number | undefined;
  for (let season_number = 1; season_number < 60; season_number++) {
    const id = control.episodeId({ series_id: seriesId, season_number, episode_number: 1 });
    // Past the series' last season the fake's numbering runs into the next series: those are not its episodes.
    if (id !== undefined && control.episode(id)?.show_id === seriesId) found = id;
  }
  if (found === undefined) throw new Error(`series ${seriesId} has no episode`);
  return found;
}

/** A new visit: a navigation that loads the page again (a hash change alone would stay in the same document). */
async function visit(hash: string): Promise<void> {
  await page.goto('about:blank');
  await page.goto(`${e2e.url}/${hash}`);
}

describe("the demo: what's new", () => {
  it('signed out, explains that it needs a sign-in', async () => {
    await page.locator('main a[href="#/list"]').waitFor(SERVICE_WAIT);
    expect(await page.locator('main').textContent()).toContain('Sign in to see what is new');
    expect(await axeViolations()).toEqual([]);
  });

  it('counts and names an episode the fake changed on a watchlisted series, and still lists it offline after a reload', async () => {
    await page.evaluate(() => {
      location.hash = '#/list';
    });
    await page.locator('#sign-in').waitFor(SERVICE_WAIT);
    await page.click('#sign-in');
    const firstSeries = page.locator('main a[href^="#/series/"]').first();
    await firstSeries.waitFor(SERVICE_WAIT);
    const seriesId = Number((await firstSeries.getAttribute('href'))?.split('/')[2]);
    await page.locator('body[data-news-followed]').waitFor(SERVICE_WAIT);

    const episodeId = latestEpisode(seriesId);
    e2e.served.service.control.mutateEpisode(episodeId, { name: 'A Twist Nobody Saw' });
    // Polled again well within the change list's 10 minutes of max-age: the library's requests bypass the browser's
    // HTTP cache, which would answer with the list kept from the sign-in's poll.
    // The next visit: the page follows (nothing to fetch) and polls the change feeds in the background.
    await visit('#/trending/day');
    await page.locator('body[data-news-followed]').waitFor(SERVICE_WAIT);
    const badge = page.locator('nav a[data-section="news"] .nav-badge');
    await expect.poll(() => badge.isVisible(), SERVICE_WAIT).toBe(true);
    expect(Number(await badge.locator('[aria-hidden="true"]').textContent())).toBeGreaterThanOrEqual(1);

    await page.click('nav a[data-section="news"]');
    const episode = page.locator('main .news-episode', { hasText: 'A Twist Nobody Saw' });
    await episode.waitFor(SERVICE_WAIT);
    expect(await episode.textContent()).toContain('changed: name');
    expect(await episode.locator('a').getAttribute('href')).toMatch(new RegExp(`^#/series/${seriesId}/season/\\d+$`));
    expect(await axeViolations()).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}news-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations()).toEqual([]);
    await page.screenshot({ path: `${SCREENSHOTS}news-phone.png` });
    await page.setViewportSize({ width: 1280, height: 860 });

    // Offline, a reload on the screen lists it from the store.
    await e2e.context.setOffline(true);
    await visit('#/news');
    await page.locator('main .news-episode', { hasText: 'A Twist Nobody Saw' }).waitFor(SERVICE_WAIT);
    await e2e.context.setOffline(false);
  });
});
