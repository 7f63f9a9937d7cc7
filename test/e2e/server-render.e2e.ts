/**
 * The README's server render, end to end: Node renders the README's App with the catalogue `createCatalogue` makes
 * there (no IndexedDB: memory), the page serves that markup with a client bundle of the same App, and Chromium
 * hydrates it over IndexedDB until the rows show.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { createCatalogue } from '../../src/index.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { readmeSsrApp } from '../helpers/readme-ssr-app.js';
import { type E2EHarness, startE2E } from './support/e2e-harness.js';

const ROOT = fileURLToPath(new URL('./ssr-page/', import.meta.url));
const FALLBACK = 'Loading trending series…';

let e2e: E2EHarness;
let App: (props: { catalogue: Catalogue }) => unknown;

beforeAll(async () => {
  const app = readmeSsrApp('ssr-e2e');
  ({ App } = (await import(app)) as { App: typeof App });
  e2e = await startE2E({
    service: { seed: 5, scale: 'small' },
    page: { root: ROOT, vite: { resolve: { alias: { 'readme-ssr-app': app } } } },
  });
});

afterAll(async () => {
  await e2e?.close();
});

describe('a server-rendered page hydrating in Chromium', () => {
  it("serves the README example's loading markup from Node, and the browser hydrates it into the rows", async () => {
    // The server side, as the README writes it: Node has no IndexedDB, so this is a memory catalogue.
    expect((globalThis as { indexedDB?: unknown }).indexedDB).toBeUndefined();
    const server = createCatalogue({ baseUrl: e2e.url, accessToken: FAKE_ACCESS_TOKEN });
    expect(server.status.storage).toBe('memory');
    const markup = renderToString(createElement(App as never, { catalogue: server }));
    expect(markup).toContain(FALLBACK);
    const index = join(e2e.pageDir, 'index.html');
    await writeFile(index, (await readFile(index, 'utf8')).replace('<!--ssr-->', markup));
    expect(e2e.served.service.log.count({ operation: 'trendingTv' })).toBe(0);

    const page = await e2e.openPage();
    const seen = (await page.evaluate(() => (window as unknown as { e2e: { served: string } }).e2e)) as {
      served: string;
      storage: string;
    };
    // The browser got the server's markup, and its own catalogue is IndexedDB's.
    expect(seen.served).toContain(FALLBACK);
    expect(seen.storage).toBe('indexeddb');

    await page.waitForSelector('#root li', { timeout: 15_000 });
    const rows = await page.$$eval('#root li', (items) => items.map((item) => item.textContent));
    const served = e2e.served.service.control.groundTruth('trendingTv', { time_window: 'day', language: 'en-US' }) as {
      results: { name: string }[];
    };
    expect(rows).toEqual(served.results.map((series) => series.name));
    expect(await page.textContent('#root')).not.toContain(FALLBACK);
    const reported = (await page.evaluate(
      () => (window as unknown as { e2e: { caught: string[] } }).e2e.caught,
    )) as string[];
    // Nothing reached an error boundary: the client rendered the boundary the server left to it.
    expect(reported).toEqual([]);
    expect(e2e.served.service.log.count({ operation: 'trendingTv' })).toBe(1);
  });
});
