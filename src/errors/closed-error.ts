import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/**
 * The catalogue was closed (`close()` or `delete()`): its views show this error and its calls reject with it.
 * Create a new catalogue to go on.
 */
export class ClosedError extends CatalogueError {
  override readonly name = 'ClosedError' as const;

  constructor(what = 'the catalogue') {
    super(`${what} is closed`);
  }
}

export function isClosedError(value: unknown): value is ClosedError {
  return isNamedError(value, ClosedError, 'ClosedError');
}
