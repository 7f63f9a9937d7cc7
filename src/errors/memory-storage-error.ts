import { CatalogueError } from './catalogue-error.js';
import { isNamedError } from './is-named-error.js';

/**
 * The catalogue runs in memory (`storage: 'memory'`, or on a server with no IndexedDB): it stores and fetches
 * nothing, so a change (a list edit, a favorite, a sign-in) is refused rather than accepted and then lost, and a view
 * a subscriber asks to load shows this error. `useSuspenseView` throws it on a server so that React renders the
 * boundary's fallback there and the browser renders the data.
 */
export class MemoryStorageError extends CatalogueError {
  override readonly name = 'MemoryStorageError' as const;

  constructor() {
    super("the catalogue's storage is 'memory'");
  }
}

export function isMemoryStorageError(value: unknown): value is MemoryStorageError {
  return isNamedError(value, MemoryStorageError, 'MemoryStorageError');
}
