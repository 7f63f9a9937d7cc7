import { CatalogueError } from './catalogue-error.js';

/**
 * The device's storage is full: a write was refused after the library evicted what browse data it could, and it
 * left the store as it was. Pending changes are kept; the outbox resumes once storage is freed.
 */
export class QuotaExceededError extends CatalogueError {
  override readonly name = 'QuotaExceededError' as const;

  constructor(message = 'the storage quota is exceeded') {
    super(message);
  }
}

/**
 * Whether an error means the storage quota is exceeded: the library's `QuotaExceededError`, the DOMException
 * IndexedDB raises or Dexie's error of that name, also when Dexie wraps it (`inner`, an aborted transaction's cause,
 * or one of a bulk operation's `failures`). Matched by name, so it holds across realms and `postMessage`.
 */
export function isQuotaExceededError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const e = error as { name?: unknown; inner?: unknown; cause?: unknown; failures?: unknown };
  if (e.name === 'QuotaExceededError') return true;
  if (isQuotaExceededError(e.inner, depth + 1) || isQuotaExceededError(e.cause, depth + 1)) return true;
  const failures = Array.isArray(e.failures)
    ? e.failures
    : e.failures && typeof e.failures === 'object'
      ? Object.values(e.failures)
      : [];
  return failures.some((failure) => isQuotaExceededError(failure, depth + 1));
}
