import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';
import { plainCause } from './scrub-message.js';

/**
 * The request never got an answer: DNS, a refused or reset connection, CORS, an offline device. Its `cause` is the
 * fetch's error reduced to a name and a scrubbed message: fetch implementations quote the URL, session id and all.
 */
export class NetworkError extends CatalogueError {
  override readonly name = 'NetworkError' as const;
  readonly operation: string;

  constructor(options: { operation: string; cause: unknown }) {
    super(`${options.operation}: network error`, { cause: plainCause(options.cause) });
    this.operation = options.operation;
  }
}

export function isNetworkError(value: unknown): value is NetworkError {
  return isNamedError(value, NetworkError, 'NetworkError');
}
