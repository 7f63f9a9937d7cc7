/**
 * Issue 12's write → live-view notification latency: how long after a write starts the listener of a live view
 * that shows the written record is called, p50 and p95 over many single-record writes, beside raw Dexie
 * `liveQuery` over the same table measured in the same run. Goal (Chromium): p95 ≤ 16 ms, one frame.
 *
 * - library: a catalogue (offline, nothing fetched) with a subscribed view of page 1 of a `discoverTv` list;
 *   each write is `writeResponse` (the engine's store write: validated response → records, list page, sync
 *   meta, one transaction) of another list's page holding one record of that page, changed. The time runs from
 *   the write's start to the first listener call whose snapshot shows the change.
 * - raw: Dexie `liveQuery` reading the same 20 records (`tvSeries.bulkGet`) on a database of the same schema;
 *   each write is one `tvSeries.put` of the changed record; the time runs from the put's start to the emission
 *   that shows it.
 *
 * Writes are sequential (the next starts after the previous was seen, and a macrotask), after unmeasured
 * warm-up writes. `fromCommit` (reference) is the same time counted from the write's promise resolving.
 */
import { liveQuery } from 'dexie';
import { parseParams, type ResponseOf } from '../src/api/index.js';
import { databaseOf } from '../src/create-catalogue.js';
import { createCatalogue } from '../src/eager-entry.js';
import { createManualConnectivity } from '../src/env.js';
import { type CatalogueDatabase, openCatalogueDatabase, writeResponse } from '../src/store/index.js';
import { type Benchmark, type BenchRow, type BenchStorage, type IdbPair, ratio, round } from './benchmark.js';
import { makePages } from './views.bench.js';

type Discover = ResponseOf<'discoverTv'>;
type Series = Discover['results'][number];

const DAY = 86_400_000;
/** The goal in Chromium: a listener called within one 60 Hz frame of the write. */
export const NOTIFY_GOAL_MS = 16;

export interface Latencies {
  /** ms from each write's start to the listener call that shows it. */
  readonly fromStart: number[];
  /** ms from each write's promise resolving to that listener call (negative: the listener came first). */
  readonly fromCommit: number[];
}

export interface NotifyFigures {
  readonly writes: number;
  readonly library: { readonly p50: number; readonly p95: number; readonly p50FromCommit: number };
  readonly raw: { readonly p50: number; readonly p95: number; readonly p50FromCommit: number };
}

/** Nearest-rank percentile of unsorted values. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round(sorted[rank] as number, 2);
}

const nextMacrotask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The page the view shows (page 1 of one list) and the response that changes its first record. */
function fixtures() {
  const page = makePages(20)[0] as { params: Record<string, unknown>; body: Discover };
  const record = page.body.results[0] as Series;
  const changing = parseParams('discoverTv', { language: 'en-US', with_original_language: 'xx' });
  const changed = (i: number): Discover => ({
    page: 1,
    results: [{ ...record, vote_count: 1_000_000 + i }],
    total_pages: 1,
    total_results: 1,
  });
  return { page, record, changing, changed };
}

function write(db: CatalogueDatabase, params: Record<string, unknown>, data: Discover, i: number) {
  const now = Date.now();
  return writeResponse(db, {
    operation: 'discoverTv',
    params: params as never,
    previousEtag: null,
    response: { data, etag: `W/"${i}"`, maxAgeSeconds: 86_400, status: 200, receivedAt: now },
    expiresAt: now + DAY,
    now,
  });
}

/**
 * Runs `writes` + `warmup` writes; `start(i)` begins write i and resolves when it has committed, `seen(i)`
 * resolves (with the time) when the watcher has shown it.
 */
async function timeWrites(
  writes: number,
  warmup: number,
  start: (i: number) => Promise<unknown>,
  seen: (i: number) => Promise<number>,
): Promise<Latencies> {
  const fromStart: number[] = [];
  const fromCommit: number[] = [];
  for (let i = 0; i < warmup + writes; i++) {
    const shown = seen(i);
    const started = performance.now();
    await start(i);
    const committed = performance.now();
    const at = await shown;
    if (i >= warmup) {
      fromStart.push(at - started);
      fromCommit.push(at - committed);
    }
    await nextMacrotask();
  }
  return { fromStart, fromCommit };
}

/** A one-shot waiter per write index, resolved by whoever observes that write. */
function waiters() {
  const pending = new Map<number, (at: number) => void>();
  return {
    seen: (i: number) => new Promise<number>((resolve) => pending.set(i, resolve)),
    resolve(i: number) {
      const done = pending.get(i);
      if (!done) return;
      pending.delete(i);
      done(performance.now());
    },
  };
}

export async function libraryLatencies(storage: BenchStorage, writes: number, warmup: number): Promise<Latencies> {
  const place = storage.fresh('notify-library');
  const { page, record, changing, changed } = fixtures();
  const catalogue = createCatalogue({
    baseUrl: 'http://127.0.0.1:1',
    accessToken: 'unused',
    dbName: place.name,
    indexedDB: { indexedDB: place.indexedDB, IDBKeyRange: place.IDBKeyRange } satisfies IdbPair,
    connectivity: createManualConnectivity(false),
    fetch: () => Promise.reject(new Error('the notification benchmark must not fetch')),
  });
  try {
    await write(databaseOf(catalogue), page.params, page.body, -1);
    const { language: _language, ...params } = page.params;
    const view = catalogue.discoverTv(params as never);
    const waiting = waiters();
    const shown = (view: { getSnapshot(): { data: Discover | undefined } }) =>
      view.getSnapshot().data?.results.find((r) => r.id === record.id)?.vote_count;
    const ready = new Promise<void>((resolve) => {
      view.subscribe(() => {
        const votes = shown(view);
        if (votes !== undefined) resolve();
        if (votes !== undefined && votes >= 1_000_000) waiting.resolve(votes - 1_000_000);
      });
    });
    await ready;
    return await timeWrites(writes, warmup, (i) => write(databaseOf(catalogue), changing, changed(i), i), waiting.seen);
  } finally {
    await catalogue.close();
    await place.remove();
  }
}

export async function rawLatencies(storage: BenchStorage, writes: number, warmup: number): Promise<Latencies> {
  const place = storage.fresh('notify-raw');
  const { page, record, changed } = fixtures();
  const db = openCatalogueDatabase(place);
  const ids = page.body.results.map((r) => r.id);
  try {
    await db.tvSeries.bulkPut(page.body.results as never);
    const waiting = waiters();
    let ready: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const subscription = liveQuery(() => db.tvSeries.bulkGet(ids)).subscribe({
      next(rows) {
        ready();
        const votes = (rows.find((r) => (r as Series | undefined)?.id === record.id) as Series | undefined)?.vote_count;
        if (votes !== undefined && votes >= 1_000_000) waiting.resolve(votes - 1_000_000);
      },
    });
    await first;
    try {
      return await timeWrites(writes, warmup, (i) => db.tvSeries.put(changed(i).results[0] as never), waiting.seen);
    } finally {
      subscription.unsubscribe();
    }
  } finally {
    db.close();
    await place.remove();
  }
}

export async function measureNotify({ smoke, storage }: { smoke: boolean; storage: BenchStorage }) {
  const writes = smoke ? 20 : 300;
  const warmup = smoke ? 3 : 20;
  const library = await libraryLatencies(storage, writes, warmup);
  const raw = await rawLatencies(storage, writes, warmup);
  const figures = (l: Latencies) => ({
    p50: percentile(l.fromStart, 50),
    p95: percentile(l.fromStart, 95),
    p50FromCommit: percentile(l.fromCommit, 50),
  });
  return { writes, library: figures(library), raw: figures(raw) } satisfies NotifyFigures;
}

/** Rows: p50 and p95; the p95 goal is the browser's (Node's fake-indexeddb figure is reported without one). */
export function notifyRows(figures: NotifyFigures, withGoal: boolean): BenchRow[] {
  const { library, raw } = figures;
  return [
    {
      metric: 'p50',
      library: library.p50,
      baseline: raw.p50,
      ratio: ratio(library.p50, raw.p50),
      goal: '',
      unit: 'ms',
    },
    {
      metric: 'p95',
      library: library.p95,
      baseline: raw.p95,
      ratio: ratio(library.p95, raw.p95),
      goal: withGoal ? `≤ ${NOTIFY_GOAL_MS} ms` : '',
      unit: 'ms',
      met: withGoal ? library.p95 <= NOTIFY_GOAL_MS : undefined,
    },
  ];
}

const notify: Benchmark = async ({ smoke, storage, log, env }) => {
  const figures = await measureNotify({ smoke, storage });
  log(
    `library p50 ${figures.library.p50} ms p95 ${figures.library.p95} ms; raw ${figures.raw.p50} / ${figures.raw.p95}`,
  );
  return { fields: figures, rows: notifyRows(figures, env === 'chromium') };
};

export default notify;
