/**
 * The browser benchmark runner: `npm run bench:browser -- [name…] [--smoke]`, names among ingest, notify, heap,
 * views, first-content, cold-first-content, sync-main-thread, bundle (all by default; the last four: issues 24 and
 * 33, see their files). The bodies are those of `bench/<name>.bench.ts`, bundled by Vite into a page
 * (`bench/browser/page/`), served on 127.0.0.1 and run in Debian's headless Chromium (playwright-core, never a
 * downloaded browser) on real IndexedDB. Writes `bench/results/<name>.chromium[.smoke].json` and prints the
 * same table as `bench/run.ts`.
 *
 * - views: warm starts within one browser run (a new catalogue instance, same page), then after restarts of
 *   the browser on the same profile (a new Chromium process; the first open of each side's database at each N;
 *   median of 3 restarts). Each restart first starts every side on a tiny dataset (`afterRestart.n20`, kept
 *   for reference): that one pays the process's first IndexedDB open and the page's first run of the code.
 * - heap: the heap through the DevTools protocol (`HeapProfiler.collectGarbage`, `Runtime.getHeapUsage`):
 *   peak while ingesting, and what a warm start retains, measured in a freshly started browser on the views
 *   datasets.
 * This is a CLI entry: real time and the console are allowed here.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { buildPage } from '../../test/e2e/support/build-page.js';
import { assertChromiumInstalled, launchChromium } from '../../test/e2e/support/chromium.js';
import type { BenchResult } from '../benchmark.js';
import { heapRows } from '../heap.bench.js';
import { printTable, type TableRow, writeResult } from '../report.js';
import { viewsResult } from '../views.bench.js';
import { runBundle } from './bundle.js';
import { runColdFirstContent } from './cold-first-content.js';
import { runFirstContent } from './first-content.js';
import type { FirstStarts } from './page-api.js';
import { restartRows } from './restart-rows.js';
import { runSyncMainThread } from './sync-main-thread.js';

const PAGE_ROOT = fileURLToPath(new URL('./page/', import.meta.url));
/**
 * In the order they run: notify first, because right after the ingest benchmark's ~300k record writes Chromium's
 * LevelDB compacts in the background and commit latency spikes (p95 25 ms measured there, 4–5 ms alone); views
 * before heap, whose warm starts read the views datasets.
 */
const PAGE_NAMES = ['notify', 'ingest', 'views', 'heap'] as const;
type PageName = (typeof PAGE_NAMES)[number];
/**
 * Issues 24's and 33's benchmarks, each with its own built pages, servers and browser (`first-content.ts`,
 * `cold-first-content.ts`, `sync-main-thread.ts`, `bundle.ts`): they run after the others.
 */
const OWN_NAMES = ['first-content', 'cold-first-content', 'sync-main-thread', 'bundle'] as const;
type OwnName = (typeof OWN_NAMES)[number];
const NAMES = [...PAGE_NAMES, ...OWN_NAMES] as const;
type Name = (typeof NAMES)[number];

function parseArgs(argv: readonly string[]) {
  const flags = argv.filter((a) => a.startsWith('--'));
  const unknown = flags.filter((f) => f !== '--smoke');
  if (unknown.length > 0) throw new Error(`bench:browser: unknown flag ${unknown.join(', ')}`);
  const names = argv.filter((a) => !a.startsWith('--'));
  for (const name of names) {
    if (!(NAMES as readonly string[]).includes(name)) {
      throw new Error(`bench:browser: no browser benchmark ${name} (have: ${NAMES.join(', ')})`);
    }
  }
  return { names: names.length > 0 ? (names as Name[]) : [...NAMES], smoke: flags.includes('--smoke') };
}

const log = (name: string, message: string) => process.stderr.write(`[${name}:chromium] ${message}\n`);

/** Chromium on one profile, restartable, with the page open and the host functions exposed to it. */
class Browser {
  #context: BrowserContext | undefined;
  #page: Page | undefined;
  #current = 'bench';

  constructor(
    readonly profile: string,
    readonly url: string,
  ) {}

  /** Labels the page's progress lines. */
  set current(name: string) {
    this.#current = name;
  }

  async start(): Promise<Page> {
    this.#context = await launchChromium(this.profile);
    const page = await this.#context.newPage();
    const cdp = await this.#context.newCDPSession(page);
    page.on('pageerror', (error) => log(this.#current, `page error: ${error.message}`));
    await page.exposeFunction('benchLog', (message: string) => log(this.#current, message));
    await page.exposeFunction('benchGc', async () => {
      await cdp.send('HeapProfiler.collectGarbage');
    });
    await page.exposeFunction('benchHeapUsed', async () => (await cdp.send('Runtime.getHeapUsage')).usedSize);
    await page.goto(`${this.url}/`);
    await page.waitForFunction(() => 'bench' in window);
    this.#page = page;
    return page;
  }

  get page(): Page {
    if (!this.#page) throw new Error('bench:browser: the browser is not started');
    return this.#page;
  }

  /** A new Chromium process on the same profile (its IndexedDB kept). */
  async restart(): Promise<Page> {
    await this.stop();
    return this.start();
  }

  async stop(): Promise<void> {
    await this.#context?.close();
    this.#context = undefined;
    this.#page = undefined;
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** Per N and side, the median of the restarts' first starts. */
function medianStarts(runs: readonly FirstStarts[]): FirstStarts {
  const first = runs[0] as FirstStarts;
  return Object.fromEntries(
    Object.entries(first).map(([n, sides]) => [
      n,
      Object.fromEntries(Object.keys(sides).map((side) => [side, median(runs.map((r) => r[n]?.[side] as number))])),
    ]),
  );
}

async function runViews(browser: Browser, smoke: boolean): Promise<BenchResult> {
  const figures = await browser.page.evaluate((s) => window.bench.views(s), smoke);
  const within = viewsResult(figures);
  const restarts = smoke ? 1 : 3;
  const runs: FirstStarts[] = [];
  for (let r = 0; r < restarts; r++) {
    const page = await browser.restart();
    runs.push(await page.evaluate((s) => window.bench.firstStarts(s), smoke));
    log('views', `after restart ${r + 1}/${restarts}: ${JSON.stringify(runs[r])}`);
  }
  const afterRestart = medianStarts(runs);
  return {
    fields: { ...within.fields, afterRestart, restarts },
    rows: [...within.rows, ...restartRows(afterRestart, figures.sizes)],
  };
}

async function runHeap(browser: Browser, smoke: boolean): Promise<BenchResult> {
  const peak = await browser.page.evaluate((s) => window.bench.heapPeak(s), smoke);
  await browser.page.evaluate((s) => window.bench.ensureViewsData(s), smoke);
  // A new process: nothing of the ingest or of earlier warm starts is left on the heap.
  const page = await browser.restart();
  const retained = await page.evaluate((s) => window.bench.heapRetained(s), smoke);
  log('heap', `retained: ${JSON.stringify(retained)}`);
  return { fields: { ingestPeak: peak, retained }, rows: heapRows(peak, retained) };
}

async function runOne(browser: Browser, name: PageName, smoke: boolean): Promise<BenchResult> {
  browser.current = name;
  switch (name) {
    case 'ingest':
      return browser.page.evaluate((s) => window.bench.ingest(s), smoke);
    case 'notify':
      return browser.page.evaluate((s) => window.bench.notify(s), smoke);
    case 'views':
      return runViews(browser, smoke);
    case 'heap':
      return runHeap(browser, smoke);
  }
}

function runOwn(name: OwnName, smoke: boolean): Promise<BenchResult> {
  const say = (message: string) => log(name, message);
  switch (name) {
    case 'first-content':
      return runFirstContent(smoke, say);
    case 'cold-first-content':
      return runColdFirstContent(smoke, say);
    case 'sync-main-thread':
      return runSyncMainThread(smoke, say);
    case 'bundle':
      return runBundle();
  }
}

async function main(): Promise<void> {
  const { names, smoke } = parseArgs(process.argv.slice(2));
  assertChromiumInstalled();
  const all: TableRow[] = [];
  const record = async (name: Name, run: () => Promise<BenchResult>) => {
    const started = performance.now();
    const result = await run();
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const file = await writeResult(name, 'chromium', smoke, seconds, result);
    log(name, `done in ${seconds} s → ${file}`);
    all.push(...result.rows.map((row) => ({ ...row, bench: name })));
  };
  const onPage = PAGE_NAMES.filter((n) => names.includes(n));
  if (onPage.length > 0) await runOnPage(onPage, smoke, record);
  for (const name of OWN_NAMES.filter((n) => names.includes(n))) await record(name, () => runOwn(name, smoke));
  printTable(all, smoke);
}

/** The benchmarks of the shared page (`bench/browser/page/`), in one browser. */
async function runOnPage(
  names: readonly PageName[],
  smoke: boolean,
  record: (name: Name, run: () => Promise<BenchResult>) => Promise<void>,
): Promise<void> {
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const built = await buildPage({ root: PAGE_ROOT });
    cleanups.push(() => built.remove());
    // The one-process server of the browser tests serves the built page (its fake service stays unused).
    const served: ServedFakeService = await serveFakeService({ rateLimit: false, staticDir: built.dir });
    cleanups.push(() => served.close());
    const profile = await mkdtemp(join(tmpdir(), 'catalogue-bench-profile-'));
    cleanups.push(() => rm(profile, { recursive: true, force: true }));
    const browser = new Browser(profile, served.url);
    cleanups.push(() => browser.stop());
    await browser.start();
    for (const name of names) await record(name, () => runOne(browser, name, smoke));
  } finally {
    for (const step of cleanups.reverse()) await step().catch(() => {});
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
