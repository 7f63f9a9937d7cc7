import { defaults } from '../defaults.js';
import type { Clock, FetchLike } from '../env.js';
import { NetworkError } from '../errors/network-error.js';
import { TimeoutError } from '../errors/timeout-error.js';
import { BEARER_TOKEN } from './bearer-token.js';
import { buildRequest } from './build-request.js';
import type { OperationName, ParamsOf, ResponseOf } from './endpoints.js';
import { type ApiResponse, type NotModifiedResponse, parseResponse } from './parse-response.js';
import { assertPreparedRequest, type PreparedRequest, prepareRequest } from './prepared-request.js';

/** The bearer token, or a function that returns it (e.g. read from a vault); called once per request. */
export type AccessToken = string | (() => string | Promise<string>);

export interface ApiClientOptions {
  /** Origin of the service, e.g. `https://api.themoviedb.org` or the fake service's URL. */
  baseUrl: string;
  /** Kept in memory only: it goes into the `Authorization` header and nowhere else. */
  accessToken: AccessToken;
  /** @default the global `fetch`, read at call time */
  fetch?: FetchLike;
  /** @default the system clock */
  clock?: Clock;
  /**
   * Milliseconds until a request that has not completed (headers and body) fails with `TimeoutError`.
   * @default 30000
   */
  timeoutMs?: number;
  /**
   * The largest response body read, in bytes; a larger success fails with `SchemaValidationError` without being
   * read to its end (see `readBodyText`).
   * @default 8388608 (8 MiB)
   */
  maxBodyBytes?: number;
}

export interface RequestOptions {
  /** Aborting rejects the call with the signal's reason; a request not yet sent is never sent. */
  signal?: AbortSignal | undefined;
  /** A stored ETag: the request is conditional and may answer `NotModifiedResponse` (HTTP 304). */
  ifNoneMatch?: string | undefined;
}

export interface ApiClient {
  /** Sends a request validated by `prepareRequest` (no second parse) and validates the answer. */
  send<O extends OperationName>(
    request: PreparedRequest<O>,
    options?: RequestOptions & { ifNoneMatch?: undefined },
  ): Promise<ApiResponse<ResponseOf<O>>>;
  send<O extends OperationName>(
    request: PreparedRequest<O>,
    options: RequestOptions & { ifNoneMatch: string },
  ): Promise<ApiResponse<ResponseOf<O>> | NotModifiedResponse>;
  send<O extends OperationName>(
    request: PreparedRequest<O>,
    options?: RequestOptions,
  ): Promise<ApiResponse<ResponseOf<O>> | NotModifiedResponse>;
  /** `send(prepareRequest(operation, params), options)`: validates `params` (`InvalidParamsError`), then sends. */
  request<O extends OperationName>(
    operation: O,
    params: ParamsOf<O>,
    options?: RequestOptions & { ifNoneMatch?: undefined },
  ): Promise<ApiResponse<ResponseOf<O>>>;
  request<O extends OperationName>(
    operation: O,
    params: ParamsOf<O>,
    options: RequestOptions & { ifNoneMatch: string },
  ): Promise<ApiResponse<ResponseOf<O>> | NotModifiedResponse>;
  request<O extends OperationName>(
    operation: O,
    params: ParamsOf<O>,
    options?: RequestOptions,
  ): Promise<ApiResponse<ResponseOf<O>> | NotModifiedResponse>;
}

function resolveBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new TypeError(`createApiClient: baseUrl is not an absolute URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new TypeError('createApiClient: baseUrl must be http: or https:');
  }
  if (url.search || url.hash) throw new TypeError('createApiClient: baseUrl must not carry a query or fragment');
  return url;
}

/** The one check of a token, given (`empty`: how an empty one is worded) or resolved from the function. */
function checkToken(token: unknown, empty: string): string {
  if (typeof token !== 'string' || token.length === 0) throw new TypeError(`createApiClient: accessToken ${empty}`);
  if (!BEARER_TOKEN.test(token)) throw new TypeError('createApiClient: accessToken is not a bearer token (RFC 6750)');
  return token;
}

async function resolveToken(accessToken: AccessToken): Promise<string> {
  return checkToken(
    typeof accessToken === 'function' ? await accessToken() : accessToken,
    'resolved to an empty value',
  );
}

/**
 * A typed client for the registry's operations. It owns request building, the bearer header, validation of
 * parameters (before anything is sent) and of responses, and error typing; it knows nothing of queues or storage.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = resolveBaseUrl(options.baseUrl);
  if (typeof options.accessToken === 'string') checkToken(options.accessToken, 'is empty');
  const fetchImpl = options.fetch ?? defaults.fetch;
  const clock = options.clock ?? defaults.clock;
  const timeoutMs = options.timeoutMs ?? defaults.timeoutMs;
  if (!(timeoutMs > 0)) throw new TypeError('createApiClient: timeoutMs must be a positive number');
  const maxBodyBytes = options.maxBodyBytes ?? defaults.maxBodyBytes;
  if (!(Number.isSafeInteger(maxBodyBytes) && maxBodyBytes > 0)) {
    throw new TypeError('createApiClient: maxBodyBytes must be a positive integer');
  }
  // A base URL with a path prefix (a proxy at /tmdb) keeps its prefix.
  const prefix = base.pathname.replace(/\/+$/, '');

  async function send<O extends OperationName>(
    prepared: PreparedRequest<O>,
    requestOptions: RequestOptions = {},
  ): Promise<ApiResponse<ResponseOf<O>> | NotModifiedResponse> {
    assertPreparedRequest(prepared, 'ApiClient.send');
    const { operation } = prepared;
    const built = buildRequest(operation, prepared.params);
    const { signal } = requestOptions;
    signal?.throwIfAborted();
    const token = await resolveToken(options.accessToken);
    signal?.throwIfAborted();

    const headers = new Headers({ Accept: 'application/json', Authorization: `Bearer ${token}` });
    if (built.body !== undefined) headers.set('Content-Type', 'application/json;charset=utf-8');
    if (requestOptions.ifNoneMatch) headers.set('If-None-Match', requestOptions.ifNoneMatch);

    const controller = new AbortController();
    let timedOut = false;
    const timer = clock.setTimeout(() => {
      timedOut = true;
      controller.abort(new TimeoutError({ operation, timeoutMs }));
    }, timeoutMs);
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    // An injected fetch may ignore the signal (an in-process app, a polyfill), and a body stream may stall: racing
    // against the abort makes timeouts and aborts hold whatever the fetch does.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    const exchange = async () => {
      const response = await fetchImpl(`${base.origin}${prefix}${built.pathAndQuery}`, {
        method: built.method,
        headers,
        body: built.body,
        signal: controller.signal,
        // The library decides when an answer is stale (its lifetimes, its ETags): the browser's HTTP cache would
        // answer a refresh within the service's max-age with the copy it kept (a change list polled again within
        // its 10 minutes would miss what changed since). The browser still revalidates its copy with the service.
        cache: 'no-cache',
      });
      // The body is read under the same timeout and signal as the headers.
      return await parseResponse(operation, response, () => clock.now(), { maxBodyBytes });
    };
    try {
      return await Promise.race([exchange(), aborted]);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timedOut) throw new TimeoutError({ operation, timeoutMs });
      if (error instanceof Error && (error.name === 'ServiceError' || error.name === 'SchemaValidationError')) {
        throw error;
      }
      throw new NetworkError({ operation, cause: error });
    } finally {
      clock.clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async function request<O extends OperationName>(
    operation: O,
    params: ParamsOf<O>,
    requestOptions?: RequestOptions,
  ): Promise<ApiResponse<ResponseOf<O>> | NotModifiedResponse> {
    return send(prepareRequest(operation, params), requestOptions);
  }

  return { send, request } as ApiClient;
}
