import type { Hono } from 'hono';
import type { FetchLike } from '../env.js';
import { RESET_HEADER } from './service/headers.js';

/**
 * A gzip body decoded, as the platform `fetch` decodes one (the `Content-Encoding` header stays, as it does there):
 * the app compresses when a request sends `Accept-Encoding: gzip`, which only a caller setting it by hand does here.
 */
function decoded(response: Response): Response {
  if (response.body === null || response.headers.get('content-encoding') !== 'gzip') return response;
  return new Response(response.body.pipeThrough(new DecompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * `fetch` straight into the app, with what the network adds: the request's signal rejects the call, a reset fault
 * rejects it with `TypeError` as the platform `fetch` does when a connection drops, and a compressed body is decoded.
 */
export function inProcessFetch(app: Hono, defaultOrigin: string): FetchLike {
  return (input, init) => {
    // A bare path ("/3/…") is taken relative to baseUrl, so tests need not invent an origin.
    const target = typeof input === 'string' && input.startsWith('/') ? `${defaultOrigin}${input}` : input;
    const request = new Request(target, init);
    const { signal } = request;
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
      Promise.resolve(app.fetch(request)).then(
        (response) => {
          signal.removeEventListener('abort', onAbort);
          if (response.headers.has(RESET_HEADER))
            reject(new TypeError('fetch failed: connection reset by the fake service'));
          else resolve(decoded(response));
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  };
}
