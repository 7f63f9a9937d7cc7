/**
 * The names of the library's errors. Matched by `isCatalogueError` when an error arrives as plain data (errors cross
 * `postMessage` from a service worker as objects with the same `name`).
 */
export const catalogueErrorNames = [
  'BudgetExceededError',
  'ClosedError',
  'ImageUrlError',
  'InvalidParamsError',
  'MemoryStorageError',
  'NetworkError',
  'NewerReleaseError',
  'OfflineError',
  'PendingMutationsError',
  'QuotaExceededError',
  'SchemaValidationError',
  'ScopeEndedError',
  'ServiceError',
  'TimeoutError',
  'WorkerReplyTimeoutError',
] as const;

export type CatalogueErrorName = (typeof catalogueErrorNames)[number];

/** The base of every error the library throws: match any of them with `isCatalogueError`, one with its own guard. */
export abstract class CatalogueError extends Error {
  abstract override readonly name: CatalogueErrorName;
}

const names: ReadonlySet<string> = new Set(catalogueErrorNames);

export function isCatalogueError(value: unknown): value is CatalogueError {
  if (value instanceof CatalogueError) return true;
  // The platform's errors share some names (`QuotaExceededError`): a DOMException is never one of the library's.
  if (typeof value !== 'object' || value === null || isDomException(value)) return false;
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' && names.has(name);
}

function isDomException(value: object): boolean {
  const DomException = (globalThis as { DOMException?: abstract new () => object }).DOMException;
  return DomException !== undefined && value instanceof DomException;
}
