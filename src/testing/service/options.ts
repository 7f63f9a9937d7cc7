import { type Clock, systemClock } from '../../env.js';
import type { Scale } from '../data/scale.js';
import { type FaultOptions, validateFaults } from './faults.js';

/** The v3 API key the fake accepts in `?api_key=` unless told otherwise: 32 hex digits like a real one. */
export const FAKE_API_KEY = '5fa1ce0ff1ce5eed0ca7a1095e5f4ce0';

/**
 * The bearer token the fake accepts unless told otherwise. Not a secret: it only opens the fake. Shaped like the
 * real API Read Access Token (FACTS §7): a JWT (HS256) whose `aud` is the v3 API key, so a client that mixes the two
 * up (the key as bearer, the token as `api_key`) is refused by the fake as by the service.
 */
export const FAKE_ACCESS_TOKEN =
  'eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiI1ZmExY2UwZmYxY2U1ZWVkMGNhN2ExMDk1ZTVmNGNlMCIsInN1YiI6IjY0ZmExY2UwY2E3YTEwOTA1ZTVmNGNlMCIsInNjb3BlcyI6WyJhcGlfcmVhZCJdLCJ2ZXJzaW9uIjoxfQ.WxE9QQvbUeFDaK7YTVSZRciofO1o0RT8qso5l2qe_Xc';

export interface FakeServiceOptions {
  /** Seed of the generated catalogue: the same seed and options give byte-identical responses. @default 1 */
  seed?: number;
  /**
   * How many records: `small` (a few hundred of each, for fast tests), `medium` (a few thousand), `large`
   * (100,000 movies, 100,000 series with seasons and episodes, 50,000 people). @default 'small'
   */
  scale?: Scale;
  /** The bearer token accepted in `Authorization: Bearer …`. @default FAKE_ACCESS_TOKEN */
  accessToken?: string;
  /**
   * The v3 API key accepted in the `api_key` query parameter (FACTS §7: either credential opens v3). Must differ
   * from `accessToken`. @default FAKE_API_KEY
   */
  apiKey?: string;
  /**
   * Per-token sliding window: a request is answered 429 when `perSecond` requests were already accepted in the
   * last 1000 ms; rejected requests do not count. `false` turns the limit off. @default { perSecond: 40 }
   */
  rateLimit?: { perSecond: number } | false;
  /** Send `Retry-After` with 429s (the real CDN sends none). @default false */
  retryAfterHeader?: boolean;
  /** Answer a matching `If-None-Match` with 304; false never answers 304. @default true */
  conditionalRequests?: boolean;
  /**
   * `remaining`: `max-age` is the remaining lifetime of a cache entry, as the real service sends it (FACTS §4),
   * so it varies by URL and time; `full`: always the operation's whole lifetime. Change feeds are always 600.
   * @default 'remaining'
   */
  cacheMaxAge?: 'remaining' | 'full';
  /** Time for rate windows, change windows, trending periods and latency faults. @default systemClock */
  clock?: Clock;
  /** Injected failures; can be changed later with `control.setFaults`. @default none */
  faults?: FaultOptions;
  /** Origin that image URLs in `/3/configuration` point at. @default the origin of each request */
  baseUrl?: string;
}

export interface ResolvedOptions {
  readonly seed: number;
  readonly scale: Scale;
  readonly accessToken: string;
  readonly apiKey: string;
  readonly rateLimit: { readonly perSecond: number } | false;
  readonly retryAfterHeader: boolean;
  readonly conditionalRequests: boolean;
  readonly cacheMaxAge: 'remaining' | 'full';
  readonly clock: Clock;
  readonly faults: FaultOptions | undefined;
  readonly baseUrl: string | undefined;
}

const SCALES: readonly Scale[] = ['small', 'medium', 'large'];

function check(condition: boolean, message: string): void {
  if (!condition) throw new TypeError(`createFakeService: ${message}`);
}

/** Resolves defaults once and validates every option with a precise `TypeError`. */
export function resolveOptions(options: FakeServiceOptions = {}): ResolvedOptions {
  const seed = options.seed ?? 1;
  check(Number.isSafeInteger(seed), 'seed must be an integer');
  const scale = options.scale ?? 'small';
  check(SCALES.includes(scale), `scale must be one of ${SCALES.join(', ')}`);
  const accessToken = options.accessToken ?? FAKE_ACCESS_TOKEN;
  check(typeof accessToken === 'string' && accessToken.length > 0, 'accessToken must be a non-empty string');
  const apiKey = options.apiKey ?? FAKE_API_KEY;
  check(typeof apiKey === 'string' && apiKey.length > 0, 'apiKey must be a non-empty string');
  check(apiKey !== accessToken, 'apiKey must differ from accessToken (each opens the service its own way)');
  const rateLimit = options.rateLimit ?? { perSecond: 40 };
  check(
    rateLimit === false || (Number.isInteger(rateLimit.perSecond) && rateLimit.perSecond >= 1),
    'rateLimit must be false or { perSecond } with an integer ≥ 1',
  );
  const cacheMaxAge = options.cacheMaxAge ?? 'remaining';
  check(cacheMaxAge === 'remaining' || cacheMaxAge === 'full', "cacheMaxAge must be 'remaining' or 'full'");
  const clock = options.clock ?? systemClock;
  check(typeof clock.now === 'function' && typeof clock.setTimeout === 'function', 'clock must implement Clock');
  if (options.baseUrl !== undefined) {
    check(/^https?:\/\/[^/?#]+$/.test(options.baseUrl), 'baseUrl must be an origin such as http://127.0.0.1:8787');
  }
  if (options.faults !== undefined) validateFaults(options.faults);
  return {
    seed,
    scale,
    accessToken,
    apiKey,
    rateLimit,
    retryAfterHeader: options.retryAfterHeader ?? false,
    conditionalRequests: options.conditionalRequests ?? true,
    cacheMaxAge,
    clock,
    faults: options.faults,
    baseUrl: options.baseUrl,
  };
}
