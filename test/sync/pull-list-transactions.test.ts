import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/index.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { catalogueWorld } from '../helpers/catalogue-world.js';
import { wrapTransactions } from '../support/wrap-transactions.js';

const world = catalogueWorld({ service: { rateLimit: false } });
afterEach(() => world.closeAll());

/** A catalogue whose readwrite transactions over the record tables are counted, each with how it ended. */
function countedCatalogue() {
  const writes = { started: 0, committed: 0 };
  const indexedDB = wrapTransactions(world.indexedDB, (open, mode) => {
    const tx = open();
    if (mode === 'readwrite' && tx.objectStoreNames.contains('people')) {
      writes.started += 1;
      tx.addEventListener('complete', () => {
        writes.committed += 1;
      });
    }
    return tx;
  });
  const catalogue = world.open({ indexedDB: { indexedDB, IDBKeyRange } });
  return { catalogue, writes };
}

describe('sync.pullList: pages that arrive together are written together', () => {
  it('a list of popular people takes fewer readwrite transactions than pages, and stores every page as served', async () => {
    const { catalogue, writes } = countedCatalogue();
    await catalogue.auth.ready();
    const result = await world.clock.runUntil(catalogue.sync.pullList('popularPeople', {}, { pages: 'all' }));
    const pages = result.pages;
    expect(pages).toBeGreaterThanOrEqual(10);
    // One page per transaction was one per page; the window's pages waiting on a running write share the next one.
    expect(writes.started).toBeLessThanOrEqual(pages / 2);
    expect(writes.committed).toBe(writes.started);
    for (let page = 1; page <= pages; page++) {
      const response = await world.service.fetch(`/3/person/popular?page=${page}`, {
        headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
      });
      const served = endpoints.popularPeople.response.parse(await response.json());
      // Each person with their known_for works, read back from the movies and series tables.
      expect((await catalogue.read('popularPeople', { page }))?.results).toEqual(served.results);
    }
  });
});
