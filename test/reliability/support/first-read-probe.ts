import { IDBKeyRange } from 'fake-indexeddb';
import { type Catalogue, createCatalogue, databaseOf } from '../../../src/create-catalogue.js';
import { type Clock, createManualConnectivity } from '../../../src/env.js';
import type { View } from '../../../src/query/view.js';
import type { ViewSnapshot } from '../../../src/sync/view-snapshot.js';
import { FAKE_ACCESS_TOKEN } from '../../../src/testing/index.js';
import { BASE_URL } from '../../helpers/catalogue-world.js';

export interface FirstReadProbeOptions {
  readonly indexedDB: IDBFactory;
  readonly dbName: string;
  readonly clock: Clock;
  /** Lets IndexedDB and the core's import settle (the world's `settle`). */
  readonly settle: () => Promise<void>;
}

/** Whether the catalogue's core has arrived (its database is there). */
function coreArrived(catalogue: Catalogue): boolean {
  try {
    databaseOf(catalogue);
    return true;
  } catch {
    return false;
  }
}

/**
 * What a fresh page's view shows from its stored first answer BEFORE the library's core has loaded: the first-read
 * path, which reads the first answers' database and nothing else. Opens the main entry (the lazy door) on the
 * database, offline and with a fetch that never answers (the probe sends nothing), subscribes `show`'s view at
 * once, and returns the data of every snapshot it showed before the core arrived. The core then loads (it is a
 * start like any other: it may finish a sign-out) and the page is closed.
 */
export async function firstReadShows<T>(
  options: FirstReadProbeOptions,
  show: (catalogue: Catalogue) => View<ViewSnapshot<T>>,
): Promise<T[]> {
  const catalogue = createCatalogue({
    baseUrl: BASE_URL,
    accessToken: FAKE_ACCESS_TOKEN,
    fetch: () => new Promise<Response>(() => {}),
    clock: options.clock,
    connectivity: createManualConnectivity(false),
    indexedDB: { indexedDB: options.indexedDB, IDBKeyRange },
    dbName: options.dbName,
  });
  const shown: T[] = [];
  const view = show(catalogue);
  const stop = view.subscribe(() => {
    const { data } = view.getSnapshot();
    if (data !== undefined && !coreArrived(catalogue)) shown.push(data);
  });
  await options.settle();
  await catalogue.auth.ready();
  stop();
  await catalogue.close();
  return shown;
}
