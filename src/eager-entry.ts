/**
 * `catalogue-sync/eager`: `createCatalogue` with the whole library loaded at once, for where a dynamic import is
 * not allowed (a service worker: `import()` throws there) or not wanted (Node scripts). Pages import the main
 * entry instead, whose `createCatalogue` shows first answers before the rest of the library has loaded. Both make
 * the same `Catalogue` (its types are the main entry's).
 */
export { createCatalogue } from './create-catalogue.js';
