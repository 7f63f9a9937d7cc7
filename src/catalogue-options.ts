import type { AccessToken } from './api/create-api-client.js';
import { languageParam } from './api/schemas/params.js';
import { defaultOutboxLeaseMs, defaults } from './defaults.js';
import type { Clock, Connectivity, FetchLike, IndexedDBPair, Logger, Random, StorageEstimator } from './env.js';
import type { LockManagerLike } from './sync/background-lock.js';
import type { BroadcastChannelFactory } from './sync/budget-channel.js';
import { type FreshnessOverrides, validateFreshnessOverrides } from './sync/freshness.js';

/**
 * The options of `createCatalogue`: all but `baseUrl` and `accessToken` are optional, each default declared once in
 * `defaults` and applied by `resolveCatalogueOptions`.
 */
export interface CatalogueOptions {
  /** Origin of the service: `https://api.themoviedb.org`, or the fake service's URL. */
  baseUrl: string;
  /** The bearer token, or a function returning it. Kept in memory only: never stored, logged or put in a URL. */
  accessToken: AccessToken;
  /**
   * The IndexedDB database. One database holds one language, so any language but `en-US` is added to the name
   * (`catalogue-fr-FR`): catalogues of two languages never share a database. This release adds its protocol's
   * suffix (`DATABASE_PROTOCOL_SUFFIX`: `catalogue~2`, `catalogue-fr-FR~2`) and adopts the outbox and the signed-in
   * users of earlier releases' database at the name without it. Web Locks and channels follow the suffixed name.
   * @default 'catalogue'
   */
  dbName?: string;
  /**
   * Sent with every request that takes a language; stored records are in this language.
   * @default 'en-US'
   */
  language?: string;
  /** @default the global fetch, read at call time */
  fetch?: FetchLike;
  /** @default the system clock */
  clock?: Clock;
  /** @default Math.random */
  random?: Random;
  /** @default navigator.onLine and the online/offline events (always online where there are none) */
  connectivity?: Connectivity;
  /** @default a logger that drops everything */
  logger?: Logger;
  /**
   * How full the origin's storage is. After a full disk stopped the outbox, it is asked now and then, and the
   * outbox resumes once it shows room (as it does after any write that succeeds).
   * @default navigator.storage.estimate() where there is one
   */
  storageEstimate?: StorageEstimator;
  /** @default globalThis.indexedDB and globalThis.IDBKeyRange, read when the database opens */
  indexedDB?: IndexedDBPair;
  /** The request budget of this instance, shared by every caller. */
  rateLimit?: {
    /** @default 40 */
    perSecond?: number;
    /** @default 8 */
    concurrency?: number;
  };
  /** Retries of a failed request (5xx, network errors, 429s), with capped exponential backoff. */
  retry?: {
    /** Attempts in all, the first included. @default 4 */
    attempts?: number;
  };
  /** Per-operation lifetime overrides in seconds; they win over `Cache-Control` and the registry default. */
  freshness?: FreshnessOverrides;
  /** @default 30000 */
  timeoutMs?: number;
  /**
   * How long an instance's claim on an outbox change lasts while it sends it. Another tab (or the next page after
   * a reload, or the worker) sends the change again only after the claim lapses, and the sender abandons its
   * request when its claim ends, so two sends of one change never overlap. A shorter lease hands a dead tab's
   * changes on sooner but cuts requests that outlast it (they are retried: the outcome is unknown, never lost).
   * @default retry.attempts × (timeoutMs + 30000) + 30000: it outlasts every attempt the queue makes of one write
   */
  outboxLeaseMs?: number;
  /**
   * The largest response body read, in bytes. A larger answer is not read to its end: a success is quarantined like
   * any body the library refuses (the stored data stays), an error keeps its status without the body's details.
   * @default 8388608 (8 MiB; the largest real answer is about 42 kB)
   */
  maxBodyBytes?: number;
  /**
   * Web Locks for the one-syncer rule: `sync.refresh()` runs under the lock `catalogue-sync:background:<dbName>`, so
   * one instance (tab or worker) at a time does background network work on a database. Interactive requests never
   * take it.
   * @default `navigator.locks` when the database is the platform's IndexedDB; otherwise (an injected IndexedDB, or
   * no Web Locks) an in-process lock manager shared by the instances on the same IndexedDB factory
   */
  locks?: LockManagerLike;
  /**
   * Opens the channel on which instances talking to one service lease equal shares of `rateLimit.perSecond`, so
   * their sum stays within it; `false`: this instance uses the whole rate alone.
   * @default `BroadcastChannel` when the database is the platform's IndexedDB; otherwise an in-process channel
   * shared by the instances on the same IndexedDB factory
   */
  broadcastChannel?: BroadcastChannelFactory | false;
  /**
   * A size budget for browse data (public list pages, their records, public sub-resources), in bytes as the JSON
   * length of what each response's write put (a record two responses carry counts in both). When a write takes the
   * accounted size over it, the least recently read browse data is evicted down to 90 % of it, with an `evicted`
   * event. Kept meanwhile: responses being fetched, the pages of a running `sync.pullList` (until it ends), and what a
   * view shows now (read within the last minute, or read and fetched again within it). User data, the outbox,
   * configuration and tracked episodes never count and are never evicted. Unset: no budget and no accounting
   * (writes do no extra work); a `QuotaExceededError` still evicts and retries the write once.
   * @default undefined (no budget)
   */
  maxBytes?: number;
  /**
   * Where the catalogue keeps what it reads. `'memory'`: nowhere: no database is opened, views stay `loading` with
   * nothing fetched, and changes reject with `MemoryStorageError` (a server render, a test of the markup). A browser
   * whose IndexedDB fails to open is not memory: the catalogue fails loudly, as it should.
   * @default 'memory' where there is neither `window` nor `indexedDB` (and none is passed), else 'indexeddb'
   */
  storage?: CatalogueStorageMode;
  /**
   * On a first visit that shows answers fetched before the rest of the library arrived (a cold visit's early
   * requests), the rest (Dexie, the queue, the outbox: the largest chunk) loads once this settles, or
   * `REST_AFTER_MAX_MS` (3 s) after the first of those requests at the latest, instead of as soon as the answers are
   * there: on a slow link it then does not share the connection with what the first screen still loads (its
   * pictures). Calls and stores that need the rest wait for it too. A visit that had its answers stored, and
   * `catalogue-sync/eager`, ignore it.
   * @default undefined (the rest loads as soon as the early answers are there)
   */
  loadRestAfter?: PromiseLike<unknown>;
}

/** Where a catalogue keeps its data: `catalogue.status.storage`. */
export type CatalogueStorageMode = 'indexeddb' | 'memory';

export interface ResolvedCatalogueOptions {
  readonly baseUrl: string;
  readonly accessToken: AccessToken;
  /**
   * The database's name: the given `dbName`, with the language unless it is `en-US`, and this release's protocol
   * suffix (`DATABASE_PROTOCOL_SUFFIX`).
   */
  readonly dbName: string;
  readonly language: string;
  readonly fetch: FetchLike;
  readonly clock: Clock;
  readonly random: Random;
  readonly connectivity: Connectivity;
  readonly logger: Logger;
  readonly storageEstimate: StorageEstimator;
  readonly indexedDB: IndexedDBPair | undefined;
  readonly rateLimit: { readonly perSecond: number; readonly concurrency: number };
  readonly retry: { readonly attempts: number };
  readonly freshness: FreshnessOverrides;
  readonly timeoutMs: number;
  readonly outboxLeaseMs: number;
  readonly maxBodyBytes: number;
  readonly locks: LockManagerLike | undefined;
  readonly broadcastChannel: BroadcastChannelFactory | false | undefined;
  readonly maxBytes: number | undefined;
  readonly storage: CatalogueStorageMode;
  readonly loadRestAfter: PromiseLike<unknown> | undefined;
}

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new TypeError(`${name} must be a positive integer, got ${String(value)}`);
  }
  return value;
}

function positiveNumber(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new TypeError(`${name} must be a positive number, got ${String(value)}`);
  }
  return value;
}

function validateStorageEstimate(estimate: unknown): StorageEstimator {
  if (estimate === undefined) return defaults.storageEstimate;
  if (typeof estimate !== 'function') {
    throw new TypeError('createCatalogue: storageEstimate must be a function, like () => navigator.storage.estimate()');
  }
  return estimate as StorageEstimator;
}

function validateLoadRestAfter(after: unknown): PromiseLike<unknown> | undefined {
  if (after === undefined) return undefined;
  if (typeof (after as Partial<PromiseLike<unknown>> | null)?.then !== 'function') {
    throw new TypeError("createCatalogue: loadRestAfter must be a promise, like the first screen's pictures loaded");
  }
  return after as PromiseLike<unknown>;
}

function validateLocks(locks: unknown): LockManagerLike | undefined {
  if (locks === undefined) return undefined;
  if (typeof (locks as Partial<LockManagerLike> | null)?.request !== 'function') {
    throw new TypeError(
      'createCatalogue: locks must have a request(name, options, callback) method, like navigator.locks',
    );
  }
  return locks as LockManagerLike;
}

function validateChannelFactory(open: unknown): BroadcastChannelFactory | false | undefined {
  if (open === undefined || open === false || typeof open === 'function')
    return open as BroadcastChannelFactory | false | undefined;
  throw new TypeError('createCatalogue: broadcastChannel must be false or a function (name) => channel');
}

function validateMaxBytes(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw new TypeError(
      `createCatalogue: maxBytes must be a positive integer (bytes), got ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`,
    );
  }
  return value;
}

/** The name earlier releases (before the protocol suffix) keep the database of `dbName` at (resolved, suffixed). */
export function earlierDatabaseName(dbName: string): string {
  return dbName.slice(0, -DATABASE_PROTOCOL_SUFFIX.length);
}

/**
 * The IndexedDB database of a name and a language (Contracts, "Language": another language is another database).
 * Any language but the default one is added to the name (`catalogue-fr-FR`), so two catalogues of different
 * languages never share a database whatever `dbName` they are given; the default keeps the bare name, where every
 * `en-US` database already is.
 */
export function databaseName(dbName: string, language: string): string {
  return language === defaults.language ? dbName : `${dbName}-${language}`;
}

/**
 * Added to this release's database name. Earlier releases adapt silently to any schema version and some send their
 * outbox without claims, so a version number fences none of them: this release's database is at a name no earlier
 * release opens, and it adopts and drains their database's outbox (README, "Releases side by side"). A protocol
 * change that makes this release unsafe beside a later one moves to the next suffix the same way.
 */
export const DATABASE_PROTOCOL_SUFFIX = '~2';

/** Defaults applied and every option checked once, here; code below reads resolved options only. */
export function resolveCatalogueOptions(options: CatalogueOptions): ResolvedCatalogueOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('createCatalogue: options are required');
  if (typeof options.baseUrl !== 'string' || options.baseUrl === '') {
    throw new TypeError('createCatalogue: baseUrl is required');
  }
  const token = options.accessToken as unknown;
  if (!(typeof token === 'function' || (typeof token === 'string' && token !== ''))) {
    throw new TypeError('createCatalogue: accessToken must be a non-empty string or a function');
  }
  const givenName = options.dbName ?? defaults.dbName;
  if (typeof givenName !== 'string' || givenName === '') {
    throw new TypeError('createCatalogue: dbName must be a string');
  }
  const language = options.language ?? defaults.language;
  if (!languageParam.check(language).ok) {
    throw new TypeError(`createCatalogue: language must be ll or ll-CC, got ${JSON.stringify(language)}`);
  }
  const attempts = positiveInteger(options.retry?.attempts, 'retry.attempts', defaults.retry.attempts);
  const timeoutMs = positiveNumber(options.timeoutMs, 'timeoutMs', defaults.timeoutMs);
  return Object.freeze({
    baseUrl: options.baseUrl,
    accessToken: options.accessToken,
    dbName: databaseName(givenName, language) + DATABASE_PROTOCOL_SUFFIX,
    language,
    fetch: options.fetch ?? defaults.fetch,
    clock: options.clock ?? defaults.clock,
    random: options.random ?? defaults.random,
    connectivity: options.connectivity ?? defaults.connectivity,
    logger: options.logger ?? defaults.logger,
    storageEstimate: validateStorageEstimate(options.storageEstimate),
    indexedDB: options.indexedDB,
    rateLimit: Object.freeze({
      perSecond: positiveNumber(options.rateLimit?.perSecond, 'rateLimit.perSecond', defaults.rateLimit.perSecond),
      concurrency: positiveInteger(
        options.rateLimit?.concurrency,
        'rateLimit.concurrency',
        defaults.rateLimit.concurrency,
      ),
    }),
    retry: Object.freeze({ attempts }),
    freshness: validateFreshnessOverrides(options.freshness),
    timeoutMs,
    outboxLeaseMs: positiveNumber(options.outboxLeaseMs, 'outboxLeaseMs', defaultOutboxLeaseMs(attempts, timeoutMs)),
    maxBodyBytes: positiveInteger(options.maxBodyBytes, 'maxBodyBytes', defaults.maxBodyBytes),
    locks: validateLocks(options.locks),
    broadcastChannel: validateChannelFactory(options.broadcastChannel),
    maxBytes: validateMaxBytes(options.maxBytes),
    storage: storageMode(options),
    loadRestAfter: validateLoadRestAfter(options.loadRestAfter),
  });
}

/** The given mode, or memory on a server: no window, no platform IndexedDB and none injected (a browser never is). */
function storageMode({ storage, indexedDB }: CatalogueOptions): CatalogueStorageMode {
  if (storage !== undefined && storage !== 'memory' && storage !== 'indexeddb') {
    throw new TypeError("createCatalogue: storage must be 'indexeddb' or 'memory'");
  }
  const scope = globalThis as { window?: unknown; indexedDB?: unknown };
  return storage ?? (indexedDB || scope.window || scope.indexedDB ? 'indexeddb' : 'memory');
}
