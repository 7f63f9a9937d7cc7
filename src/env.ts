/**
 * The effects the library depends on, injected so that tests, workers and browsers each supply their own.
 * Nothing below `createCatalogue` calls `Date.now()`, `setTimeout`, `fetch` or `navigator.onLine` directly:
 * it receives these. The defaults read the globals at call time, not at import time, so a test or a
 * polyfill installed after import still takes effect.
 */

/** An opaque timer handle: whatever the clock's `setTimeout` returns. */
export type TimerHandle = unknown;

/** Time and timers. A virtual clock (see `catalogue-sync/testing`) makes every time-dependent path testable. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** Whether the network is reachable, and a way to hear when that changes. */
export interface Connectivity {
  isOnline(): boolean;
  /** Returns the unsubscribe function. */
  subscribe(listener: (online: boolean) => void): () => void;
}

/** A source of uniform numbers in [0, 1): jitter uses it, so seeded tests are deterministic. */
export type Random = () => number;

/** The shape of the platform `fetch`; the fake service's `fetch` has the same signature. */
export type FetchLike = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/** The IndexedDB implementation: the browser's, or a fresh `fake-indexeddb` factory per test. */
export interface IndexedDBPair {
  indexedDB: IDBFactory;
  IDBKeyRange: typeof IDBKeyRange;
}

/** Structured log sink. The library never logs credentials; `context` holds plain data only. */
export interface Logger {
  debug(message: string, context?: Record<string, unknown>): void;
  info(message: string, context?: Record<string, unknown>): void;
  warn(message: string, context?: Record<string, unknown>): void;
  error(message: string, context?: Record<string, unknown>): void;
}

/** The real clock, reading the global timers when called. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

/** `Math.random`, read at call time. */
export const systemRandom: Random = () => Math.random();

/** The global `fetch`, read at call time (so a polyfill or a test double installed later is used). */
export const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

/** How much of the origin's storage is used and allowed, in bytes (`navigator.storage.estimate()`'s answer). */
export interface StorageFigures {
  readonly usage?: number;
  readonly quota?: number;
}

/** Reads how full the origin's storage is; undefined where nobody can say. */
export type StorageEstimator = () => Promise<StorageFigures | undefined>;

/** `navigator.storage.estimate()`, read at call time; undefined where there is none or it fails. */
export const platformStorageEstimate: StorageEstimator = () => {
  const storage = (globalThis as { navigator?: { storage?: { estimate?: () => Promise<StorageFigures> } } }).navigator
    ?.storage;
  if (typeof storage?.estimate !== 'function') return Promise.resolve(undefined);
  return storage.estimate().then(
    ({ usage, quota }) => ({ usage, quota }),
    () => undefined,
  );
};

/** A logger that drops everything: the default, because a library should not write to the console uninvited. */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
};

interface OnlineEventTarget {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/**
 * Connectivity from `navigator.onLine` and the `online`/`offline` events of `window` or a worker's `self`.
 * Where neither exists (Node), the network is taken as reachable: failures then surface as `NetworkError`s.
 */
export const platformConnectivity: Connectivity = {
  isOnline: () => {
    const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
    return typeof nav?.onLine === 'boolean' ? nav.onLine : true;
  },
  subscribe: (listener) => {
    const target = globalThis as unknown as Partial<OnlineEventTarget>;
    if (typeof target.addEventListener !== 'function' || typeof target.removeEventListener !== 'function') {
      return () => {};
    }
    const online = () => listener(true);
    const offline = () => listener(false);
    target.addEventListener('online', online);
    target.addEventListener('offline', offline);
    return () => {
      target.removeEventListener?.('online', online);
      target.removeEventListener?.('offline', offline);
    };
  },
};

/** Connectivity that can be switched by hand: for tests, and for apps that know better than `navigator.onLine`. */
export interface ManualConnectivity extends Connectivity {
  setOnline(online: boolean): void;
}

export function createManualConnectivity(initiallyOnline = true): ManualConnectivity {
  let online = initiallyOnline;
  const listeners = new Set<(online: boolean) => void>();
  return {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setOnline(next) {
      if (next === online) return;
      online = next;
      for (const listener of [...listeners]) listener(next);
    },
  };
}
