import type { Clock, FetchLike } from '../../src/env.js';

/**
 * A tiny in-test service with the fake service's rate-limit semantics, for what the fake does not offer:
 * answers scripted per request (the n-th request is a 503, a 422, a 429 with a chosen Retry-After). The
 * issue's scenarios run against the real fake (`scenarios.test.ts`, `must-show.test.ts`). A request at time t is answered 429 (status_code 25) when
 * `perSecond` requests were already accepted in (t − 1000, t]; with `retryAfterHeader`, `Retry-After` is the
 * whole seconds until that window frees a place. It answers `personExternalIds`, `validateToken` and
 * `removeListItem`; everything else is 404 (status_code 34).
 */
export interface StubOptions {
  clock: Clock;
  rateLimit?: { perSecond: number } | false;
  retryAfterHeader?: boolean;
  /** Virtual time each answer takes. */
  latencyMs?: number;
  /** Scripted answers: return a Response to override the normal one for this request (1-based count). */
  fault?: (request: { n: number; method: string; path: string }) => Response | undefined;
}

export interface ReceivedRequest {
  readonly n: number;
  readonly at: number;
  readonly method: string;
  readonly path: string;
  readonly status: number;
}

export interface StubService {
  fetch: FetchLike;
  readonly received: ReceivedRequest[];
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function answer(method: string, path: string): Response {
  const person = /^\/3\/person\/(\d+)\/external_ids$/.exec(path);
  if (method === 'GET' && person) {
    const id = Number(person[1]);
    const none = { facebook_id: null, freebase_id: null, freebase_mid: null, instagram_id: null, tiktok_id: null };
    return json(200, {
      id,
      ...none,
      imdb_id: `nm${id}`,
      tvrage_id: null,
      twitter_id: '',
      wikidata_id: null,
      youtube_id: null,
    });
  }
  if (method === 'GET' && path === '/3/authentication') return json(200, { success: true });
  if (method === 'POST' && /^\/3\/list\/\d+\/remove_item$/.test(path)) {
    return json(200, { success: true, status_code: 13, status_message: 'The item/record was deleted successfully.' });
  }
  return json(404, {
    success: false,
    status_code: 34,
    status_message: 'The resource you requested could not be found.',
  });
}

export function createStubService(options: StubOptions): StubService {
  const { clock } = options;
  const received: ReceivedRequest[] = [];
  const accepted: number[] = [];
  let n = 0;

  function rateLimited(now: number): Response | undefined {
    if (!options.rateLimit) return undefined;
    const inWindow = accepted.filter((t) => t > now - 1000);
    if (inWindow.length < options.rateLimit.perSecond) return undefined;
    const frees = (inWindow[inWindow.length - options.rateLimit.perSecond] as number) + 1000;
    const headers: Record<string, string> = options.retryAfterHeader
      ? { 'retry-after': String(Math.ceil((frees - now) / 1000)) }
      : {};
    return json(
      429,
      { success: false, status_code: 25, status_message: 'Your request count is over the limit.' },
      headers,
    );
  }

  const fetch: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const now = clock.now();
    n += 1;
    const path = url.pathname;
    const response =
      options.fault?.({ n, method: request.method, path }) ?? rateLimited(now) ?? answer(request.method, path);
    if (response.status !== 429) accepted.push(now);
    received.push({ n, at: now, method: request.method, path, status: response.status });
    if (options.latencyMs) await delay(clock, options.latencyMs, request.signal);
    return response;
  };
  return { fetch, received };
}

function delay(clock: Clock, ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const handle = clock.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clock.clearTimeout(handle);
      reject(signal.reason);
    });
  });
}
