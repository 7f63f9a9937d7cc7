import {
  globalFetch,
  platformConnectivity,
  platformStorageEstimate,
  silentLogger,
  systemClock,
  systemRandom,
} from './env.js';

/**
 * Every option's default, declared once: the API client, the request queue and the catalogue resolve their options
 * against these (and their `@default` docs quote them). A leaf: it imports the injected effects' defaults and nothing
 * else, so every layer may read it.
 */
export const defaults = Object.freeze({
  /** The effects, each read from the platform at call time. */
  fetch: globalFetch,
  clock: systemClock,
  random: systemRandom,
  connectivity: platformConnectivity,
  storageEstimate: platformStorageEstimate,
  logger: silentLogger,
  /** The IndexedDB database's name (the language is added to it unless it is `language`'s default). */
  dbName: 'catalogue',
  /** The language requests are sent in and records are stored in. */
  language: 'en-US',
  rateLimit: Object.freeze({
    /** Request starts in any one-second window; the real service allows roughly 40–50 (FACTS §2). */
    perSecond: 40,
    /** Requests on the wire at once; the real service allows 20 connections per IP. */
    concurrency: 8,
    /** The deepest multiplicative cut of the rate on a 429. */
    decreaseFactor: 0.5,
    /** Requests per second regained per second without a 429. */
    recoverPerSecond: 0.5,
    /** The floor of the adapted rate, or `perSecond` when that is lower. */
    minPerSecond: 1,
  }),
  retry: Object.freeze({
    /** Sends per request, the first included. */
    attempts: 4,
    /** Ceiling of the first retry's wait; it doubles per attempt. */
    baseDelayMs: 500,
    /** Cap of any retry wait and of the whole-queue pause after a 429. */
    maxDelayMs: 30_000,
    /** Ceiling of the whole-queue pause after a 429 without `Retry-After`. */
    rateLimitPauseMs: 250,
  }),
  /** Identical GETs in flight share one send (a standalone queue; the catalogue turns it off). */
  dedupe: true,
  /** Until a request that has not completed (headers and body) fails with `TimeoutError`. */
  timeoutMs: 30_000,
  /**
   * The largest response body read, in bytes (8 MiB). The largest real answers are tens of kilobytes (a
   * popular-people page ≈ 42 kB); 8 MiB leaves room for any real answer while a hostile or broken server cannot make
   * the client buffer (and parse, and store) without bound.
   */
  maxBodyBytes: 8 * 1024 * 1024,
});

/** What a claim on an outbox change keeps beyond the sends it covers. */
const LEASE_MARGIN_MS = 30_000;

/**
 * The default `outboxLeaseMs`: longer than every attempt the queue makes of one write (each up to `timeoutMs`, then
 * a retry wait of at most `retry.maxDelayMs`), so a live sender's claim never lapses while it still sends.
 */
export function defaultOutboxLeaseMs(attempts: number, timeoutMs: number): number {
  return attempts * (timeoutMs + defaults.retry.maxDelayMs) + LEASE_MARGIN_MS;
}
