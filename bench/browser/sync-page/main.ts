/**
 * sync-main-thread's page (built by Vite in production mode). The fake service runs OUTSIDE the page (its own
 * server on 127.0.0.1, another origin, open CORS), so the page's heap and main thread hold only each side's
 * work: the request, the body, validation and storage. Sides: the library (`catalogue.sync.pullList`, rate limit
 * off), raw Dexie (`fetch` + `json()` + zod validation + one transaction per page, the page's records in one
 * primary-key-only table as served), raw Dexie storing the library's normalized rows (people only: each `known_for`
 * work a row of `movies` or `tvSeries`, the person keeping `{ media_type, id }` references; the contract's floor) and
 * TanStack Query with the per-query persister (`setQueryData` +
 * `persistQueryByKey`). Both baselines page like `pullList`: page 1, then the rest with 8 in flight (the
 * library's default concurrency).
 */
import { QueryClient } from '@tanstack/query-core';
import { experimental_createQueryPersister } from '@tanstack/query-persist-client-core';
import { Dexie } from 'dexie';
import { z } from 'zod';
import { createCatalogue, DATABASE_PROTOCOL_SUFFIX } from '../../../src/index.js';
import { keyvalStorage } from '../sides/keyval.js';
import { LANGUAGE, pool, TOKEN } from '../sides/shared.js';
import type { SyncKind, SyncList, SyncPageApi, SyncRun, SyncSide } from './api.js';

const CONCURRENCY = 8;
const PATHS: Record<SyncKind, string> = { discoverTv: '/3/discover/tv', popularPeople: '/3/person/popular' };

const urlOf = (api: string, list: SyncList, page: number) =>
  `${api}${PATHS[list.kind]}?${new URLSearchParams({ ...list.params, language: LANGUAGE, page: String(page) }).toString()}`;

/** The same key for a page on every side: the kind, the list's params and the page, in a stable order. */
const pageKey = (list: SyncList, page: number) =>
  JSON.stringify([list.kind, ...Object.entries(list.params).sort(([a], [b]) => (a < b ? -1 : 1)), page]);

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
async function pageThrough(lists: readonly SyncList[], one: (list: SyncList, page: number) => Promise<void>) {
  for (const list of lists) {
    await one(list, 1);
    await pool(list.pages - 1, CONCURRENCY, (i) => one(list, i + 2));
  }
}

async function getJson(api: string, list: SyncList, page: number): Promise<unknown> {
  const response = await fetch(urlOf(api, list, page), { headers: { authorization: `Bearer ${TOKEN}` } });
  if (response.status !== 200) throw new Error(`sync page: ${list.kind} page ${page} answered ${response.status}`);
  return response.json();
}

// The raw side's validation: the same fields the library's schemas check (zod, objects stripped).
const imagePath = z.string().nullable();
const date = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/)
  .nullable();
const work = {
  adult: z.boolean().optional(),
  backdrop_path: imagePath,
  genre_ids: z.array(z.number().int()),
  id: z.number().int(),
  original_language: z.string(),
  overview: z.string(),
  popularity: z.number(),
  poster_path: imagePath,
  softcore: z.boolean().optional(),
  vote_average: z.number(),
  vote_count: z.number(),
};
const series = z.object({
  ...work,
  first_air_date: date,
  media_type: z.literal('tv').optional(),
  name: z.string(),
  origin_country: z.array(z.string()),
  original_name: z.string(),
});
const movie = z.object({
  ...work,
  media_type: z.literal('movie'),
  original_title: z.string(),
  release_date: date,
  title: z.string(),
  video: z.boolean(),
});
const knownFor = z.discriminatedUnion('media_type', [
  movie.extend({ popularity: z.number().optional(), backdrop_path: imagePath.optional() }),
  series.extend({
    media_type: z.literal('tv'),
    popularity: z.number().optional(),
    backdrop_path: imagePath.optional(),
  }),
]);
const person = z.object({
  adult: z.boolean(),
  gender: z.number().int(),
  id: z.number().int(),
  known_for: z.array(knownFor),
  known_for_department: z.string(),
  name: z.string(),
  original_name: z.string().optional(),
  popularity: z.number(),
  profile_path: imagePath,
});
const envelopeOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    page: z.number().int().min(0),
    results: z.array(item),
    total_pages: z.number().int().min(0),
    total_results: z.number().int().min(0),
  });
const envelopes = { discoverTv: envelopeOf(series), popularPeople: envelopeOf(person) };

const sides: Record<SyncSide, (lists: readonly SyncList[], api: string) => Promise<() => Promise<void>>> = {
  async library(lists, api) {
    const name = fresh('sync-library');
    const catalogue = createCatalogue({
      baseUrl: api,
      accessToken: TOKEN,
      dbName: name,
      fetch: (input, init) => fetch(input, init),
      // Rate limit off on the client too (the fake's is off).
      rateLimit: { perSecond: 1_000_000 },
      broadcastChannel: false,
    });
    for (const list of lists) {
      const result = await catalogue.sync.pullList(list.kind, list.params, { pages: list.pages });
      if (result.pages !== list.pages) throw new Error(`library: ${result.pages} pages pulled, not ${list.pages}`);
    }
    return async () => {
      await catalogue.close();
      await deleteDatabase(`${name}${DATABASE_PROTOCOL_SUFFIX}`);
    };
  },
  async raw(lists, api) {
    const name = fresh('sync-raw');
    const db = new Dexie(name);
    db.version(1).stores({ records: '[kind+id]', pages: 'key' });
    const records = db.table('records');
    const pages = db.table('pages');
    await pageThrough(lists, async (list, page) => {
      const body = envelopes[list.kind].parse(await getJson(api, list, page));
      const rows = body.results.map((item: { id: number }) => ({ ...item, kind: list.kind }));
      await db.transaction('rw', records, pages, async () => {
        await records.bulkPut(rows);
        await pages.put({ key: pageKey(list, page), ids: rows.map((row) => row.id) });
      });
    });
    return async () => {
      db.close();
      await deleteDatabase(name);
    };
  },
  async rawNormalized(lists, api) {
    const name = fresh('sync-raw-normalized');
    const db = new Dexie(name);
    db.version(1).stores({ people: 'id', movies: 'id', tvSeries: 'id', pages: 'key' });
    const [people, movies, tvSeries, pages] = [
      db.table('people'),
      db.table('movies'),
      db.table('tvSeries'),
      db.table('pages'),
    ];
    await pageThrough(lists, async (list, page) => {
      // Discover's rows are raw's (one table, nothing nested): the floor is only a side of people.
      if (list.kind !== 'popularPeople') throw new Error('rawNormalized: popular people only');
      const ids: number[] = [];
      const personRows: object[] = [];
      const movieRows: object[] = [];
      const seriesRows: object[] = [];
      for (const item of envelopes.popularPeople.parse(await getJson(api, list, page)).results) {
        ids.push(item.id);
        for (const work of item.known_for) (work.media_type === 'movie' ? movieRows : seriesRows).push(work);
        personRows.push({ ...item, known_for: item.known_for.map(({ media_type, id }) => ({ media_type, id })) });
      }
      // Every table's rows issued at once in the page's one transaction: the fewest round trips raw Dexie can make.
      await db.transaction('rw', [people, movies, tvSeries, pages], () =>
        Promise.all([
          people.bulkPut(personRows),
          movies.bulkPut(movieRows),
          tvSeries.bulkPut(seriesRows),
          pages.put({ key: pageKey(list, page), ids }),
        ]),
      );
    });
    return async () => {
      db.close();
      await deleteDatabase(name);
    };
  },
  async tanstackQuery(lists, api) {
    const name = fresh('sync-query');
    const client = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY } } });
    const persister = experimental_createQueryPersister({ storage: keyvalStorage(name) });
    await pageThrough(lists, async (list, page) => {
      const key = [pageKey(list, page)];
      client.setQueryData(key, await getJson(api, list, page));
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
  async run(side, lists, base): Promise<SyncRun> {
    const longTasks: number[] = [];
    const observer = new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) longTasks.push(entry.duration);
    });
    observer.observe({ type: 'longtask' });
    const started = performance.now();
    const cleanup = await sides[side](lists, base);
    const wallMs = performance.now() - started;
    for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
    observer.disconnect();
    await cleanup();
    return { wallMs, longTasks, pages: lists.reduce((sum, list) => sum + list.pages, 0) };
  },
};

window.syncBench = api;
