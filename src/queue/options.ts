import type { ApiClient } from '../api/create-api-client.js';
import { defaults } from '../defaults.js';
import type { Clock, Connectivity, Logger, Random } from '../env.js';

export interface RateLimitOptions {
  /**
   * Request starts allowed in any one-second window, shared by every caller of this queue. The real service
   * allows roughly 40–50 (FACTS §2).
   * @default 40
   */
  perSecond?: number;
  /**
   * Requests on the wire at once. The real service allows 20 connections per IP.
   * @default 8
   */
  concurrency?: number;
  /**
   * Multiplicative decrease, once per congestion episode: on a 429 the rate is multiplied by a factor between
   * this (the deepest cut) and 0.9, chosen from how many of the last window's starts the server accepted.
   * @default 0.5
   */
  decreaseFactor?: number;
  /**
   * Additive increase: requests per second regained for each second without a 429 (after holding the lowered
   * rate for one second), up to `perSecond`. Each climb past the server's real limit costs about one 429.
   * @default 0.5
   */
  recoverPerSecond?: number;
  /**
   * The rate never drops below this.
   * @default 1
   */
  minPerSecond?: number;
}

export interface RetryOptions {
  /**
   * Sends per request, the first included; 1 turns retries off.
   * @default 4
   */
  attempts?: number;
  /**
   * Ceiling of the first retry's wait; it doubles per attempt (full jitter: the wait is uniform below it).
   * @default 500
   */
  baseDelayMs?: number;
  /**
   * Cap of any retry wait and of the whole-queue pause after a 429.
   * @default 30000
   */
  maxDelayMs?: number;
  /**
   * Ceiling of the whole-queue pause after a 429 without `Retry-After`; it doubles per consecutive episode
   * (equal jitter: the pause is between half and all of it). Short, because the lowered rate already keeps
   * the window from refilling; a longer pause only leaves the budget idle (measured: 1000 → 0.87 of the
   * server's limit used, 250 → 0.95, same number of 429s).
   * @default 250
   */
  rateLimitPauseMs?: number;
}

export interface RequestQueueOptions {
  /** The typed API client every request goes through (`createApiClient`). */
  client: ApiClient;
  /** @default the system clock */
  clock?: Clock;
  /** Jitter source. @default `Math.random` */
  random?: Random;
  /** @default `navigator.onLine` and the `online`/`offline` events, where they exist */
  connectivity?: Connectivity;
  /** @default a logger that drops everything */
  logger?: Logger;
  rateLimit?: RateLimitOptions;
  retry?: RetryOptions;
  /**
   * Identical GETs in flight (same operation, parameters, credentials and ETag) share one send, with a `deduped`
   * event per joining call. Off for a caller that single-flights its own calls already (the catalogue's engine does,
   * per store key).
   * @default true
   */
  dedupe?: boolean;
}

export interface ResolvedQueueOptions {
  client: ApiClient;
  clock: Clock;
  random: Random;
  connectivity: Connectivity;
  logger: Logger;
  rateLimit: Required<RateLimitOptions>;
  retry: Required<RetryOptions>;
  dedupe: boolean;
}

function check(name: string, value: number, valid: boolean, rule: string): number {
  if (typeof value !== 'number' || Number.isNaN(value) || !valid) {
    throw new TypeError(`createRequestQueue: ${name} must be ${rule}, got ${String(value)}`);
  }
  return value;
}

const positive = (name: string, value: number) => check(name, value, value > 0 && Number.isFinite(value), '> 0');
const integerFrom = (name: string, value: number, min: number) =>
  check(name, value, Number.isInteger(value) && value >= min, `an integer ≥ ${min}`);

function resolveRateLimit(input: RateLimitOptions = {}): Required<RateLimitOptions> {
  const fallback = defaults.rateLimit;
  const perSecond = positive('rateLimit.perSecond', input.perSecond ?? fallback.perSecond);
  const minPerSecond = positive(
    'rateLimit.minPerSecond',
    input.minPerSecond ?? Math.min(fallback.minPerSecond, perSecond),
  );
  if (minPerSecond > perSecond) throw new TypeError('createRequestQueue: rateLimit.minPerSecond exceeds perSecond');
  const decreaseFactor = input.decreaseFactor ?? fallback.decreaseFactor;
  check('rateLimit.decreaseFactor', decreaseFactor, decreaseFactor > 0 && decreaseFactor < 1, 'in (0, 1)');
  return {
    perSecond,
    concurrency: integerFrom('rateLimit.concurrency', input.concurrency ?? fallback.concurrency, 1),
    decreaseFactor,
    recoverPerSecond: positive('rateLimit.recoverPerSecond', input.recoverPerSecond ?? fallback.recoverPerSecond),
    minPerSecond,
  };
}

function resolveRetry(input: RetryOptions = {}): Required<RetryOptions> {
  const fallback = defaults.retry;
  return {
    attempts: integerFrom('retry.attempts', input.attempts ?? fallback.attempts, 1),
    baseDelayMs: positive('retry.baseDelayMs', input.baseDelayMs ?? fallback.baseDelayMs),
    maxDelayMs: positive('retry.maxDelayMs', input.maxDelayMs ?? fallback.maxDelayMs),
    rateLimitPauseMs: positive('retry.rateLimitPauseMs', input.rateLimitPauseMs ?? fallback.rateLimitPauseMs),
  };
}

/** Merges defaults once and validates; everything below reads the resolved options only. */
export function resolveQueueOptions(options: RequestQueueOptions): ResolvedQueueOptions {
  if (typeof options?.client?.send !== 'function') {
    throw new TypeError('createRequestQueue: client must be an ApiClient (createApiClient)');
  }
  const dedupe = options.dedupe ?? defaults.dedupe;
  if (typeof dedupe !== 'boolean') throw new TypeError('createRequestQueue: dedupe must be a boolean');
  return {
    client: options.client,
    clock: options.clock ?? defaults.clock,
    random: options.random ?? defaults.random,
    connectivity: options.connectivity ?? defaults.connectivity,
    logger: options.logger ?? defaults.logger,
    rateLimit: resolveRateLimit(options.rateLimit),
    retry: resolveRetry(options.retry),
    dedupe,
  };
}
