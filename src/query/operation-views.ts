import { STORED_OPERATIONS } from '../api/stored-operations.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import type { OperationViews, ViewArgs } from './create-views.js';
import type { StoreView } from './store-view.js';
import type { OptionalArgs } from './view-options.js';

/**
 * The per-operation view methods (`catalogue.trendingTv(params)`), one for each operation the registry stores but
 * `configuration` (`catalogue.configuration()` loads it). Made from the registry's list, so an operation stored
 * there gets its method here with nothing else to change; the one cast is the name-to-method mapping TypeScript
 * cannot follow through `Object.fromEntries`.
 */
export function operationViews(
  view: <O extends StoredOperation>(operation: O, ...args: OptionalArgs<ViewArgs<O>>) => StoreView<O>,
): OperationViews {
  const entries = STORED_OPERATIONS.filter((operation) => operation !== 'configuration').map((operation) => [
    operation,
    (params?: never, options?: never) => view(operation, params as never, options),
  ]);
  return Object.fromEntries(entries) as OperationViews;
}
