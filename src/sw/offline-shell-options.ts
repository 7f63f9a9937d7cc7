/**
 * The offline shell's options, resolved and checked once, and the decisions made from them about each request:
 * which requests the worker never answers (the catalogue service's API), which are images to cache, and which
 * navigations get the app's page. Nothing here imports Workbox, so it runs (and is tested) anywhere.
 */

/** One file of the precache manifest a build writes into the worker (`self.__WB_MANIFEST`). */
export type PrecacheEntry =
  | string
  | {
      readonly url: string;
      /** Changes when the file does; `null` when the URL itself is versioned (a hashed file name). */
      readonly revision?: string | null;
      readonly integrity?: string;
    };

/** What `vite-plugin-pwa` or `workbox-build`'s `injectManifest` writes in place of `self.__WB_MANIFEST`. */
export type PrecacheManifest = readonly PrecacheEntry[];

/** How the offline shell caches images: which ones, how many, for how long. */
export interface OfflineImagesOptions {
  /**
   * Origins whose `/t/p/…` images (the service's image paths) are cached. Each must also be in the worker's CSP
   * `connect-src`: the worker fetches them itself.
   * @default the worker's own origin and https://image.tmdb.org
   */
  origins?: readonly string[];
  /** Which requests are images to cache, instead of `origins` and the `/t/p/` path. @default undefined */
  match?: (url: URL) => boolean;
  /** Images kept; past it, the least recently used go first. @default 200 */
  maxEntries?: number;
  /** An image unused for this long, or whose `Date` is older, is fetched again. @default 2592000 (30 days) */
  maxAgeSeconds?: number;
  /** @default 'catalogue-sync-images' */
  cacheName?: string;
}

/** `installOfflineShell`'s options: only `precache` is required. */
export interface OfflineShellOptions {
  /** The build's precache manifest: `self.__WB_MANIFEST`. Each URL is cached at install, by its revision. */
  precache: PrecacheManifest;
  /**
   * The precached page every navigation in scope gets (a single-page app), from the cache first; `null` leaves
   * navigations that are not a precached URL to the network.
   * @default 'index.html' (relative to the worker's URL)
   */
  navigationFallback?: string | null;
  /** Navigations that are not the app's page (server routes), by path. @default none */
  navigationDenylist?: readonly RegExp[];
  /**
   * Paths of the catalogue service's API, on any origin: the worker never answers them, so they reach the network
   * as if there were no worker. The library's IndexedDB is their cache, with its own freshness.
   * @default [/^\/3\//]
   */
  apiPaths?: readonly RegExp[];
  /** Image caching (posters, profiles, stills), cache first with an entry cap; `false`: none. @default {} */
  images?: OfflineImagesOptions | false;
  /**
   * Take control of open pages when the worker first activates, so a first visit works offline without a reload.
   * @default true
   */
  claimClients?: boolean;
}

export interface ResolvedImages {
  readonly match: (url: URL) => boolean;
  readonly maxEntries: number;
  readonly maxAgeSeconds: number;
  readonly cacheName: string;
}

export interface ResolvedOfflineShellOptions {
  readonly precache: PrecacheManifest;
  readonly navigationFallback: string | null;
  readonly navigationDenylist: readonly RegExp[];
  readonly apiPaths: readonly RegExp[];
  readonly images: ResolvedImages | undefined;
  readonly claimClients: boolean;
}

/** The real service's image host (its `/3/configuration` names it). */
export const TMDB_IMAGE_ORIGIN = 'https://image.tmdb.org';
/** The Cache Storage name of the images unless `images.cacheName` says otherwise. */
export const DEFAULT_IMAGE_CACHE = 'catalogue-sync-images';
const IMAGE_PATH = '/t/p/';

const fail = (message: string): never => {
  throw new TypeError(`installOfflineShell: ${message}`);
};

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    fail(`${name} must be a positive integer, got ${String(value)}`);
  }
  return value as number;
}

function patterns(value: unknown, name: string, fallback: readonly RegExp[]): readonly RegExp[] {
  if (value === undefined) return fallback;
  if (!Array.isArray(value) || !value.every((item) => item instanceof RegExp)) {
    fail(`${name} must be an array of regular expressions`);
  }
  return [...(value as RegExp[])];
}

function originOf(value: unknown): string {
  try {
    const url = new URL(String(value));
    if (url.origin !== 'null' && url.pathname === '/' && url.search === '' && url.hash === '') return url.origin;
  } catch {
    // reported below
  }
  return fail(`images.origins must hold origins such as https://image.tmdb.org, got ${JSON.stringify(value)}`);
}

function resolveImages(
  images: OfflineImagesOptions | false | undefined,
  ownOrigin: string,
  learnedOrigins: () => ReadonlySet<string>,
): ResolvedImages | undefined {
  if (images === false) return undefined;
  if (images !== undefined && (typeof images !== 'object' || images === null)) {
    fail('images must be an object or false');
  }
  const given = images ?? {};
  if (given.match !== undefined && typeof given.match !== 'function') fail('images.match must be a function');
  if (given.origins !== undefined && !Array.isArray(given.origins)) fail('images.origins must be an array');
  const origins = new Set((given.origins ?? [ownOrigin, TMDB_IMAGE_ORIGIN]).map(originOf));
  const cacheName = given.cacheName ?? DEFAULT_IMAGE_CACHE;
  if (typeof cacheName !== 'string' || cacheName === '') fail('images.cacheName must be a non-empty string');
  return {
    // The configuration's image origin joins the listed ones: it is known only once a catalogue has read it.
    match:
      given.match ??
      ((url) => (origins.has(url.origin) || learnedOrigins().has(url.origin)) && url.pathname.startsWith(IMAGE_PATH)),
    maxEntries: positiveInteger(given.maxEntries, 'images.maxEntries', 200),
    maxAgeSeconds: positiveInteger(given.maxAgeSeconds, 'images.maxAgeSeconds', 30 * 24 * 3600),
    cacheName,
  };
}

/** Checks `options` once (a `TypeError` names the bad one) and fills in the defaults. */
export function resolveOfflineShellOptions(
  options: OfflineShellOptions,
  ownOrigin: string,
  learnedOrigins: () => ReadonlySet<string> = () => new Set(),
): ResolvedOfflineShellOptions {
  if (typeof options !== 'object' || options === null) fail('options must be an object');
  const { precache } = options;
  if (!Array.isArray(precache)) {
    // Not naming the injection point here: the build replaces its one occurrence, and would refuse a second one.
    fail('precache must be the manifest the build injects: was the worker built with injectManifest?');
  }
  for (const entry of precache) {
    const url = typeof entry === 'string' ? entry : (entry as { url?: unknown } | null)?.url;
    if (typeof url !== 'string' || url === '') fail(`precache holds an entry without a URL: ${JSON.stringify(entry)}`);
  }
  const navigationFallback = options.navigationFallback === undefined ? 'index.html' : options.navigationFallback;
  if (navigationFallback !== null && (typeof navigationFallback !== 'string' || navigationFallback === '')) {
    fail('navigationFallback must be a precached URL or null');
  }
  if (options.claimClients !== undefined && typeof options.claimClients !== 'boolean') {
    fail('claimClients must be a boolean');
  }
  return {
    precache,
    navigationFallback,
    navigationDenylist: patterns(options.navigationDenylist, 'navigationDenylist', []),
    apiPaths: patterns(options.apiPaths, 'apiPaths', [/^\/3\//]),
    images: resolveImages(options.images, ownOrigin, learnedOrigins),
    claimClients: options.claimClients ?? true,
  };
}

/** A request to the catalogue service's API: the worker leaves it alone, whatever else matches. */
export function isApiRequest(url: URL, options: ResolvedOfflineShellOptions): boolean {
  return options.apiPaths.some((pattern) => pattern.test(url.pathname));
}

/** An image the worker caches. */
export function isCachedImage(url: URL, options: ResolvedOfflineShellOptions): boolean {
  return options.images !== undefined && !isApiRequest(url, options) && options.images.match(url);
}

/** A navigation answered with the app's page: in scope, not the API, not denied. */
export function isAppNavigation(url: URL, ownOrigin: string, options: ResolvedOfflineShellOptions): boolean {
  return (
    options.navigationFallback !== null &&
    url.origin === ownOrigin &&
    !isApiRequest(url, options) &&
    !options.navigationDenylist.some((pattern) => pattern.test(url.pathname))
  );
}
