/**
 * The names of the library's errors. Matched by `isCatalogueError` when an error arrives as plain data (errors cross
 * `postMessage` from a service worker as objects with the same `name`).
 */
export const catalogueErrorNames = [
  'BudgetExceededError',
  'ClosedError',
  'ImageUrlError',
  'InvalidParamsError',
  'NetworkError',
  'OfflineError',
  'PendingMutationsError',
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
  if (typeof value !== 'object' || value === null) return false;
  const name = (value as { name?: unknown }).name;
  return typeof name === 'string' && names.has(name);
}
