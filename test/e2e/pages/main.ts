/**
 * The e2e test page: the library as a PWA would bundle it (built by Vite from the sources), driven by the tests
 * through `window.e2e`. It talks to its own origin, where the one-process server serves the fake service.
 */
import { type Catalogue, databaseOf } from '../../../src/create-catalogue.js';
import { createCatalogue } from '../../../src/eager-entry.js';
// The options module only: the testing barrel would drag the fake service (hono) into the page.
import { FAKE_ACCESS_TOKEN } from '../../../src/testing/service/options.js';
import type { E2EPageApi, IndexedDBDump, PageParams, PullState } from './page-api.js';

const catalogues = new Map<string, Catalogue>();
const pulls: PullState[] = [];

function catalogue(handle: string): Catalogue {
  const found = catalogues.get(handle);
  if (!found) throw new Error(`no catalogue open under ${JSON.stringify(handle)}`);
  return found;
}

// The page forwards whatever operation and parameters a test names: the engine validates them like any call.
type AnyPull = (operation: string, params?: PageParams) => ReturnType<Catalogue['sync']['pull']>;
type AnyRead = (operation: string, params?: PageParams) => Promise<unknown>;
const pullOf = (handle: string): AnyPull => catalogue(handle).sync.pull as unknown as AnyPull;
const readOf = (handle: string): AnyRead => catalogue(handle).read as unknown as AnyRead;

function requestToPromise<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Raw IndexedDB, not Dexie: the dump must show what is on disk, whatever the library thinks it wrote. */
async function dumpDatabase(name: string): Promise<Record<string, unknown[]>> {
  const db = await requestToPromise(indexedDB.open(name));
  try {
    const stores = Array.from(db.objectStoreNames);
    const result: Record<string, unknown[]> = {};
    if (stores.length === 0) return result;
    const transaction = db.transaction(stores, 'readonly');
    for (const store of stores) result[store] = await requestToPromise(transaction.objectStore(store).getAll());
    return result;
  } finally {
    db.close();
  }
}

const api: E2EPageApi = {
  open(handle, options = {}) {
    if (catalogues.has(handle)) throw new Error(`a catalogue is already open under ${JSON.stringify(handle)}`);
    catalogues.set(
      handle,
      createCatalogue({
        baseUrl: options.baseUrl ?? location.origin,
        accessToken: options.accessToken ?? FAKE_ACCESS_TOKEN,
        dbName: options.dbName ?? 'catalogue-e2e',
        ...(options.outboxLeaseMs === undefined ? {} : { outboxLeaseMs: options.outboxLeaseMs }),
      }),
    );
  },
  pull: (handle, operation, params) => pullOf(handle)(operation, params),
  startPull(handle, operation, params) {
    const id = pulls.length;
    pulls.push({ state: 'pending' });
    pullOf(handle)(operation, params).then(
      (value) => {
        pulls[id] = { state: 'fulfilled', value };
      },
      (error: unknown) => {
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        pulls[id] = { state: 'rejected', error: { name, message } };
      },
    );
    return id;
  },
  pullState(id) {
    const state = pulls[id];
    if (!state) throw new Error(`no pull ${id}`);
    return state;
  },
  read: (handle, operation, params) => readOf(handle)(operation, params),
  configuration: (handle) => catalogue(handle).configuration(),
  status: (handle) => catalogue(handle).status,
  async close(handle) {
    await catalogue(handle).close();
    catalogues.delete(handle);
  },
  setUser: (handle, credentials) => catalogue(handle).setUser(credentials),
  async markFavorite(handle, series_id, favorite) {
    const receipt = await catalogue(handle).account.markFavorite({ media_type: 'tv', media_id: series_id, favorite });
    return receipt.outcome;
  },
  async outbox(handle) {
    const rows = await databaseOf(catalogue(handle)).outbox.orderBy('seq').toArray();
    return rows.map((row) => ({
      seq: row.seq as number,
      operation: row.mutation.operation,
      state: row.state,
      attempts: row.attempts,
    }));
  },
  async dumpIndexedDB() {
    const dump: IndexedDBDump = {};
    for (const { name } of await indexedDB.databases()) {
      if (name) dump[name] = await dumpDatabase(name);
    }
    return dump;
  },
};

window.e2e = api;
const ready = document.getElementById('ready');
if (ready) ready.textContent = 'ready';
