import { ClosedError } from './errors/closed-error.js';

/**
 * `calls` with every function property rejecting with `ClosedError` once `closed()` says so (a function that
 * returns a promise rejects; any other throws), so a closed catalogue fails with one typed error everywhere.
 */
export function closedGuard<T extends object>(calls: T, closed: () => boolean): T {
  const guarded = { ...calls } as Record<string, unknown>;
  for (const [name, value] of Object.entries(calls)) {
    if (typeof value !== 'function') continue;
    guarded[name] = (...args: unknown[]) => {
      if (closed()) return Promise.reject(new ClosedError());
      return (value as (...a: unknown[]) => unknown).apply(calls, args);
    };
  }
  return guarded as T;
}
