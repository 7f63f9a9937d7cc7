import { BEARER_TOKEN } from '../api/bearer-token.js';
import { buildRequest } from '../api/build-request.js';
import type { ResolvedCatalogueOptions } from '../catalogue-options.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { PreparedCall } from '../sync/prepare-call.js';

/**
 * A view's request the front door put on the wire itself on a cold first visit, before the early client's chunk
 * (the API client and its response schemas) has arrived and run: the request then leaves as soon as the visit is
 * known to be cold, and the chunk's bytes and evaluation overlap the round trip instead of preceding it. Nothing
 * of the answer is read here: the early client takes the response through its own fetch (`handOver`) and
 * validates it exactly as every answer is validated.
 */
/**
 * The longest the core waits for the views' early requests before it loads anyway: loaded at once, its chunk
 * would share a slow link with the answers the page is waiting for; waiting longer would leave a hanging request
 * holding the rest of the library back.
 */
export const EARLY_HEAD_START_MS = 1500;
/** The longest a cold visit's `loadRestAfter` holds the rest of the library back, from its first early request. */
export const REST_AFTER_MAX_MS = 3000;

export interface SentEarly {
  readonly url: string;
  readonly response: Promise<Response>;
  readonly controller: AbortController;
}

/**
 * Sends `call` as the API client would send it (the same URL, method and headers), or undefined when the client
 * must send it itself: a token read through a function or one the client would refuse (its checks and its typed
 * errors stay the client's), a base URL it would refuse, or a request that is not a plain GET.
 */
export function sendEarly(
  resolved: ResolvedCatalogueOptions,
  call: PreparedCall<StoredOperation>,
): SentEarly | undefined {
  const { accessToken: token, baseUrl } = resolved;
  const { method, pathAndQuery, body } = buildRequest(call.request.operation, call.request.params);
  if (typeof token !== 'string' || !BEARER_TOKEN.test(token) || method !== 'GET' || body !== undefined) return;
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return;
  }
  if (!/^https?:$/.test(base.protocol) || base.search || base.hash) return;
  // The client's URL: a base with a path prefix (a proxy at /tmdb) keeps its prefix.
  const url = `${base.origin}${base.pathname.replace(/\/+$/, '')}${pathAndQuery}`;
  const controller = new AbortController();
  const headers = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  // A fetch that throws at once is a rejection like any other, typed by the client when it takes the response.
  const response = new Promise<Response>((resolve) =>
    resolve(resolved.fetch(url, { method, headers, signal: controller.signal })),
  );
  // Held until the client takes it.
  response.catch(() => {});
  return { url, response, controller };
}
