/**
 * cold-first-content (issue 33): a first visit, navigation → the 20 rows of trending TV page 1 (`trendingTv`
 * `{ time_window: 'day' }`) in the DOM, for three Vite production-built pages (`bench/browser/sides/cold-*`), each
 * on its own 127.0.0.1 origin, its files served compressed as the demo's server sends them (the fake's static
 * serving: brotli to Chromium, which accepts it; the encodings are kept in the results): the library
 * (`createCatalogue` + the view), TanStack Query's per-query persister over idb-keyval, and `fetch` +
 * `JSON.parse` + render (the floor). The fake service runs on an origin of its own (seed 1, rate limit
 * off, CORS open), as the real service does beside an app: every side pays the same preflight.
 *
 * - Every load in a fresh browser context (`browser.newContext()`: empty IndexedDB, HTTP cache and connections),
 *   the link of Lighthouse's mobile preset (`Network.emulateNetworkConditions`: 150 ms RTT, 1.6 Mbit/s down,
 *   750 kbit/s up) and the CPU throttled 4× (`Emulation.setCPUThrottlingRate`), both set before the navigation.
 *   The runner checks the link applied to every request of the load, module chunks included (none answered
 *   sooner than the RTT), CORS preflights apart: DevTools' emulation does not delay them (they take ~5 ms and are
 *   kept per load). Each side sends exactly one, so on a real link each side's figure would be about one RTT more.
 * - One unmeasured round first (the servers' first compression of each file, the fake's first answer), then 11
 *   interleaved rounds (each side once per round, the order rotated) at CPU 4×, and 11 at CPU 1× (reference rows).
 *   `--smoke`: one round at CPU 4× after the unmeasured one.
 * - Critical-path bytes per load: what the network log (CDP `Network.loadingFinished`'s `encodedDataLength`:
 *   headers and compressed body) counts for the document and every request that Resource Timing shows finished
 *   before the `first-content` mark (a CORS preflight counted with its request).
 * - The library's request chain, printed and kept per load: when the view's API request started, when the largest
 *   script finished (the core chunk), and the first `indexedDB.open` (recorded by an init script in every side).
 * Ratios: library ÷ TanStack per-query (goal ≤ 1.15) and library ÷ fetch (goal ≤ 1.4) at CPU 4×; the library's
 * critical path ≤ 45 KB.
 */
import { loadavg } from 'node:os';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { cataloguePreload } from '../../src/vite/catalogue-preload.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/e2e/support/chromium.js';
import { type BenchResult, median, round } from '../benchmark.js';
import { awaitFirstContent } from './await-first-content.js';
import { buildPage } from './build-pages.js';
import { type ColdLoad, type ColdSide, coldResult, type LoadChain, SIDES } from './cold-figures.js';
import { NetworkLog, type Timing } from './network-log.js';
import { TOKEN } from './sides/shared.js';
import { TRENDING_PARAMS, trendingUrl } from './sides/trending.js';

/** Lighthouse's mobile link (its `mobileSlow4G` throttling), as CDP takes it: bytes per second. */
export const MOBILE_LINK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };

const msOf = (load: ColdLoad) => load.ms;

const SOURCES: Record<ColdSide, string> = {
  library: 'cold-library',
  tanstackQuery: 'cold-tanstack-query',
  fetch: 'cold-fetch',
};

declare global {
  interface Window {
    /** When each `indexedDB.open` was called (ms from navigation start) and for which database. */
    benchIdbOpens?: { name: string; at: number }[];
  }
}

/** Runs in every side's page before its scripts: records each `indexedDB.open`, calling through unchanged. */
function recordIdbOpens(): void {
  const opens: { name: string; at: number }[] = [];
  window.benchIdbOpens = opens;
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (this: IDBFactory, name: string, version?: number) {
    opens.push({ name, at: performance.now() });
    return version === undefined ? open.call(this, name) : open.call(this, name, version);
  };
}

/** One load of one side in a context of its own: the figure, the bytes, the chain. */
async function loadOnce(browser: Browser, side: ColdSide, url: string, cpu: number): Promise<ColdLoad> {
  const context: BrowserContext = await browser.newContext();
  try {
    await context.addInitScript(recordIdbOpens);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = new NetworkLog(cdp);
    await network.start();
    await cdp.send('Network.emulateNetworkConditions', MOBILE_LINK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    const shown = await awaitFirstContent(page).catch((error: unknown) => {
      throw new Error(`${side}: ${error instanceof Error ? error.message : String(error)} (${errors.join('; ')})`);
    });
    const timings = await page.evaluate(() => ({
      resources: performance
        .getEntriesByType('resource')
        .map((e) => ({ url: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
      opens: window.benchIdbOpens ?? [],
    }));
    const navigation: Timing = { url: page.url(), start: 0, end: 0 };
    const before = timings.resources.filter((r) => r.end <= shown.ms);
    const bytes = network.bytesOf([navigation, ...before]);
    const slow = network.fasterThan(MOBILE_LINK.latency);
    if (slow.length > 0) throw new Error(`${side}: answered within the emulated RTT: ${slow.join(', ')}`);
    const api = before.filter((r) => r.url.includes('/3/'));
    const scripts = before.filter((r) => r.url.endsWith('.js'));
    const core = scripts.reduce<Timing | undefined>(
      (largest, r) => (largest && network.bytesOf([largest]).total >= network.bytesOf([r]).total ? largest : r),
      undefined,
    );
    const chain: LoadChain = {
      apiStart: api[0] ? round(api[0].start, 1) : null,
      apiEnd: api[0] ? round(api[0].end, 1) : null,
      apiRequests: network.requestsTo('/3/'),
      preflightMs: network.preflights(),
      coreChunk: core ? core.url.slice(core.url.lastIndexOf('/') + 1) : null,
      coreChunkEnd: core ? round(core.end, 1) : null,
      firstIdbOpen: timings.opens[0] ? round(timings.opens[0].at, 1) : null,
      scripts: scripts.map((s) => ({
        name: s.url.slice(s.url.lastIndexOf('/') + 1),
        start: round(s.start, 1),
        end: round(s.end, 1),
        bytes: network.bytesOf([s]).total,
      })),
    };
    return {
      ms: round(shown.ms, 1),
      firstId: shown.firstId,
      bytes: bytes.total,
      scriptBytes: bytes.scripts,
      encodings: network.encodings(),
      urls: network.apiUrls('/3/'),
      chain,
    };
  } finally {
    await context.close().catch(() => {});
  }
}

export async function runColdFirstContent(smoke: boolean, log: (message: string) => void): Promise<BenchResult> {
  if (TOKEN !== FAKE_ACCESS_TOKEN) throw new Error('cold-first-content: the pages’ token is not the fake’s');
  const rounds = smoke ? 1 : 11;
  const cpus = smoke ? [4] : [4, 1];
  const servers: ServedFakeService[] = [];
  // The machine's load (1, 5, 15 min) beside the figures: timings on shared cores move with it.
  const loadAtStart = loadavg().map((l) => round(l, 2));
  let browser: Browser | undefined;
  try {
    const api = await serveFakeService({ seed: 1, rateLimit: false });
    servers.push(api);
    const urls = {} as Record<ColdSide, string>;
    for (const side of SIDES) {
      // Built from the repository's src at each run: the figures are those of the library as it is.
      // The library's side is built as its README recipe says: with `cataloguePreload()` in the Vite config.
      const plugins = side === 'library' ? [cataloguePreload()] : [];
      const dir = await buildPage(
        `sides/${SOURCES[side]}`,
        `cold-first-content-${SOURCES[side]}`,
        true,
        false,
        plugins,
      );
      const served = await serveFakeService({ staticDir: dir, rateLimit: false, pageOrigins: { api: [api.url] } });
      servers.push(served);
      urls[side] = `${served.url}/?api=${encodeURIComponent(api.url)}`;
    }
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
    const launched = browser;
    const expectedUrl = trendingUrl(api.url);
    const loadChecked = async (side: ColdSide, cpu: number): Promise<ColdLoad> => {
      const load = await loadOnce(launched, side, urls[side], cpu);
      // Every side asks for the same page, once: a second request for it is work the figure must not hide.
      const asked = load.urls.filter((u) => u === expectedUrl).length;
      if (asked !== 1) {
        throw new Error(`cold-first-content: ${side} asked ${expectedUrl} ${asked} times (${load.urls.join(', ')})`);
      }
      return load;
    };
    const firstIds = new Set<string>();
    for (const side of SIDES) {
      const warm = await loadChecked(side, 1);
      firstIds.add(warm.firstId);
      log(`unmeasured ${side}: ${warm.ms} ms, ${warm.bytes} B, encodings ${JSON.stringify(warm.encodings)}`);
    }
    if (firstIds.size !== 1) throw new Error(`cold-first-content: the sides show different rows (${[...firstIds]})`);
    const loads: Record<string, Record<ColdSide, ColdLoad[]>> = {};
    for (const cpu of cpus) {
      const bySide: Record<ColdSide, ColdLoad[]> = { library: [], tanstackQuery: [], fetch: [] };
      for (let r = 0; r < rounds; r++) {
        for (const side of [...SIDES.slice(r % SIDES.length), ...SIDES.slice(0, r % SIDES.length)]) {
          const load = await loadChecked(side, cpu);
          bySide[side].push(load);
          if (load.firstId !== [...firstIds][0]) throw new Error(`cold-first-content: ${side} showed other rows`);
        }
        const at = (side: ColdSide) => bySide[side][r]?.ms;
        log(`cpu ${cpu}× round ${r + 1}/${rounds}: ${SIDES.map((s) => `${s} ${at(s)} ms`).join(', ')}`);
        log(`  library chain: ${JSON.stringify(bySide.library[r]?.chain)}`);
      }
      loads[`cpu${cpu}`] = bySide;
      const ms = (side: ColdSide) => median(bySide[side].map(msOf), 1);
      log(`cpu ${cpu}× medians: ${SIDES.map((s) => `${s} ${ms(s)} ms`).join(', ')}`);
    }
    const load = { start: loadAtStart, end: loadavg().map((l) => round(l, 2)) };
    return coldResult(loads, { rounds, params: TRENDING_PARAMS, link: MOBILE_LINK, load });
  } finally {
    await browser?.close().catch(() => {});
    for (const served of servers) await served.close().catch(() => {});
  }
}
