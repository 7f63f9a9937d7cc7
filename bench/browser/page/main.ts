/**
 * The benchmark page: the benchmark bodies shared with Node (`bench/*.bench.ts`), bundled by Vite with the
 * library's sources, run on the page's real IndexedDB. `bench/browser/run.ts` drives it through `window.bench`.
 */
import type { HeapProbe } from '../../heap.bench.js';
import { measureIngestPeaks, retainedAfterWarmStart } from '../../heap.bench.js';
import { run as runIngest } from '../../ingest.bench.js';
import { measureNotify, notifyRows } from '../../notify.bench.js';
import {
  ingestViews,
  makePages,
  measureViews,
  type Page,
  viewSizes,
  viewsDatabase,
  warmLibrary,
  warmRaw,
  warmTanstackClient,
  warmTanstackQuery,
} from '../../views.bench.js';
import type { BenchPageApi, FirstStarts } from '../page-api.js';
import { browserStorage, databaseExists } from './browser-storage.js';

/** A tiny dataset whose warm starts absorb a new browser process's first IndexedDB open and the JIT. */
const WARM_UP_N = 20;

const storage = browserStorage();
const log = (message: string) => void window.benchLog(message);
const probe: HeapProbe = { gc: () => window.benchGc(), used: () => window.benchHeapUsed() };

/** The views datasets the restart and heap phases read: every N, and the warm-up one. */
const viewsDatasets = (smoke: boolean) => [WARM_UP_N, ...viewSizes(smoke)];

async function ensureViewsData(smoke: boolean): Promise<void> {
  for (const n of viewsDatasets(smoke)) {
    if (await databaseExists(viewsDatabase(n))) continue;
    log(`n=${n}: ingesting the views dataset`);
    (await ingestViews(storage.shared(), n)).client.clear();
  }
}

/** Each side's warm start once per N: in a new process, the first open of each side's database. */
async function firstStarts(smoke: boolean): Promise<FirstStarts> {
  const idb = storage.shared();
  const sides = {
    library: (n: number, first: Page) => warmLibrary(idb, viewsDatabase(n), first),
    raw: (n: number, first: Page) => warmRaw(idb, `${viewsDatabase(n)}-raw`, first),
    tanstackClient: (n: number, first: Page) => warmTanstackClient(viewsDatabase(n), first),
    tanstackQuery: (n: number, first: Page) => warmTanstackQuery(viewsDatabase(n), first),
  };
  const result: FirstStarts = {};
  // The warm-up dataset first: its figures (kept, as `n20`) include the process's first IndexedDB open.
  for (const n of [WARM_UP_N, ...viewSizes(smoke)]) {
    const first = makePages(n)[0] as Page;
    const figures: Record<string, number> = {};
    for (const [side, start] of Object.entries(sides)) figures[side] = Math.round((await start(n, first)) * 100) / 100;
    result[`n${n}`] = figures;
  }
  return result;
}

const api: BenchPageApi = {
  async ingest(smoke) {
    const { result, rows } = await runIngest({ smoke, storage });
    return { fields: result, rows };
  },
  async notify(smoke) {
    const figures = await measureNotify({ smoke, storage });
    return { fields: figures, rows: notifyRows(figures, true) };
  },
  async views(smoke) {
    const figures = await measureViews({ smoke, storage, log });
    await ensureViewsData(smoke);
    return figures;
  },
  ensureViewsData,
  firstStarts,
  heapPeak: (smoke) => measureIngestPeaks(storage, probe, smoke, log),
  async heapRetained(smoke) {
    const result: Awaited<ReturnType<BenchPageApi['heapRetained']>> = {};
    for (const n of viewSizes(smoke)) result[`n${n}`] = await retainedAfterWarmStart(storage.shared(), probe, n);
    return result;
  },
};

window.bench = api;
