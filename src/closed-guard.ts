import type { CatalogueError } from './errors/catalogue-error.js';
import { storeFailure } from './store/store-failure.js';

/**
 * `calls` with every function property rejecting with why the catalogue stopped once `stopped()` says
 * (`ClosedError`, or the fence's `NewerReleaseError`), and every failure mapped by `storeFailure`: a call in flight
 * when the catalogue stops rejects with the same error, a full disk with the library's `QuotaExceededError`. So a
 * caller only ever meets the library's typed errors for the store's failures.
 */
export function closedGuard<T extends object>(calls: T, stopped: () => CatalogueError | undefined): T {
  const guarded = { ...calls } as Record<string, unknown>;
  for (const [name, value] of Object.entries(calls)) {
    if (typeof value !== 'function') continue;
    guarded[name] = (...args: unknown[]) => {
      const reason = stopped();
      if (reason) return Promise.reject(reason);
      try {
        const result = (value as (...a: unknown[]) => unknown).apply(calls, args);
        return isThenable(result)
          ? Promise.resolve(result).catch((error: unknown) => {
              throw storeFailure(error, stopped());
            })
          : result;
      } catch (error) {
        throw storeFailure(error, stopped());
      }
    };
  }
  return guarded as T;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}
