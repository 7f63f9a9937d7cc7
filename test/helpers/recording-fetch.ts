import type { FetchLike } from '../../src/index.js';
import { jsonResponse } from './responses.js';

/** One call the fake saw, normalized so tests can compare it with plain `toEqual`. */
export interface RecordedRequest {
  readonly url: string;
  readonly method: string;
  /** Header names lower-cased, as `Headers` iterates them. */
  readonly headers: Record<string, string>;
  readonly body: string | undefined;
  readonly signal: AbortSignal | undefined;
  /** The request's HTTP cache mode as passed (`undefined`: the browser's default). */
  readonly cache: RequestCache | undefined;
}

/** Answers one recorded request; may return a promise (e.g. one that never settles). */
export type FakeHandler = (request: RecordedRequest) => Response | Promise<Response>;

export interface RecordingFetch extends FetchLike {
  /** Every call, in order. */
  readonly calls: RecordedRequest[];
}

async function record(input: Request | string | URL, init: RequestInit | undefined): Promise<RecordedRequest> {
  const request = new Request(input, init);
  const headers: Record<string, string> = {};
  request.headers.forEach((value, key) => {
    headers[key] = value;
  });
  const body = init?.body === undefined || init.body === null ? undefined : await request.text();
  return {
    url: request.url,
    method: request.method,
    headers,
    body,
    signal: init?.signal ?? undefined,
    cache: init?.cache,
  };
}

/**
 * A `fetch` double that records every call and answers with `handler` (by default `200 {}`). It does NOT honour
 * the abort signal by itself: use `abortable(handler)` for that, or leave it out to prove that the caller does not
 * depend on the fetch implementation noticing aborts.
 */
export function createRecordingFetch(handler: FakeHandler = () => jsonResponse({})): RecordingFetch {
  const calls: RecordedRequest[] = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const recorded = await record(input, init);
    calls.push(recorded);
    return handler(recorded);
  };
  return Object.assign(fetch, { calls });
}

/** A handler that never answers: for timeouts and aborts. */
export const neverAnswer: FakeHandler = () => new Promise<Response>(() => {});

/**
 * Wraps a handler so that it behaves like the platform fetch on abort: it rejects with the signal's reason as soon
 * as the signal aborts (or at once if it already has).
 */
export function abortable(handler: FakeHandler): FakeHandler {
  return (request) => {
    const { signal } = request;
    if (!signal) return handler(request);
    return new Promise<Response>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      Promise.resolve(handler(request)).then(resolve, reject);
    });
  };
}
