/**
 * first-content (issue 24): navigation start → page 1's 20 rows in the DOM, for four built pages, each on its own
 * origin (its own 127.0.0.1 port; the same server is the fake service for its ingest): the library, raw Dexie,
 * TanStack Query's per-query persister and its whole-client persister (`bench/browser/sides/`, Vite production
 * builds). Each page marks `first-content` from a MutationObserver in its HTML when the 20th `<li>` is in the
 * DOM; the figure is that mark's `startTime` (milliseconds from `performance.timeOrigin`, the navigation start).
 *
 * - Data: each side ingests N records with the network (its page at `/?ingest`, from its server's fake: seed 1,
 *   large scale, rate limit off), N = 10k and 100k (`--smoke`: 1k), over the lists of `lists.ts`.
 * - reload: one tab per side, `page.reload()` in turn (the 4 sides take turns each round), 15 rounds (smoke 3)
 *   after one unmeasured load each; medians.
 * - restart: the browser closed and relaunched on the same profile (its IndexedDB and HTTP cache kept), then one
 *   side's page opened: the first navigation of a new Chromium process. One side per restart, so no side meets a
 *   process another side warmed; 15 restarts per side and N (smoke 1); medians.
 * Ratios: library ÷ per-query persister (goals ≤ 1.1 reload, ≤ 1.2 restart); whole-client ÷ library at the
 * largest N (goal ≥ 3, both modes); raw Dexie beside them without a goal.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { launchChromium } from '../../test/e2e/support/chromium.js';
import { type BenchResult, type BenchRow, median, ratio, round } from '../benchmark.js';
import { awaitFirstContent } from './await-first-content.js';
import { buildPage } from './build-pages.js';
import { listsFor } from './lists.js';
import { type ListSpec, TOKEN } from './sides/shared.js';

const SIDES = ['library', 'raw', 'tanstackQuery', 'tanstackClient'] as const;
type Side = (typeof SIDES)[number];
const SOURCES: Record<Side, string> = {
  library: 'library',
  raw: 'raw',
  tanstackQuery: 'tanstack-query',
  tanstackClient: 'tanstack-client',
};
declare global {
  interface Window {
    benchIngest?: (lists: readonly ListSpec[], n: number) => Promise<void>;
  }
}

/** Milliseconds to one decimal. */
const msMedian = (values: readonly number[]) => median(values, 1);

const showUrl = (origin: string, n: number, lists: readonly ListSpec[]) =>
  `${origin}/?n=${n}&list=${encodeURIComponent(JSON.stringify((lists[0] as ListSpec).params))}`;

async function ingest(
  context: BrowserContext,
  origin: string,
  lists: readonly ListSpec[],
  n: number,
  log: (message: string) => void,
): Promise<number> {
  const page = await context.newPage();
  page.on('pageerror', (error) => log(`ingest page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') log(`ingest page console: ${message.text()}`);
  });
  try {
    await page.goto(`${origin}/?ingest`);
    await page.waitForFunction(() => typeof window.benchIngest === 'function');
    const started = performance.now();
    await page.evaluate(({ l, n }) => (window.benchIngest as NonNullable<Window['benchIngest']>)(l, n), {
      l: lists,
      n,
    });
    return round((performance.now() - started) / 1000, 1);
  } finally {
    await page.close();
  }
}

export async function runFirstContent(smoke: boolean, log: (message: string) => void): Promise<BenchResult> {
  if (TOKEN !== FAKE_ACCESS_TOKEN) throw new Error('first-content: the pages’ token is not the fake’s');
  const sizes = smoke ? [1000] : [10_000, 100_000];
  const rounds = smoke ? 3 : 15;
  const restarts = smoke ? 1 : 15;
  const servers: ServedFakeService[] = [];
  const profile = await mkdtemp(join(tmpdir(), 'catalogue-bench-first-content-'));
  let context: BrowserContext | undefined;
  try {
    const origins = {} as Record<Side, string>;
    for (const side of SIDES) {
      const dir = await buildPage(`sides/${SOURCES[side]}`, `first-content-${SOURCES[side]}`);
      const served = await serveFakeService({ staticDir: dir, scale: 'large', rateLimit: false, cacheMaxAge: 'full' });
      servers.push(served);
      origins[side] = served.url;
    }
    context = await launchChromium(profile);
    const ingestSeconds: Record<string, Record<string, number>> = {};
    const listsByN = new Map<number, ListSpec[]>();
    for (const n of sizes) {
      const lists = await listsFor(n);
      listsByN.set(n, lists);
      ingestSeconds[`n${n}`] = {};
      for (const side of SIDES) {
        const seconds = await ingest(context, origins[side], lists, n, log);
        (ingestSeconds[`n${n}`] as Record<string, number>)[side] = seconds;
        log(`n=${n}: ${side} ingested ${n} records in ${seconds} s`);
      }
    }
    // Chromium's LevelDB compacts after large writes; a user's next visit does not come within milliseconds.
    await new Promise((resolve) => setTimeout(resolve, smoke ? 1000 : 5000));

    const reload: Record<string, Record<Side, number[]>> = {};
    for (const n of sizes) {
      const lists = listsByN.get(n) as ListSpec[];
      const tabs = {} as Record<Side, Page>;
      const firstIds = new Set<string>();
      for (const side of SIDES) {
        tabs[side] = await context.newPage();
        tabs[side].on('pageerror', (error) => log(`${side} page error: ${error.message}`));
        await tabs[side].goto(showUrl(origins[side], n, lists));
        firstIds.add((await awaitFirstContent(tabs[side])).firstId);
      }
      if (firstIds.size !== 1) throw new Error(`first-content: the sides show different rows (${[...firstIds]})`);
      const samples = Object.fromEntries(SIDES.map((s) => [s, [] as number[]])) as Record<Side, number[]>;
      for (let r = 0; r < rounds; r++) {
        for (const side of SIDES) {
          await tabs[side].reload();
          samples[side].push(round((await awaitFirstContent(tabs[side])).ms, 1));
        }
      }
      for (const side of SIDES) await tabs[side].close();
      reload[`n${n}`] = samples;
      log(`n=${n}: reload medians ${JSON.stringify(Object.fromEntries(SIDES.map((s) => [s, msMedian(samples[s])])))}`);
    }

    const restart: Record<string, Record<Side, number[]>> = {};
    for (const n of sizes) restart[`n${n}`] = { library: [], raw: [], tanstackQuery: [], tanstackClient: [] };
    for (let r = 0; r < restarts; r++) {
      for (const n of sizes) {
        const lists = listsByN.get(n) as ListSpec[];
        // A different side first in each restart round.
        for (const side of [...SIDES.slice(r % SIDES.length), ...SIDES.slice(0, r % SIDES.length)]) {
          await context.close();
          context = await launchChromium(profile);
          const page = context.pages()[0] ?? (await context.newPage());
          await page.goto(showUrl(origins[side], n, lists));
          const { ms } = await awaitFirstContent(page);
          (restart[`n${n}`] as Record<Side, number[]>)[side].push(round(ms, 1));
        }
      }
      log(`restart ${r + 1}/${restarts}: ${JSON.stringify(restart)}`);
    }
    return firstContentResult(sizes, reload, restart, ingestSeconds);
  } finally {
    await context?.close().catch(() => {});
    for (const served of servers) await served.close().catch(() => {});
    await rm(profile, { recursive: true, force: true }).catch(() => {});
  }
}

export function firstContentResult(
  sizes: readonly number[],
  reload: Record<string, Record<Side, number[]>>,
  restart: Record<string, Record<Side, number[]>>,
  ingestSeconds: Record<string, Record<string, number>>,
): BenchResult {
  const largest = sizes[sizes.length - 1] as number;
  const rows: BenchRow[] = [];
  const medians: Record<string, Record<string, Record<Side, number>>> = { reload: {}, restart: {} };
  for (const [mode, samples, queryGoal] of [
    ['reload', reload, 1.1],
    ['restart', restart, 1.2],
  ] as const) {
    for (const n of sizes) {
      const at = Object.fromEntries(SIDES.map((s) => [s, msMedian(samples[`n${n}`]?.[s] ?? [])])) as Record<
        Side,
        number
      >;
      (medians[mode] as Record<string, Record<Side, number>>)[`n${n}`] = at;
      const vsQuery = ratio(at.library, at.tanstackQuery);
      rows.push({
        metric: `${mode}.n${n}.vsQuery`,
        library: at.library,
        baseline: at.tanstackQuery,
        ratio: vsQuery,
        goal: `≤ ${queryGoal}`,
        unit: 'ms',
        met: vsQuery !== null && vsQuery <= queryGoal,
      });
      // Stated the way round: how many times faster than the whole-client persister the library is.
      const vsClient = ratio(at.tanstackClient, at.library);
      const goal = n === largest;
      rows.push({
        metric: `${mode}.n${n}.vsClient`,
        library: at.library,
        baseline: at.tanstackClient,
        ratio: vsClient,
        goal: goal ? '≥ 3' : '',
        unit: 'ms',
        met: goal ? vsClient !== null && vsClient >= 3 : undefined,
      });
      rows.push({
        metric: `${mode}.n${n}.vsRaw`,
        library: at.library,
        baseline: at.raw,
        ratio: ratio(at.library, at.raw),
        goal: '',
        unit: 'ms',
      });
    }
  }
  return { fields: { sizes, medians, ingestSeconds, samples: { reload, restart } }, rows };
}
