import type { ResolvedCatalogueOptions } from './catalogue-options.js';
import type { CatalogueMembers } from './create-catalogue.js';
import type { EarlyAnswer } from './first-read/early-client.js';
import type { Views } from './query/create-views.js';
import type { StoredOperation } from './store/mappings/store-mappings.js';
import type { PreparedCall } from './sync/prepare-call.js';

/**
 * What a catalogue's core provides (`catalogue-core.ts`): every member of a `Catalogue` but its views, which the
 * door makes itself (one handle per key) from the core's prepared calls and live views.
 */
export type CatalogueCore = Omit<CatalogueMembers, 'view' | 'pages' | 'local'> & Views;

/** A view's request the front door sent before the core arrived (a cold first visit): the core adopts it. */
export interface EarlyFlight {
  readonly call: PreparedCall<StoredOperation>;
  readonly answer: Promise<EarlyAnswer<StoredOperation>>;
}

/** What makes a catalogue's core (`catalogue-core.ts`). */
export interface CoreModule {
  createCore(resolved: ResolvedCatalogueOptions, early?: readonly EarlyFlight[]): CatalogueCore;
}

/**
 * How the core arrives: already loaded (`catalogue-sync/eager`: every feature imported statically, since `import()`
 * throws in a service worker), or loaded by `load` once the first answers are read (the main entry), which also
 * says how to load the early requests' client of a cold visit (`early`). Both loaders are the entry's, so the
 * eager entry's bundle holds no `import()` at all.
 */
export type CoreArrival =
  | { readonly loaded: CoreModule }
  | {
      readonly load: () => Promise<CoreModule>;
      readonly early: () => Promise<typeof import('./first-read/early-client.js')>;
    };
