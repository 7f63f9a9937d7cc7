import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';
import { scrubMessage } from './scrub-message.js';

/**
 * The service answered, and the answer is a failure: an HTTP error status, a 422 `{ errors: [...] }`, or one
 * of the HTTP-200 failures (status_code 21 "entry not found", 40 "nothing to update", FACTS §1).
 */
export class ServiceError extends CatalogueError {
  override readonly name = 'ServiceError' as const;
  readonly operation: string;
  /** The HTTP status (200 for the codes 21 and 40). */
  readonly status: number;
  /** The service's own `status_code`, when the body carried one. */
  readonly statusCode: number | undefined;
  readonly statusMessage: string | undefined;
  /** The messages of a 422 `{ "errors": [...] }` body. */
  readonly errors: readonly string[] | undefined;
  /** From a `Retry-After` header, when the response had one. */
  readonly retryAfterMs: number | undefined;

  constructor(options: {
    operation: string;
    status: number;
    statusCode?: number | undefined;
    statusMessage?: string | undefined;
    errors?: readonly string[] | undefined;
    retryAfterMs?: number | undefined;
  }) {
    // What the service (or a gateway in front of it) says is scrubbed first: one that echoes the URL would put the
    // session id into every event, status and row that carries the message.
    const statusMessage = options.statusMessage === undefined ? undefined : scrubMessage(options.statusMessage);
    const errors = options.errors?.map(scrubMessage);
    const detail = statusMessage ?? (errors && errors.length > 0 ? errors.join('; ') : undefined);
    const code = options.statusCode === undefined ? '' : ` (status_code ${options.statusCode})`;
    super(`${options.operation}: HTTP ${options.status}${code}${detail ? `: ${detail}` : ''}`);
    this.operation = options.operation;
    this.status = options.status;
    this.statusCode = options.statusCode;
    this.statusMessage = statusMessage;
    this.errors = errors;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export function isServiceError(value: unknown): value is ServiceError {
  return isNamedError(value, ServiceError, 'ServiceError');
}
