import { BEARER_TOKEN } from '../api/bearer-token.js';
import { buildRequest } from '../api/build-request.js';
import type { ResolvedCatalogueOptions } from '../catalogue-options.js';
import type { FetchLike } from '../env.js';
import type { StoredOperation } from '../store/store-mappings.js';
import type { PreparedCall } from '../sync/prepare-call.js';

/**
 * A view's request the front door put on the wire itself on a cold first visit, before the early client's chunk
 * (the API client and its response schemas) has arrived and run: the request then leaves as soon as the visit is
 * known to be cold, and the chunk's bytes and evaluation overlap the round trip instead of preceding it. Nothing
 * of the answer is read here: the early client takes the response through its own fetch (`handOver`) and
 * validates it exactly as every answer is validated.
 */
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
  const token = resolved.accessToken;
  if (typeof token !== 'string' || !BEARER_TOKEN.test(token)) return undefined;
  let base: URL;
  try {
    base = new URL(resolved.baseUrl);
  } catch {
    return undefined;
  }
  if ((base.protocol !== 'https:' && base.protocol !== 'http:') || base.search || base.hash) return undefined;
  const built = buildRequest(call.request.operation, call.request.params);
  if (built.method !== 'GET' || built.body !== undefined) return undefined;
  // The client's URL: a base with a path prefix (a proxy at /tmdb) keeps its prefix.
  const url = `${base.origin}${base.pathname.replace(/\/+$/, '')}${built.pathAndQuery}`;
  const controller = new AbortController();
  const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` });
  let response: Promise<Response>;
  try {
    response = resolved.fetch(url, { method: 'GET', headers, signal: controller.signal });
  } catch (error) {
    response = Promise.reject(error);
  }
  // Its failure is the client's to type (a `NetworkError`) once it takes the response; until then it is held.
  response.catch(() => {});
  return { url, response, controller };
}

/**
 * The fetch the early client sends through: a GET of a URL the front door already sent takes that response (once),
 * its abort and timeout passed on to the request on the wire; anything else goes to `fetch`.
 */
export function handOver(fetch: FetchLike, sent: SentEarly[]): FetchLike {
  return (input, init) => {
    const at = sent.findIndex((s) => s.url === String(input) && (init?.method ?? 'GET') === 'GET');
    if (at < 0) return fetch(input, init);
    const [taken] = sent.splice(at, 1) as [SentEarly];
    const signal = init?.signal;
    if (signal?.aborted) taken.controller.abort(signal.reason);
    else signal?.addEventListener('abort', () => taken.controller.abort(signal.reason), { once: true });
    return taken.response;
  };
}
