import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/** No complete answer within the client's `timeoutMs`. */
export class TimeoutError extends CatalogueError {
  override readonly name = 'TimeoutError' as const;
  readonly operation: string;
  readonly timeoutMs: number;

  constructor(options: { operation: string; timeoutMs: number }) {
    super(`${options.operation}: no answer within ${options.timeoutMs} ms`);
    this.operation = options.operation;
    this.timeoutMs = options.timeoutMs;
  }
}

export function isTimeoutError(value: unknown): value is TimeoutError {
  return isNamedError(value, TimeoutError, 'TimeoutError');
}
