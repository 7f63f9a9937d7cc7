import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/** `signOut()` refused: the user still has changes waiting to be sent. `signOut({ force: true })` drops them. */
export class PendingMutationsError extends CatalogueError {
  override readonly name = 'PendingMutationsError' as const;
  /** How many of the user's changes are waiting. */
  readonly count: number;
  /** The user-scope id (never a session id). */
  readonly userScope: string;

  constructor(options: { count: number; userScope: string }) {
    super(
      `signOut: ${options.count} change${options.count === 1 ? '' : 's'} of ${options.userScope} not sent yet; ` +
        'wait for the outbox to drain, or pass { force: true } to drop them',
    );
    this.count = options.count;
    this.userScope = options.userScope;
  }
}

export function isPendingMutationsError(value: unknown): value is PendingMutationsError {
  return isNamedError(value, PendingMutationsError, 'PendingMutationsError');
}
