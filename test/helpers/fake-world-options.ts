import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import type { CatalogueOptions, Connectivity } from '../../src/index.js';
import { createFakeService, createVirtualClock, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { BASE_URL } from './catalogue-world.js';

/**
 * Options of a catalogue over the in-process fake service, a virtual clock and a fresh fake IndexedDB, for tests
 * that call a `createCatalogue` themselves (the main entry's or `./eager`'s): the URLs it fetched are recorded.
 */
export function fakeWorldOptions(
  dbName: string,
  { indexedDB = new IDBFactory(), connectivity }: { indexedDB?: IDBFactory; connectivity?: Connectivity } = {},
) {
  const clock = createVirtualClock(Date.UTC(2026, 10, 1));
  const service = createFakeService({ seed: 7, scale: 'small', clock, baseUrl: BASE_URL });
  const urls: string[] = [];
  const options = {
    baseUrl: BASE_URL,
    accessToken: FAKE_ACCESS_TOKEN,
    fetch: (input: Request | string | URL, init?: RequestInit) => {
      urls.push(String(input instanceof Request ? input.url : input));
      return service.fetch(input, init);
    },
    clock,
    indexedDB: { indexedDB, IDBKeyRange },
    dbName,
    ...(connectivity ? { connectivity } : {}),
  } satisfies CatalogueOptions;
  return { options, clock, urls };
}
