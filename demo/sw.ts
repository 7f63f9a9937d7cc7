/**
 * The demo's module service worker (built as `/sw.js`): it keeps the app shell and the images in Cache Storage
 * so a reload with the network cut still shows the page and its posters (the data comes from IndexedDB), and it
 * runs the library's background refresh on the page's database.
 */
// biome-ignore assist/source/organizeImports: first, so zod is jitless before the library builds its schemas.
import { ZOD_JITLESS } from './app/zod-jitless.js';
import { createCatalogue } from '../src/index.js';
import { installBackgroundRefresh } from '../src/sw/index.js';
import {
  DEMO_DB_NAME,
  DEMO_RATE_LIMIT,
  DEMO_TOKEN,
  IMAGE_CACHE,
  IMAGE_CACHE_MAX_ENTRIES,
  SHELL_CACHE,
} from './app/config.js';

/**
 * The real `ServiceWorkerGlobalScope` under `demo/tsconfig.sw.json` (WebWorker lib), `never` in the DOM program,
 * where the type does not exist: the two libs conflict in one program.
 */
type WorkerScope = typeof globalThis extends { ServiceWorkerGlobalScope: { prototype: infer S } } ? S : never;

/** The little of the worker's events this file uses, typed the same in both programs. */
interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEventLike extends ExtendableEventLike {
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
}
interface ScopeLike {
  addEventListener(type: 'install' | 'activate' | 'fetch', listener: (event: Event) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: { readonly origin: string };
}

if (!ZOD_JITLESS) throw new Error('zod must run jitless under the worker’s Content-Security-Policy');

const scope = self as unknown as ScopeLike;
const SHELL = ['/', '/manifest.webmanifest', '/icon.svg', '/icon-maskable.svg'];

installBackgroundRefresh(self as unknown as WorkerScope, {
  createCatalogue: () =>
    createCatalogue({
      baseUrl: scope.location.origin,
      accessToken: DEMO_TOKEN,
      dbName: DEMO_DB_NAME,
      rateLimit: DEMO_RATE_LIMIT,
    }),
  budgetMs: 25_000,
});

scope.addEventListener('install', (event) => {
  (event as ExtendableEventLike).waitUntil(precacheShell().then(() => scope.skipWaiting()));
});

scope.addEventListener('activate', (event) => {
  (event as ExtendableEventLike).waitUntil(dropOldCaches().then(() => scope.clients.claim()));
});

scope.addEventListener('fetch', (raw) => {
  const event = raw as FetchEventLike;
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin) return;
  // API answers live in IndexedDB, kept by the library: the worker never caches them.
  if (url.pathname.startsWith('/3/') || url.pathname.startsWith('/__fake/')) return;
  if (url.pathname.startsWith('/t/p/')) event.respondWith(imageFirstFromCache(request));
  else event.respondWith(shellFromNetworkFirst(request));
});

/** The shell: the page, the assets it names (hashed names are only known from the built HTML) and the icons. */
async function precacheShell(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  await cache.addAll(SHELL);
  const page = await cache.match('/');
  const html = page ? await page.text() : '';
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] as string);
  await cache.addAll(assets);
}

async function dropOldCaches(): Promise<void> {
  const keep = new Set([SHELL_CACHE, IMAGE_CACHE]);
  for (const name of await caches.keys()) if (!keep.has(name)) await caches.delete(name);
}

/** Network first so a rebuilt page shows at once; the cached copy when the network is cut. */
async function shellFromNetworkFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request.mode === 'navigate' ? '/' : request, response.clone());
    return response;
  } catch {
    const cached =
      (await cache.match(request, { ignoreSearch: true })) ??
      (request.mode === 'navigate' ? await cache.match('/') : undefined);
    return cached ?? offline();
  }
}

/**
 * What the page gets for a file the network cannot bring and the cache lacks: the same network error as a
 * rejected `respondWith`, without the worker reporting an uncaught rejection for an expected miss.
 */
function offline(): Response {
  return Response.error();
}

/** Image paths never change content, so the cache answers first; the oldest entries go past the cap. */
async function imageFirstFromCache(request: Request): Promise<Response> {
  const cache = await caches.open(IMAGE_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  // Offline, a picture never cached fails to load, and the page shows its placeholder.
  const response = await fetch(request).catch(offline);
  if (response.ok) {
    await cache.put(request, response.clone());
    await trim(cache, IMAGE_CACHE_MAX_ENTRIES);
  }
  return response;
}

async function trim(cache: Cache, maxEntries: number): Promise<void> {
  const keys = await cache.keys();
  // Keys come back in insertion order: the first ones are the oldest.
  for (const key of keys.slice(0, Math.max(0, keys.length - maxEntries))) await cache.delete(key);
}
