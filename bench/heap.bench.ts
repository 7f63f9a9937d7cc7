/**
 * Issue 12's heap figures, one body for Node (`--expose-gc`, `process.memoryUsage().heapUsed`) and Chromium (the
 * DevTools protocol: `HeapProfiler.collectGarbage`, then `Runtime.getHeapUsage`), through a `HeapProbe`.
 *
 * - ingestPeak: N = 100,000 series summaries ingested page by page (20 a page) from response bodies through the
 *   library's write path (parse, validate, `writeResponse`), the heap sampled after every page; the figure is
 *   the highest sample above the heap after a forced GC before the first page. Goal ≤ 64 MiB. Baseline: raw
 *   `bulkPut` of the same pages (parsed and validated the same way). In Node, fake-indexeddb keeps what is
 *   stored on the JS heap, so both sides carry the stored records too (`retained` says how much); in Chromium
 *   IndexedDB is off the JS heap. Sampling without forced GCs measures V8's garbage pacing as much as what is
 *   kept, so `ingestLivePeak` (reference, no goal) repeats both sides sampling after a forced GC every 250
 *   pages: the heap that stays reachable while ingesting.
 * - retained: what a warm start keeps: the heap after a forced GC while a new catalogue instance holds the
 *   first snapshot of page 1 of a cached list (the view subscribed), minus the heap after a forced GC before it,
 *   at N = 1k, 10k, 100k. Goal ≤ 1 MiB. Baseline: TanStack's whole-client persister restored
 *   (`persistQueryClientRestore`), holding every query; reference: the per-query persister's one query.
 *   One unmeasured warm start of each side runs first (lazily built parsers and caches are not per-start);
 *   each figure is the median of three.
 */

import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { experimental_createQueryPersister, persistQueryClientRestore } from '@tanstack/query-persist-client-core';
import { endpoints, type ResponseOf } from '../src/api/index.js';
import { CatalogueDatabase, openCatalogueDatabase } from '../src/store/index.js';
import { type Benchmark, type BenchRow, type BenchStorage, type IdbPair, round } from './benchmark.js';
import { makePages as makeIngestPages, openRawDatabase, putRaw, writePage } from './ingest.bench.js';
import {
  ingestLibrary,
  ingestTanstack,
  keyval,
  makePages,
  newClient,
  offlineCatalogue,
  type Page,
  queryKey,
  viewOf,
  viewSizes,
  viewsDatabase,
} from './views.bench.js';

const MiB = 1024 * 1024;
export const PEAK_GOAL_MIB = 64;
export const RETAINED_GOAL_MIB = 1;

/** Forced garbage collection and the JS heap in use, in bytes. */
export interface HeapProbe {
  gc(): Promise<void>;
  used(): Promise<number>;
}

/** Node's probe; needs `node --expose-gc` (`npm run bench` passes it). */
export function nodeHeapProbe(): HeapProbe {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (typeof gc !== 'function') {
    throw new Error('heap: run node with --expose-gc (`npm run bench` does: node --expose-gc --import tsx …)');
  }
  return {
    // Twice, with a macrotask between: weak references and finalizers release more on the second pass.
    async gc() {
      gc();
      await new Promise((resolve) => setTimeout(resolve, 0));
      gc();
    },
    used: async () => process.memoryUsage().heapUsed,
  };
}

const mib = (bytes: number) => round(bytes / MiB, 2);

export interface PeakFigures {
  /** Highest heap sample above the baseline during the ingest, MiB. */
  readonly peak: number;
  /** Heap above the baseline after a forced GC once the ingest is done, MiB (Node: the stored records). */
  readonly retained: number;
  readonly seconds: number;
  readonly pages: number;
}

/**
 * Ingests `n` records page by page on one side and samples the heap after every page; with `gcEvery`, only
 * after a forced GC every `gcEvery` pages instead (the live heap, without the garbage V8 has not collected yet).
 */
export async function ingestPeak(
  storage: BenchStorage,
  probe: HeapProbe,
  n: number,
  side: 'library' | 'raw',
  gcEvery?: number,
): Promise<PeakFigures> {
  const pages = makeIngestPages(n);
  const place = storage.fresh(`heap-ingest-${side}`);
  // The raw side is raw Dexie with the same table (none of the library's middleware).
  const db = side === 'library' ? openCatalogueDatabase(place) : openRawDatabase(place);
  await db.open();
  await probe.gc();
  const base = await probe.used();
  const started = performance.now();
  let peak = 0;
  for (const [i, page] of pages.entries()) {
    if (db instanceof CatalogueDatabase) await writePage(db, page, i);
    else {
      const data = endpoints.discoverTv.response.parse(JSON.parse(page.body)) as ResponseOf<'discoverTv'>;
      await putRaw(db, data.results);
    }
    if (gcEvery === undefined) peak = Math.max(peak, (await probe.used()) - base);
    else if ((i + 1) % gcEvery === 0 || i === pages.length - 1) {
      await probe.gc();
      peak = Math.max(peak, (await probe.used()) - base);
    }
  }
  const seconds = round((performance.now() - started) / 1000, 1);
  await probe.gc();
  const retained = (await probe.used()) - base;
  db.close();
  await place.remove();
  // `pages` is read after the last measurement so that its bodies, in the baseline, stay reachable until then.
  return { peak: mib(peak), retained: mib(retained), seconds, pages: pages.length };
}

/** Heap kept by `hold` (what it returns stays reachable until measured), after forced GCs, MiB. */
async function retainedBy(probe: HeapProbe, hold: () => Promise<() => Promise<void>>): Promise<number> {
  await probe.gc();
  const before = await probe.used();
  const release = await hold();
  await probe.gc();
  const after = await probe.used();
  await release();
  return mib(after - before);
}

/** A warm start that keeps its catalogue and subscribed view until released. */
function holdLibrary(idb: IdbPair, name: string, first: Page) {
  return async () => {
    const catalogue = offlineCatalogue(idb, name);
    const view = viewOf(catalogue, first);
    let stop: () => void = () => {};
    await new Promise<void>((resolve) => {
      stop = view.subscribe(() => {
        if (view.getSnapshot().data !== undefined) resolve();
      });
    });
    return async () => {
      stop();
      await catalogue.close();
    };
  };
}

function holdTanstackClient(name: string, first: Page) {
  return async () => {
    const client = newClient();
    const storage = keyval(`${name}-client`);
    const persister = createAsyncStoragePersister({ storage: storage.storage, throttleTime: 0 });
    await persistQueryClientRestore({ queryClient: client, persister });
    if (client.getQueryData(queryKey(first)) === undefined) throw new Error('tanstackClient: page 1 not restored');
    return async () => {
      client.clear();
      await storage.close();
    };
  };
}

function holdTanstackQuery(name: string, first: Page) {
  return async () => {
    const client = newClient();
    const storage = keyval(`${name}-query`);
    const persister = experimental_createQueryPersister({ storage: storage.storage });
    await client.fetchQuery({
      queryKey: queryKey(first),
      queryFn: () => Promise.reject(new Error('tanstackQuery: a warm start must not fetch')),
      persister: persister.persisterFn as never,
      staleTime: Number.POSITIVE_INFINITY,
    });
    return async () => {
      client.clear();
      await storage.close();
    };
  };
}

export interface RetainedFigures {
  readonly library: number;
  readonly tanstackClient: number;
  readonly tanstackQuery: number;
}

/** Heap retained by each side's warm start on datasets already stored under `viewsDatabase(n)`. */
export async function retainedAfterWarmStart(idb: IdbPair, probe: HeapProbe, n: number): Promise<RetainedFigures> {
  const name = viewsDatabase(n);
  const first = makePages(n)[0] as Page;
  const sides = {
    library: holdLibrary(idb, name, first),
    tanstackClient: holdTanstackClient(name, first),
    tanstackQuery: holdTanstackQuery(name, first),
  };
  for (const hold of Object.values(sides)) await (await hold())();
  // The median of three: a collection can still free an earlier side's garbage during a measurement.
  const median = async (hold: () => Promise<() => Promise<void>>) => {
    const runs = [await retainedBy(probe, hold), await retainedBy(probe, hold), await retainedBy(probe, hold)];
    return runs.sort((a, b) => a - b)[1] as number;
  };
  return {
    library: await median(sides.library),
    tanstackClient: await median(sides.tanstackClient),
    tanstackQuery: await median(sides.tanstackQuery),
  };
}

export interface IngestPeaks {
  readonly records: number;
  /** Sampled after every page: V8's uncollected garbage included (the issue's figure). */
  readonly library: PeakFigures;
  readonly raw: PeakFigures;
  /** Sampled after a forced GC every `gcEvery` pages: what stays reachable while ingesting. */
  readonly libraryLive: PeakFigures;
  readonly rawLive: PeakFigures;
  readonly gcEvery: number;
}

/** Both sides' peaks, each in its own pass (forced GCs would change the garbage the first pass sees). */
export async function measureIngestPeaks(
  storage: BenchStorage,
  probe: HeapProbe,
  smoke: boolean,
  log: (message: string) => void,
): Promise<IngestPeaks> {
  const records = smoke ? 2_000 : 100_000;
  const gcEvery = smoke ? 20 : 250;
  log(`ingesting ${records} records page by page, library then raw, sampling the heap after every page`);
  const library = await ingestPeak(storage, probe, records, 'library');
  const raw = await ingestPeak(storage, probe, records, 'raw');
  log(`peak: library ${library.peak} MiB (retained ${library.retained}), raw ${raw.peak} MiB (${raw.retained})`);
  log(`again, sampling after a forced GC every ${gcEvery} pages`);
  const libraryLive = await ingestPeak(storage, probe, records, 'library', gcEvery);
  const rawLive = await ingestPeak(storage, probe, records, 'raw', gcEvery);
  log(`live peak: library ${libraryLive.peak} MiB, raw ${rawLive.peak} MiB`);
  return { records, library, raw, libraryLive, rawLive, gcEvery };
}

export function heapRows(peak: IngestPeaks | undefined, retained: Record<string, RetainedFigures>): BenchRow[] {
  const rows: BenchRow[] = [];
  const ratioOf = (a: number, b: number) => (b > 0 ? round(a / b) : null);
  if (peak) {
    rows.push(
      {
        metric: `ingestPeak.n${peak.records}`,
        library: peak.library.peak,
        baseline: peak.raw.peak,
        ratio: ratioOf(peak.library.peak, peak.raw.peak),
        goal: `≤ ${PEAK_GOAL_MIB} MiB`,
        unit: 'MiB',
        met: peak.library.peak <= PEAK_GOAL_MIB,
      },
      {
        metric: `ingestLivePeak.n${peak.records}`,
        library: peak.libraryLive.peak,
        baseline: peak.rawLive.peak,
        ratio: ratioOf(peak.libraryLive.peak, peak.rawLive.peak),
        goal: '',
        unit: 'MiB',
      },
    );
  }
  for (const [key, figures] of Object.entries(retained)) {
    rows.push({
      metric: `retained.${key}`,
      library: figures.library,
      baseline: figures.tanstackClient,
      ratio: figures.tanstackClient > 0 ? round(figures.library / figures.tanstackClient) : null,
      goal: `≤ ${RETAINED_GOAL_MIB} MiB`,
      unit: 'MiB',
      met: figures.library <= RETAINED_GOAL_MIB,
    });
  }
  return rows;
}

const heap: Benchmark = async ({ smoke, storage, log }) => {
  const probe = nodeHeapProbe();
  const ingest = await measureIngestPeaks(storage, probe, smoke, log);
  const idb = storage.shared();
  const retained: Record<string, RetainedFigures> = {};
  for (const n of viewSizes(smoke)) {
    const pages = makePages(n);
    await ingestLibrary(idb, viewsDatabase(n), pages);
    (await ingestTanstack(viewsDatabase(n), pages)).clear();
    retained[`n${n}`] = await retainedAfterWarmStart(idb, probe, n);
    log(`n=${n}: retained ${JSON.stringify(retained[`n${n}`])} MiB`);
  }
  return { fields: { ingestPeak: ingest, retained }, rows: heapRows(ingest, retained) };
};

export default heap;
