/**
 * `catalogue-sync/react`: hooks over a catalogue's views, on `useSyncExternalStore` (safe with Strict Mode and
 * concurrent rendering). React is an optional peer dependency: only this entry imports it.
 */
export { CatalogueProvider, type CatalogueProviderProps, useCatalogue } from './catalogue-context.js';
export { useOutbox, useStatus, useUser } from './use-catalogue-state.js';
export { type ChangeState, useChange } from './use-change.js';
export { type UsePagesResult, usePages } from './use-pages.js';
export { useSuspensePages } from './use-suspense-pages.js';
export { useSuspenseView } from './use-suspense-view.js';
export { useView } from './use-view.js';
export { DISABLED_SNAPSHOT, type HookSnapshot, type ViewOptions } from './view-options.js';
