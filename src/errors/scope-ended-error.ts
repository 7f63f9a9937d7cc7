import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';
/**
 * The user scope a read or write belongs to was signed out (in this tab or another): nothing is written under it.
 * A pull of that scope rejects with it; it is not a failure of the service, so nothing records it either.
 */
export class ScopeEndedError extends CatalogueError {
  override readonly name = 'ScopeEndedError' as const;
  readonly userScope: string;

  constructor(userScope: string) {
    super(`${userScope} was signed out`);
    this.userScope = userScope;
  }
}

export function isScopeEndedError(value: unknown): value is ScopeEndedError {
  return isNamedError(value, ScopeEndedError, 'ScopeEndedError');
}
