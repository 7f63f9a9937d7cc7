import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/**
 * The device is offline and the caller asked not to wait (`offline: 'fail'`). By default requests wait for
 * connectivity instead: offline is a pause, not a failure.
 */
export class OfflineError extends CatalogueError {
  override readonly name = 'OfflineError' as const;
  readonly operation: string;

  constructor(options: { operation: string }) {
    super(`${options.operation}: offline, and the request was asked not to wait for connectivity`);
    this.operation = options.operation;
  }
}

export function isOfflineError(value: unknown): value is OfflineError {
  return isNamedError(value, OfflineError, 'OfflineError');
}
