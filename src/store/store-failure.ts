import { CatalogueError } from '../errors/catalogue-error.js';
import { ClosedError } from '../errors/closed-error.js';
import { isQuotaExceededError, QuotaExceededError } from '../errors/quota-exceeded-error.js';

/** Dexie's names for a database that closed under a call (`close()`, `delete()`, another release's upgrade). */
const CLOSED_NAMES: ReadonlySet<string> = new Set(['DatabaseClosedError', 'InvalidStateError']);

/**
 * The error a caller sees for a failure of the store, mapped in this one place so that no Dexie or DOM error
 * crosses the library's surface: a full disk is the library's `QuotaExceededError` (whatever Dexie wrapped it in),
 * a call in flight when the catalogue stopped rejects with why it stopped (`stopped`: `ClosedError`, or the fence's
 * error), a database closed under a call is `ClosedError`. The library's own errors and any other error pass as
 * they are.
 */
export function storeFailure(error: unknown, stopped: CatalogueError | undefined): unknown {
  // By class, not by name: Dexie names its own error `QuotaExceededError` too.
  if (error instanceof CatalogueError) return error;
  if (isQuotaExceededError(error)) {
    return Object.assign(new QuotaExceededError(), { cause: error });
  }
  if (stopped) return stopped;
  const name = (error as { name?: unknown } | null)?.name;
  if (typeof name === 'string' && CLOSED_NAMES.has(name)) return new ClosedError();
  return error;
}
