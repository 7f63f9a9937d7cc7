import { isNamedError } from './is-named-error.js';

/** The request never got an answer: DNS, a refused or reset connection, CORS, an offline device. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError' as const;
  readonly operation: string;

  constructor(options: { operation: string; cause: unknown }) {
    super(`${options.operation}: network error`, { cause: options.cause });
    this.operation = options.operation;
  }
}

export function isNetworkError(value: unknown): value is NetworkError {
  return isNamedError(value, NetworkError, 'NetworkError');
}
