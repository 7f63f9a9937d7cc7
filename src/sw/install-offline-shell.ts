import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { PrecacheController, PrecacheRoute } from 'workbox-precaching';
import { Route, Router } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { configuredImageOrigins } from './configured-image-origins.js';
import {
  isApiRequest,
  isAppNavigation,
  isCachedImage,
  type OfflineShellOptions,
  type ResolvedOfflineShellOptions,
  resolveOfflineShellOptions,
} from './offline-shell-options.js';
import { isSkipWaitingMessage } from './skip-waiting-message.js';

/**
 * The part of `ServiceWorkerGlobalScope` used here, typed structurally so the module compiles with the DOM lib
 * (the library's program) as with the WebWorker lib (`tsconfig.sw.json`).
 */
export interface OfflineShellScope {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: { readonly origin: string };
}

/** What `installOfflineShell` set up. */
export interface OfflineShell {
  /** The Cache Storage names in use: Workbox's precache, and the images' cache when images are cached. */
  readonly cacheNames: { readonly precache: string; readonly images?: string };
  /** Removes the event listeners. */
  uninstall(): void;
}

/** `ExtendableEvent`, `FetchEvent` and `ExtendableMessageEvent`, as far as read here. */
interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
  readonly request: Request;
  respondWith(response: Promise<Response>): void;
  readonly data?: unknown;
}

/** Workbox's parameter types name `ExtendableEvent`, which the DOM lib lacks: pass the event through as theirs. */
type WorkboxEvent = Parameters<PrecacheController['install']>[0];

/**
 * Makes a service worker an offline-first app shell, on Workbox:
 *
 * - **precache**: every file of the build's manifest is cached at install, by revision; a new build's worker
 *   fetches only what changed, then waits (a page offers the update, see `watchWorkerUpdates`) until a page sends
 *   it `SKIP_WAITING`; on activation it drops the files the new manifest no longer lists;
 * - **navigations** get the precached page from the cache first, never waiting on the network, which on a slow
 *   link would hold every warm load; the browser looks for a new worker in the background on each one;
 * - **images** (the service's `/t/p/…` paths) are served cache first, at most `maxEntries` of them, matched with
 *   `ignoreVary` (an answer that varies on `Origin` still matches) and opaque cross-origin answers accepted;
 * - **the catalogue service's API** is never answered or cached by the worker: the library's IndexedDB is its
 *   cache, with its own freshness.
 *
 * Composes with `installBackgroundRefresh` on the same scope: this one answers `install`, `activate`, `fetch`
 * and the `SKIP_WAITING` message; that one `sync`, `periodicsync` and its own messages.
 */
export function installOfflineShell(scope: OfflineShellScope, options: OfflineShellOptions): OfflineShell {
  const ownOrigin = scope.location.origin;
  const resolved = resolveOfflineShellOptions(options, ownOrigin, () => configuredImageOrigins(scope));
  const precache = new PrecacheController();
  precache.addToCacheList([...resolved.precache]);
  const router = new Router();
  router.registerRoute(new PrecacheRoute(precache));
  if (resolved.navigationFallback !== null) router.registerRoute(navigationRoute(precache, ownOrigin, resolved));
  if (resolved.images) router.registerRoute(imageRoute(resolved));
  // An image that is neither cached nor reachable (offline): the same network error the page would get without a
  // worker, instead of a rejected `respondWith` reported as the worker's uncaught error.
  router.setCatchHandler(async () => Response.error());

  const onInstall = (event: Event) => {
    const e = event as WorkerEvent;
    e.waitUntil(precache.install(e as unknown as WorkboxEvent));
  };
  const onActivate = (event: Event) => {
    const e = event as WorkerEvent;
    const claim = () => (resolved.claimClients ? scope.clients.claim() : undefined);
    e.waitUntil(precache.activate(e as unknown as WorkboxEvent).then(claim));
  };
  const onFetch = (event: Event) => {
    const e = event as WorkerEvent;
    if (isApiRequest(new URL(e.request.url), resolved)) return;
    const response = router.handleRequest({ request: e.request, event: e as unknown as WorkboxEvent });
    if (response) e.respondWith(response);
  };
  const onMessage = (event: Event) => {
    const e = event as WorkerEvent;
    if (isSkipWaitingMessage(e.data)) e.waitUntil(scope.skipWaiting());
  };
  const listeners: [string, (event: Event) => void][] = [
    ['install', onInstall],
    ['activate', onActivate],
    ['fetch', onFetch],
    ['message', onMessage],
  ];
  for (const [type, listener] of listeners) scope.addEventListener(type, listener);

  return {
    cacheNames: {
      precache: precache.strategy.cacheName,
      ...(resolved.images ? { images: resolved.images.cacheName } : {}),
    },
    uninstall() {
      for (const [type, listener] of listeners) scope.removeEventListener(type, listener);
    },
  };
}

/** Navigations in scope get the precached page, cache first (the precache strategy goes to the network only on a miss). */
function navigationRoute(precache: PrecacheController, ownOrigin: string, resolved: ResolvedOfflineShellOptions) {
  const page = resolved.navigationFallback as string;
  if (precache.getCacheKeyForURL(page) === undefined) {
    throw new TypeError(`installOfflineShell: navigationFallback ${JSON.stringify(page)} is not in the precache`);
  }
  return new Route(
    ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, ownOrigin, resolved),
    precache.createHandlerBoundToURL(page),
  );
}

function imageRoute(resolved: ResolvedOfflineShellOptions) {
  const images = resolved.images;
  if (!images) throw new Error('imageRoute: images are off');
  const strategy = new CacheFirst({
    cacheName: images.cacheName,
    // The image CDN answers with `Vary: Origin` (and `Accept-Encoding`): an `<img>` and a `fetch` of the same
    // URL send different headers, and with Vary honoured one would never match what the other cached.
    matchOptions: { ignoreVary: true },
    plugins: [
      // 0: an opaque answer (an `<img>` of another origin without CORS), whose status cannot be read.
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({
        maxEntries: images.maxEntries,
        maxAgeSeconds: images.maxAgeSeconds,
        // Opaque answers count padded against the quota: give the images up rather than fail other writes.
        purgeOnQuotaError: true,
      }),
    ],
  });
  return new Route(({ url }) => isCachedImage(url, resolved), strategy);
}
