import { defaults } from '../defaults.js';
import { SchemaValidationError } from '../errors/schema-validation-error.js';
import { ServiceError } from '../errors/service-error.js';
import { parseMaxAge } from './cache-control.js';
import { endpoints, type OperationName, type ResponseOf } from './endpoints.js';
import { issueMessages } from './issue-messages.js';
import { MAX_JSON_DEPTH, neutraliseJson } from './neutralise-json.js';
import { readBodyText } from './read-body.js';
import { parseRetryAfter } from './retry-after.js';

export interface ParseResponseOptions {
  /**
   * Bodies larger than this many bytes are not read to their end: a success becomes `SchemaValidationError`
   * (quarantined, like any body the library will not store), a failure keeps its `ServiceError` without details.
   * @default 8388608 (8 MiB, `defaults.maxBodyBytes`)
   */
  maxBodyBytes?: number;
}

/** What a successful call yields: the validated body and the caching facts the engine stores with it. */
export interface ApiResponse<T> {
  readonly data: T;
  /** The weak ETag as sent (`W/"…"`), or undefined. */
  readonly etag: string | undefined;
  /** `Cache-Control: max-age`, or undefined when the response had none. */
  readonly maxAgeSeconds: number | undefined;
  readonly status: number;
  /** Clock time when the response was read. */
  readonly receivedAt: number;
}

/** The answer to a conditional request whose ETag still matches (HTTP 304): nothing to parse or store. */
export interface NotModifiedResponse {
  readonly data: undefined;
  readonly etag: string | undefined;
  readonly maxAgeSeconds: number | undefined;
  readonly status: 304;
  readonly receivedAt: number;
}

/** `status_code`s that mean success in a status envelope: success, updated, deleted (FACTS §1). */
const SUCCESS_CODES = new Set([1, 12, 13]);

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    // A SyntaxError, or a RangeError from an engine whose parser has a nesting limit: both are "not JSON we take".
    return { ok: false };
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Builds the `ServiceError` for an HTTP failure from whichever of the two error shapes the body has. */
function serviceErrorFrom(
  operation: string,
  status: number,
  bodyText: string,
  retryAfterHeader: string | null,
  now: number,
): ServiceError {
  const parsed = tryJson(bodyText);
  const body = parsed.ok ? asRecord(parsed.value) : undefined;
  const errors = Array.isArray(body?.errors)
    ? body.errors.filter((e): e is string => typeof e === 'string')
    : undefined;
  return new ServiceError({
    operation,
    status,
    statusCode: typeof body?.status_code === 'number' ? body.status_code : undefined,
    statusMessage: typeof body?.status_message === 'string' ? body.status_message : undefined,
    errors,
    retryAfterMs: parseRetryAfter(retryAfterHeader, now),
  });
}

/**
 * Turns a response into data or a typed error. Success is decided from the HTTP status and the body's
 * `status_code` together: codes 21 and 40 arrive with HTTP 200 yet are failures (FACTS §1).
 */
export async function parseResponse<O extends OperationName>(
  operation: O,
  response: Response,
  now: () => number,
  options: ParseResponseOptions = {},
): Promise<ApiResponse<ResponseOf<O>> | NotModifiedResponse> {
  const maxBodyBytes = options.maxBodyBytes ?? defaults.maxBodyBytes;
  const etag = response.headers.get('etag') ?? undefined;
  const maxAgeSeconds = parseMaxAge(response.headers.get('cache-control'));
  if (response.status === 304) {
    await response.body?.cancel();
    return { data: undefined, etag, maxAgeSeconds, status: 304, receivedAt: now() };
  }
  const body = await readBodyText(response, maxBodyBytes);
  const text = body.ok ? body.text : '';
  if (response.status < 200 || response.status >= 300) {
    throw serviceErrorFrom(operation, response.status, text, response.headers.get('retry-after'), now());
  }
  if (!body.ok) {
    throw new SchemaValidationError({
      operation,
      path: '',
      issues: [],
      message: `the body exceeds the limit of ${maxBodyBytes} bytes`,
    });
  }
  const parsed = tryJson(text);
  if (!parsed.ok) {
    throw new SchemaValidationError({ operation, path: '', issues: [], message: 'the body is not valid JSON' });
  }
  // Before the schema sees it: `z.unknown()` parts (change values) would carry a hostile key or depth into the store.
  const neutralised = neutraliseJson(parsed.value);
  if (!neutralised.ok) {
    throw new SchemaValidationError({
      operation,
      path: '',
      issues: [],
      message: `the body nests deeper than ${MAX_JSON_DEPTH} levels`,
    });
  }
  const envelope = asRecord(parsed.value);
  // `success: false` is a failure even without a status_code (only `success` is reliable, FACTS §7).
  if (
    envelope &&
    (envelope.success === false ||
      (typeof envelope.status_code === 'number' && !SUCCESS_CODES.has(envelope.status_code)))
  ) {
    throw serviceErrorFrom(operation, response.status, text, response.headers.get('retry-after'), now());
  }
  const result = endpoints[operation].response.safeParse(parsed.value, issueMessages);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new SchemaValidationError({
      operation,
      path: first ? first.path.map(String).join('.') : '',
      issues: result.error.issues,
    });
  }
  return {
    data: result.data as ResponseOf<O>,
    etag,
    maxAgeSeconds,
    status: response.status,
    receivedAt: now(),
  };
}
