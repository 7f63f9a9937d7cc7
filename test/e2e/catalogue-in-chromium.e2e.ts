/**
 * The library in real Chromium on real IndexedDB, against the fake service on the page's own origin: what is
 * pulled is stored as served, read back offline and after a browser restart, and the token stays in memory.
 */
import type { Request as BrowserRequest } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { assertChromiumInstalled, ChromiumMissingError } from './support/chromium.js';
import { type E2EHarness, startE2E } from './support/e2e-harness.js';
import { dumpIndexedDB, openPageCatalogue } from './support/page-catalogue.js';

const DAY = { time_window: 'day' } as const;

let e2e: E2EHarness;

beforeAll(async () => {
  e2e = await startE2E({ service: { seed: 11, scale: 'small' } });
});

afterEach(async () => {
  stopRecording?.();
  stopRecording = undefined;
  await e2e?.context.setOffline(false);
  for (const page of e2e?.context.pages() ?? []) await page.close();
});

afterAll(async () => {
  await e2e?.close();
});

/** What the fake serves now, projected through the operation's schema (stored data is stripped the same way). */
function servedTrendingDay(): unknown {
  const truth = e2e.served.service.control.groundTruth('trendingTv', { ...DAY, language: 'en-US' });
  return endpoints.trendingTv.response.parse(truth);
}

function servedConfiguration(): unknown {
  return endpoints.configuration.response.parse(e2e.served.service.control.groundTruth('configuration', {}));
}

interface SeenRequest {
  readonly url: string;
  readonly authorization: string | undefined;
}

let stopRecording: (() => void) | undefined;

/** Every request the browser context makes from now on, until the test ends. */
function recordRequests(): SeenRequest[] {
  const seen: SeenRequest[] = [];
  const listener = (request: BrowserRequest) => {
    seen.push({ url: request.url(), authorization: request.headers().authorization });
  };
  const context = e2e.context;
  context.on('request', listener);
  stopRecording = () => context.off('request', listener);
  return seen;
}

describe('a catalogue in Chromium on the one-process server', () => {
  it('pulls trending TV and the configuration from its own origin and reads back exactly what was served', async () => {
    const requests = recordRequests();
    const page = await e2e.openPage();
    const catalogue = await openPageCatalogue(page, 'served', { dbName: 'e2e-served' });
    expect(await catalogue.pull('trendingTv', DAY)).toMatchObject({ outcome: 'stored' });
    const configuration = (await catalogue.configuration()) as { images: { secure_base_url: string } };

    const stored = (await catalogue.read('trendingTv', DAY)) as { results: unknown[] };
    expect(stored.results.length).toBeGreaterThan(0);
    expect(stored).toEqual(servedTrendingDay());
    expect(await catalogue.read('configuration')).toEqual(servedConfiguration());
    expect(configuration.images.secure_base_url).toBe(`${e2e.url}/t/p/`);
    expect(await catalogue.status()).toMatchObject({ state: 'idle', online: true, pending: 0, failed: 0 });

    const log = e2e.served.service.log;
    expect(log.count({ operation: 'trendingTv' })).toBe(1);
    expect(log.count({ operation: 'configuration' })).toBe(1);
    // One origin: the page, its bundle and the API all came from the same server.
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const { url } of requests) expect(url.startsWith(`${e2e.url}/`), url).toBe(true);
    await catalogue.close();
  });

  it('reads the stored data in a new instance with the network cut, and a pull offline waits instead of failing', async () => {
    const page = await e2e.openPage();
    const online = await openPageCatalogue(page, 'online', { dbName: 'e2e-offline' });
    await online.pull('trendingTv', DAY);
    await online.configuration();
    await online.close();

    await e2e.context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const requestsBefore = e2e.served.service.log.count();
    const failed: string[] = [];
    page.on('requestfailed', (request) => failed.push(request.url()));

    const offline = await openPageCatalogue(page, 'offline', { dbName: 'e2e-offline' });
    expect(await offline.read('trendingTv', DAY)).toEqual(servedTrendingDay());
    expect(await offline.configuration()).toEqual(servedConfiguration());
    expect(await offline.status()).toMatchObject({ state: 'paused-offline', online: false });

    const week = await offline.startPull('trendingTv', { time_window: 'week' });
    await expect.poll(() => offline.status()).toMatchObject({ state: 'paused-offline', pending: 1 });
    // Give a failing implementation time to fail (a fetch offline rejects within milliseconds).
    await page.waitForTimeout(750);
    expect(await offline.pullState(week)).toEqual({ state: 'pending' });
    expect(failed).toEqual([]);
    expect(e2e.served.service.log.count()).toBe(requestsBefore);

    await e2e.context.setOffline(false);
    await expect.poll(() => offline.pullState(week), { timeout: 10_000 }).toMatchObject({ state: 'fulfilled' });
    const truth = e2e.served.service.control.groundTruth('trendingTv', { time_window: 'week', language: 'en-US' });
    expect(await offline.read('trendingTv', { time_window: 'week' })).toEqual(
      endpoints.trendingTv.response.parse(truth),
    );
    expect(await offline.status()).toMatchObject({ state: 'idle', online: true, pending: 0 });
    expect(e2e.served.service.log.count({ operation: 'trendingTv' })).toBeGreaterThanOrEqual(1);
    await offline.close();
  });

  it('never writes the bearer token to IndexedDB or web storage, nor puts it in a request URL', async () => {
    const requests = recordRequests();
    const page = await e2e.openPage();
    const catalogue = await openPageCatalogue(page, 'secrets', { dbName: 'e2e-secrets' });
    await catalogue.pull('trendingTv', DAY);
    await catalogue.pull('popularPeople');
    await catalogue.configuration();
    await catalogue.close();

    const api = requests.filter(({ url }) => new URL(url).pathname.startsWith('/3/'));
    expect(api.length).toBeGreaterThanOrEqual(3);
    for (const { url } of requests) expect(url).not.toContain(FAKE_ACCESS_TOKEN);
    // The token did travel, in the header only: a scan that cannot see it would prove nothing.
    for (const { authorization } of api) expect(authorization).toBe(`Bearer ${FAKE_ACCESS_TOKEN}`);

    const dump = await dumpIndexedDB(page);
    const stores = dump[`e2e-secrets${DATABASE_PROTOCOL_SUFFIX}`] ?? {};
    const firstSeries = (servedTrendingDay() as { results: { name: string }[] }).results[0]?.name;
    expect(Object.keys(stores).length).toBeGreaterThan(3);
    expect(firstSeries && JSON.stringify(stores).includes(JSON.stringify(firstSeries))).toBe(true);
    expect(JSON.stringify(dump)).not.toContain(FAKE_ACCESS_TOKEN);
    const webStorage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(webStorage).not.toContain(FAKE_ACCESS_TOKEN);
  });

  it('still reads the stored data from a new Chromium process on the same profile, with no request', async () => {
    const before = await e2e.openPage();
    const first = await openPageCatalogue(before, 'first', { dbName: 'e2e-restart' });
    await first.pull('trendingTv', DAY);
    await first.configuration();
    await first.close();
    const firstContext = e2e.context;

    await e2e.restartBrowser();
    expect(e2e.context).not.toBe(firstContext);
    const page = await e2e.openPage();
    await e2e.context.setOffline(true);
    const requestsBefore = e2e.served.service.log.count();
    const second = await openPageCatalogue(page, 'second', { dbName: 'e2e-restart' });
    expect(await second.read('trendingTv', DAY)).toEqual(servedTrendingDay());
    expect(await second.configuration()).toEqual(servedConfiguration());
    expect(e2e.served.service.log.count()).toBe(requestsBefore);
    await second.close();
  });
});

describe('the Chromium check', () => {
  it('fails with a message that says how to install the browser', () => {
    expect(() => assertChromiumInstalled('/nonexistent/chromium')).toThrow(ChromiumMissingError);
    expect(() => assertChromiumInstalled('/nonexistent/chromium')).toThrow(/apt-get install -y chromium/);
    expect(() => assertChromiumInstalled()).not.toThrow();
  });
});
