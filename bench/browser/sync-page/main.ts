/**
 * sync-main-thread's page (built by Vite in production mode): the fake service runs in the page (the
 * `createFakeService` fetch of `catalogue-sync/testing`), but its answers are asked for before timing and served
 * from a Map by a trivial fetch, so a run measures the client's work only. Sides: the library
 * (`catalogue.sync.pullList`, rate limit off), raw Dexie (parse + zod validation + one transaction per page) and
 * TanStack Query with the per-query persister (`setQueryData` + `persistQueryByKey`). Both baselines page like
 * `pullList`: page 1, then the rest with 8 in flight (the library's default concurrency).
 */
import { QueryClient } from '@tanstack/query-core';
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import { Dexie } from 'dexie';
import { z } from 'zod';
import { createCatalogue } from '../../../src/index.js';
import { createFakeService, FAKE_ACCESS_TOKEN } from '../../../src/testing/index.js';
import { keyvalStorage } from '../sides/keyval.js';
import { LANGUAGE, type ListSpec, pageKey, pool } from '../sides/shared.js';
import type { SyncPageApi, SyncRun, SyncSide } from './api.js';

const BASE = 'http://fake.test';
const CONCURRENCY = 8;

/** A URL's path and its query sorted by name: the key of a prepared answer, whatever order a side builds. */
function canonical(url: string): string {
  const parsed = new URL(url, BASE);
  const query = [...parsed.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${parsed.pathname}?${new URLSearchParams(query).toString()}`;
}

const urlOf = (params: Record<string, string>, page: number) =>
  `${BASE}/3/discover/tv?${new URLSearchParams({ ...params, language: LANGUAGE, page: String(page) }).toString()}`;

interface Prepared {
  readonly body: string;
  readonly headers: [string, string][];
}
let prepared = new Map<string, Prepared>();
let fake: ReturnType<typeof createFakeService> | undefined;

/** Serves prepared answers only: a request nobody prepared is a bug of the benchmark, and says so. */
async function preparedFetch(input: Request | string | URL): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const answer = prepared.get(canonical(url));
  if (!answer) throw new TypeError(`sync page: no prepared answer for ${url}`);
  return new Response(answer.body, { status: 200, headers: answer.headers });
}

let count = 0;
const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++count}`;

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

/** Page 1 of each list, then its other pages with 8 in flight; lists one after another (as `pullList` does). */
async function pageThrough(
  lists: readonly ListSpec[],
  one: (params: Record<string, string>, page: number) => Promise<void>,
) {
  for (const list of lists) {
    await one(list.params, 1);
    await pool(list.pages - 1, CONCURRENCY, (i) => one(list.params, i + 2));
  }
}

async function getJson(params: Record<string, string>, page: number): Promise<unknown> {
  const response = await preparedFetch(urlOf(params, page));
  return response.json();
}

// The raw side's validation: the same summary fields the library's schema checks (zod, objects stripped).
const imagePath = z.string().nullable();
const summary = z.object({
  adult: z.boolean().optional(),
  backdrop_path: imagePath,
  first_air_date: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/)
    .nullable(),
  genre_ids: z.array(z.number().int()),
  id: z.number().int(),
  media_type: z.literal('tv').optional(),
  name: z.string(),
  origin_country: z.array(z.string()),
  original_language: z.string(),
  original_name: z.string(),
  overview: z.string(),
  popularity: z.number(),
  poster_path: imagePath,
  softcore: z.boolean().optional(),
  vote_average: z.number(),
  vote_count: z.number(),
});
const envelope = z.object({
  page: z.number().int().min(0),
  results: z.array(summary),
  total_pages: z.number().int().min(0),
  total_results: z.number().int().min(0),
});

const sides: Record<SyncSide, (lists: readonly ListSpec[]) => Promise<() => Promise<void>>> = {
  async library(lists) {
    const name = fresh('sync-library');
    const catalogue = createCatalogue({
      baseUrl: BASE,
      accessToken: FAKE_ACCESS_TOKEN,
      dbName: name,
      fetch: preparedFetch,
      // Rate limit off on the client too (the fake's is off: its answers are prepared).
      rateLimit: { perSecond: 1_000_000 },
      broadcastChannel: false,
    });
    for (const list of lists) {
      const result = await catalogue.sync.pullList('discoverTv', list.params, { pages: list.pages });
      if (result.pages !== list.pages) throw new Error(`library: ${result.pages} pages pulled, not ${list.pages}`);
    }
    return async () => {
      await catalogue.close();
      await deleteDatabase(name);
    };
  },
  async raw(lists) {
    const name = fresh('sync-raw');
    const db = new Dexie(name);
    db.version(1).stores({ series: 'id', pages: 'key' });
    await pageThrough(lists, async (params, page) => {
      const body = envelope.parse(await getJson(params, page));
      await db.transaction('rw', db.table('series'), db.table('pages'), async () => {
        await db.table('series').bulkPut(body.results);
        await db.table('pages').put({ key: pageKey(params, page), ids: body.results.map((r) => r.id) });
      });
    });
    return async () => {
      db.close();
      await deleteDatabase(name);
    };
  },
  async tanstackQuery(lists) {
    const name = fresh('sync-query');
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
    const persister = experimental_createQueryPersister({ storage: keyvalStorage(name) });
    await pageThrough(lists, async (params, page) => {
      const key = ['discoverTv', pageKey(params, page)];
      client.setQueryData(key, await getJson(params, page));
      await persister.persistQueryByKey(key, client);
    });
    return async () => {
      client.clear();
      // idb-keyval keeps its connection open: the delete waits for it, so it goes on in the background.
      void deleteDatabase(name).catch(() => {});
    };
  },
};

const api: SyncPageApi = {
  async prepare(lists) {
    const started = performance.now();
    fake ??= createFakeService({ scale: 'large', rateLimit: false, cacheMaxAge: 'full' });
    const service = fake;
    let added = 0;
    for (const list of lists) {
      for (let page = 1; page <= list.pages; page++) {
        const url = urlOf(list.params, page);
        const key = canonical(url);
        if (prepared.has(key)) continue;
        const response = await service.fetch(url, { headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` } });
        if (response.status !== 200) throw new Error(`prepare: ${url} answered ${response.status}`);
        prepared.set(key, { body: await response.text(), headers: [...response.headers.entries()] });
        added += 1;
      }
    }
    return { prepared: added, ms: performance.now() - started };
  },
  async run(side, lists): Promise<SyncRun> {
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const started = performance.now();
    const cleanup = await sides[side](lists);
    const wallMs = performance.now() - started;
    for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
    observer.disconnect();
    await cleanup();
    return { wallMs, longTasks, pages: lists.reduce((sum, list) => sum + list.pages, 0) };
  },
  forget() {
    prepared = new Map();
  },
};

window.syncBench = api;
