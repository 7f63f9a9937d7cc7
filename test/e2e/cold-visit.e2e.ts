/**
 * A cold first visit in Chromium (issue 33): the view's request leaves before the library's core chunk has loaded
 * and before the catalogue's database is opened, the core adopts it (the service sees it once), and an answer that
 * fails validation shows nothing of it. Times come from the page's Resource Timing and its own note of each
 * `indexedDB.open`; the count from the fake's request log.
 */
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2EHarness, startE2E } from './support/e2e-harness.js';

const ROOT = fileURLToPath(new URL('./cold-page/', import.meta.url));

interface PageState {
  readonly shown: { at: number; status: string; rows: number | undefined; error: string | undefined }[];
  readonly opened: { name: string; at: number }[];
  readonly stored: number | undefined;
  refreshChanges(): Promise<number>;
  rate(value: number): Promise<string>;
}

let e2e: E2EHarness;

beforeAll(async () => {
  e2e = await startE2E({ page: { root: ROOT } });
});

afterAll(async () => {
  await e2e?.close();
});

const stateOf = (page: Page) => page.evaluate(() => (window as unknown as { e2e: PageState }).e2e);

/** Resource Timing of the page: when each resource started and ended, ms from navigation start. */
const timings = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e as PerformanceResourceTiming)
      .map((e) => ({ name: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
  );

describe('a cold first visit in Chromium', () => {
  it("sends the view's request before the core chunk has loaded and before its database opens, once", async () => {
    const page = await e2e.openPage('/?db=cold-a');
    await page.waitForFunction(() => (window as unknown as { e2e: PageState }).e2e.stored !== undefined, null, {
      timeout: 30_000,
    });
    const state = await stateOf(page);
    const resources = await timings(page);
    const request = resources.find((r) => r.name === '/3/trending/tv/day');
    const core = resources.find((r) => /\/catalogue-core[^/]*\.js$/.test(r.name));
    expect(request).toBeDefined();
    expect(core).toBeDefined();
    // The request left before the core chunk had arrived …
    expect(request?.start).toBeLessThan(core?.end as number);
    // … and before the catalogue's own database was opened (its first answers' database opens first, by design).
    const catalogueOpen = state.opened.find((o) => o.name.startsWith('cold-a') && !o.name.endsWith(':first'));
    expect(catalogueOpen).toBeDefined();
    expect(request?.start).toBeLessThan(catalogueOpen?.at as number);
    // Rows were shown, then stored as shown, and the engine never sent the request again.
    expect(state.shown.some((s) => s.rows === 20)).toBe(true);
    expect(state.stored).toBe(20);
    expect(e2e.served.service.log.count({ operation: 'trendingTv' })).toBe(1);
    expect(resources.filter((r) => r.name === '/3/trending/tv/day')).toHaveLength(1);
    await page.close();
  });

  it('loads the change feeds and the outbox only when a member needs them, each once', async () => {
    const page = await e2e.openPage('/?db=cold-c');
    await page.waitForFunction(() => (window as unknown as { e2e: PageState }).e2e.stored !== undefined, null, {
      timeout: 30_000,
    });
    const feedChunks = async () => (await timings(page)).filter((r) => /\/change-feed[^/]*\.js$/.test(r.name));
    // Shown and stored: the core is there (it read the store), the feeds are not.
    expect((await timings(page)).some((r) => /\/catalogue-core[^/]*\.js$/.test(r.name))).toBe(true);
    expect(await feedChunks()).toHaveLength(0);
    const refresh = () => page.evaluate(() => (window as unknown as { e2e: PageState }).e2e.refreshChanges());
    await refresh();
    await refresh();
    expect(await feedChunks()).toHaveLength(1);
    // The outbox is another feature of its own: no change was made, so its chunk never came …
    const outboxChunks = async () => (await timings(page)).filter((r) => /\/outbox-[^/]*\.js$/.test(r.name));
    expect(await outboxChunks()).toHaveLength(0);
    // … until the first change, once for every later one.
    const rate = (value: number) => page.evaluate((v) => (window as unknown as { e2e: PageState }).e2e.rate(v), value);
    expect(await rate(7)).toBe('queued');
    expect(await rate(8)).toMatch(/^(queued|coalesced)$/);
    expect(await outboxChunks()).toHaveLength(1);
    await page.close();
  });

  it('shows nothing of an answer that fails validation, and does not send it again', async () => {
    const before = e2e.served.service.log.count({ operation: 'trendingTv' });
    e2e.served.service.control.setFaults({ operations: { trendingTv: { schemaViolationRate: 1 } } });
    try {
      // `week`: the `day` answer of the test before is in the browser's HTTP cache, where no fault reaches it.
      const page = await e2e.openPage('/?db=cold-b&window=week');
      await page.waitForFunction(
        () => (window as unknown as { e2e: PageState }).e2e.shown.some((s) => s.error !== undefined),
        null,
        { timeout: 30_000 },
      );
      await page.waitForFunction(() => (window as unknown as { e2e: PageState }).e2e.stored !== undefined, null, {
        timeout: 30_000,
      });
      const state = await stateOf(page);
      expect(state.shown.every((s) => s.rows === undefined)).toBe(true);
      expect(state.shown.at(-1)?.error).toBe('SchemaValidationError');
      expect(await page.locator('#rows li').count()).toBe(0);
      expect(state.stored).toBe(0);
      expect(e2e.served.service.log.count({ operation: 'trendingTv' }) - before).toBe(1);
      await page.close();
    } finally {
      e2e.served.service.control.setFaults(undefined);
    }
  });
});
