import { type Calls, calls, type OperationName } from './calls.js';

/**
 * The operations whose answers are stored, read from the registry (each entry's `stored`). The store's mappings
 * are typed against this (one mapping each, no other), and the catalogue makes a view method for each; nothing
 * keeps a second list. Here, in the API layer, because the first-read path needs it before the store has loaded:
 * this module carries only the registry it already has.
 */
export type StoredOperationName = {
  [O in OperationName]: Calls[O]['stored'] extends true ? O : never;
}[OperationName];

export const STORED_OPERATIONS: readonly StoredOperationName[] = (Object.keys(calls) as OperationName[]).filter(
  (operation): operation is StoredOperationName => calls[operation].stored,
);

export function isStoredOperation(operation: unknown): operation is StoredOperationName {
  return typeof operation === 'string' && Object.hasOwn(calls, operation) && calls[operation as OperationName].stored;
}

/** The one answer to a view or pull of an operation that keeps nothing (an action, a change feed, a typo). */
export function assertStoredOperation(operation: unknown): asserts operation is StoredOperationName {
  if (!isStoredOperation(operation)) {
    throw new TypeError(`${String(operation)} is not an operation whose answers are stored`);
  }
}
