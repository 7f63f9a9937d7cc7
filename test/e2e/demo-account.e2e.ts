/**
 * The demo's sign-out and switch user (Settings and My list), in Chromium: with no change waiting a sign-out is one
 * press; with changes waiting the page says how many would be lost and lets the user stay signed in, wait until
 * they are sent (offline: until the network is back), or discard them. Switch user signs in a new demo account.
 * Every state passes axe at a desktop and a phone size.
 */
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoPageOrigins } from '../../demo/serve-demo.js';
import demoConfig from '../../demo/vite.config.js';
import { type E2EHarness, startE2E } from './support/e2e-harness.js';
import { type PageProblems, watchPageProblems } from './support/page-problems.js';

let e2e: E2EHarness;
let page: Page;
let problems: PageProblems;

beforeAll(async () => {
  e2e = await startE2E({
    service: { seed: 7, scale: 'small', pageOrigins: demoPageOrigins() },
    page: { root: fileURLToPath(new URL('../../demo/', import.meta.url)), vite: demoConfig },
  });
  problems = await watchPageProblems(e2e.context);
  page = await e2e.context.newPage();
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`${e2e.url}/#/list`);
});

afterAll(async () => {
  await e2e?.close();
});

/** Offline, a poster the worker never cached fails to load (and the page shows a placeholder): by design. */
const UNCACHED_IMAGE_OFFLINE =
  /^console error: Failed to load resource: net::ERR_FAILED \(http:\/\/127\.0\.0\.1:\d+\/t\/p\//;

afterEach(async () => {
  await e2e.context.setOffline(false);
  expect(problems.take([UNCACHED_IMAGE_OFFLINE])).toEqual([]);
});

const SERVICE_WAIT = { timeout: 15_000 };

async function open(hash: string, ready: string): Promise<void> {
  await page.evaluate((target) => {
    location.hash = target;
  }, hash);
  await page.locator(ready).first().waitFor(SERVICE_WAIT);
}

/** Signs the demo user in from My list and returns the account the panel names. */
async function signIn(): Promise<number> {
  await open('#/list', '#sign-in');
  await page.click('#sign-in');
  await page.locator('main .list-item').nth(5).waitFor(SERVICE_WAIT);
  // A sign-in also follows the user's series and polls their change feeds in the background; a test that then cuts
  // the network waits for that, or the browser reports the poll it cut as a failed load.
  await page.locator('body[data-news-followed="true"]').waitFor({ state: 'attached', ...SERVICE_WAIT });
  return signedInAccount();
}

async function signedInAccount(): Promise<number> {
  const text = await page.locator('main .account-panel p').first().textContent();
  const match = /account (\d+)/.exec(text ?? '');
  if (!match) throw new Error(`not signed in: ${text}`);
  return Number(match[1]);
}

/** Removes the first movie of the user's list while offline: a change that waits in the outbox. */
async function removeOneOffline(): Promise<void> {
  await open('#/list', 'main .list-item');
  await e2e.context.setOffline(true);
  const before = await page.locator('main .list-item').count();
  await page.locator('main .list-item button').first().click();
  await expect.poll(() => page.locator('main .list-item').count()).toBe(before - 1);
  await expect.poll(() => page.locator('main .outbox-panel .count').textContent()).toBe('1 pending · 0 failed');
}

async function axeViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const notSignedIn = () => page.locator('main #sign-in').waitFor(SERVICE_WAIT);

describe('the demo: sign-out and switch user', () => {
  it('signs out in one press when nothing waits, from Settings', async () => {
    const account = await signIn();
    await open('#/settings', '#sign-out');
    expect(await page.locator('main .account-panel').textContent()).toContain(`account ${account}`);
    await page.click('#sign-out');
    await expect.poll(() => page.locator('main .account-panel [role="status"]').textContent()).toContain('Signed out');
    expect(await page.locator('main .account-panel').textContent()).toContain('Not signed in');
    // The focus does not fall to <body> when the button that had it goes.
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    await open('#/list', '#sign-in');
    expect(await page.locator('main .list-item').count()).toBe(0);
  });

  it('with a change waiting, says it would be lost: "Stay signed in" keeps everything, "Wait" sends it first', async () => {
    const account = await signIn();
    await removeOneOffline();
    await page.click('#sign-out');
    await page.locator('#pending-warning').waitFor();
    expect(await page.locator('#pending-warning').textContent()).toContain('1 change not sent yet');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-out-wait');
    expect(await axeViolations()).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await axeViolations()).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.click('#sign-out-cancel');
    expect(await signedInAccount()).toBe(account);
    expect(await page.locator('main .outbox-panel .count').textContent()).toBe('1 pending · 0 failed');
    expect(e2e.served.service.log.count({ operation: 'removeListItem' })).toBe(0);

    // "Wait until they are sent": offline it says when; once the network is back the change goes, then the user.
    await page.click('#sign-out');
    await page.click('#sign-out-wait');
    await expect
      .poll(() => page.locator('main .account-panel [aria-live="polite"]').textContent())
      .toContain('will be sent when this device is back online');
    expect(await axeViolations()).toEqual([]);
    expect(e2e.served.service.log.count({ operation: 'removeListItem' })).toBe(0);
    await e2e.context.setOffline(false);
    await notSignedIn();
    // Sent once, before the sign-out.
    expect(e2e.served.service.log.count({ operation: 'removeListItem' })).toBe(1);
  });

  it('"Discard" drops the waiting change and signs out: nothing is sent', async () => {
    await signIn();
    const sent = e2e.served.service.log.count({ operation: 'removeListItem' });
    await removeOneOffline();
    await page.click('#sign-out');
    await page.click('#sign-out-discard');
    await notSignedIn();
    await e2e.context.setOffline(false);
    await page.waitForTimeout(500);
    expect(e2e.served.service.log.count({ operation: 'removeListItem' })).toBe(sent);
  });

  it('Switch user signs in a new demo account in place of the current one', async () => {
    const first = await signIn();
    await page.click('#switch-user');
    await expect
      .poll(() => page.locator('main .account-panel [role="status"]').textContent(), SERVICE_WAIT)
      .toBe('Signed in as a new demo user.');
    const second = await signedInAccount();
    expect(second).not.toBe(first);
    await page.locator('main .list-item').nth(5).waitFor(SERVICE_WAIT);
  });

  it('offline, a series whose state was never read offers its toggles as changes that wait, sent when back', async () => {
    // A series opened while signed out: its details are on the device, the next user's state of it is not.
    await open('#/settings', '#sign-out');
    await page.click('#sign-out');
    await open('#/trending/day', 'main a.card[href^="#/series/"]');
    const href = await page.locator('main a.card[href^="#/series/"]').last().getAttribute('href');
    await open(String(href), 'main .account-actions a');
    await signIn();
    await e2e.context.setOffline(true);
    await open(String(href), 'main .account-actions');
    const favorite = page.locator('main .account-actions button').first();
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('false');
    expect(await page.locator('main .account-actions .unknown-state').textContent()).toContain('not on this device');
    expect(await axeViolations()).toEqual([]);
    const sent = e2e.served.service.log.count({ operation: 'markFavorite' });
    await favorite.click();
    await expect.poll(() => favorite.getAttribute('aria-pressed')).toBe('true');
    expect(e2e.served.service.log.count({ operation: 'markFavorite' })).toBe(sent);
    await e2e.context.setOffline(false);
    await expect.poll(() => e2e.served.service.log.count({ operation: 'markFavorite' }), SERVICE_WAIT).toBe(sent + 1);
    await expect.poll(() => favorite.getAttribute('aria-pressed'), SERVICE_WAIT).toBe('true');
  });
});
