import { isNetworkError, isServiceError, isTimeoutError } from '../errors/index.js';

/** HTTP statuses worth another try: the service was overloaded or a gateway failed, not the request. */
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

/**
 * Whether sending the same request again may succeed. Other 4xx (401, 404, 422…), `SchemaValidationError`
 * and `InvalidParamsError` will fail the same way every time, so they are never retried.
 */
export function isRetryable(error: unknown): boolean {
  if (isNetworkError(error) || isTimeoutError(error)) return true;
  return isServiceError(error) && RETRYABLE_STATUSES.has(error.status);
}

/** A 429: the service's rate limit, which pauses the whole queue rather than one request. */
export function isRateLimitError(error: unknown): boolean {
  return isServiceError(error) && error.status === 429;
}
