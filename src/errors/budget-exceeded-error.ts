import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/**
 * A background refresh reached its `budgetMs`: its unsent requests were aborted. A run's `error` carries this
 * name (runs cross `postMessage` as plain data, so match it with the guard, which also accepts the plain form).
 */
export class BudgetExceededError extends CatalogueError {
  override readonly name = 'BudgetExceededError' as const;
  constructor(readonly budgetMs: number) {
    super(`background refresh stopped at its ${budgetMs} ms budget`);
  }
}

export function isBudgetExceededError(value: unknown): value is BudgetExceededError {
  return isNamedError(value, BudgetExceededError, 'BudgetExceededError');
}
