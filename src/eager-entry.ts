import * as core from './catalogue-core.js';
import { type CatalogueOptions, resolveCatalogueOptions } from './catalogue-options.js';
import type { Catalogue } from './create-catalogue.js';
import { eagerFeatures } from './eager-features.js';
import { frontDoor } from './front-door.js';

/**
 * `catalogue-sync/eager`: `createCatalogue` with its core already loaded, for where a dynamic import is not allowed
 * (a service worker: `import()` throws there) or not wanted (Node scripts). It is the main entry's front door
 * (`front-door.ts`), given the core at once instead of importing it later, and its features too
 * (`eager-features.ts`): the same `Catalogue`, made the same way.
 */
export function createCatalogue(options: CatalogueOptions): Catalogue {
  return frontDoor(resolveCatalogueOptions(options), {
    loaded: { createCore: (resolved, early) => core.createCore(resolved, early ?? [], eagerFeatures) },
  });
}
