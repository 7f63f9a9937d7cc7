import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import { PENDING_MS } from '../../src/store/first-answers/create-first-answers.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { wrapTransactions } from '../support/wrap-transactions.js';
import { firstReadShows } from './support/first-read-probe.js';

/**
 * A sign-out whose page died after its mark, before its purge, with other tabs alive: the shared list still shows
 * the signed-out user's unsent change until a start finishes the sign-out, and a tab's first-answer keeper must not
 * store it meanwhile (the first-read path of the next page would show it before its core can see the mark). The
 * class: the keeping tab opened before the sign-out (alive through it) or started after the page died (its own
 * purge of the sign-out failing); the keeper's chance while the dead page's write session of the first answers is
 * still live, and after it lapsed.
 */

const DB = 'sign-out-tabs';
const forever = <T>() => new Promise<T>(() => {});
let world: CatalogueWorld;
afterEach(async () => {
  await world?.closeAll().catch(() => undefined);
});

/** An IndexedDB for one tab whose readwrite transactions over the stores `refuse` names abort. */
function refusingFactory(refuse: (stores: string[]) => boolean): IDBFactory {
  return wrapTransactions(world.indexedDB, (open, mode) => {
    const tx = open();
    if (mode === 'readwrite' && refuse([...tx.objectStoreNames])) tx.abort();
    return tx;
  });
}

/** A page that dies right after its sign-out mark commits: nothing of it lands after (no purge, no revoke). */
function dyingPage(): { catalogue: Catalogue; signOut(): void } {
  let signingOut = false;
  let dead = false;
  const indexedDB = wrapTransactions(world.indexedDB, (open, mode) => {
    const tx = open();
    if (mode !== 'readwrite') return tx;
    if (dead) {
      tx.abort();
      return tx;
    }
    // The mark is a transaction on `users` alone (setUser's also takes the outbox; the purge takes many).
    const stores = [...tx.objectStoreNames];
    if (signingOut && stores.length === 1 && stores[0] === 'users') {
      tx.addEventListener('complete', () => {
        dead = true;
      });
    }
    return tx;
  });
  const catalogue = world.open({
    tab: 'signing-out',
    indexedDB: { indexedDB, IDBKeyRange },
    wrapFetch: (fetch) => (input, init) => (dead ? forever() : fetch(input, init)),
  });
  return {
    catalogue,
    signOut() {
      signingOut = true;
      void catalogue.signOut({ force: true }).catch(() => undefined);
    },
  };
}

/** Removals never answer (a slow network): the user's change stays unsent in every tab. */
const holdRemovals =
  (fetch: FetchLike): FetchLike =>
  (input, init) => {
    const request = new Request(input, init);
    return request.method !== 'GET' && request.url.includes('/remove_item') ? forever() : fetch(request);
  };

async function signedInWithUnsentChange(signing: Catalogue) {
  const session = world.service.control.createSession();
  const movies = world.service.control.groundTruth('trendingMovies', { time_window: 'day' }) as {
    results: { id: number }[];
  };
  const items = movies.results.slice(0, 3).map((movie) => movie.id);
  const { list_id } = world.service.control.createList({ session_id: session.session_id, items });
  await signing.setUser(session);
  await world.clock.runUntil(signing.sync.pull('listDetails', { list_id }));
  const removed = items[0] as number;
  await signing.lists.removeItem({ list_id, media_id: removed });
  await world.settle();
  // Its write session of the first answers closed (on real time): a keeper's chance below does not depend on it.
  await databaseOf(signing).firstAnswers.settled();
  return { list_id, removed, items };
}

/** Shows the list in `tab` (its keeper then keeps it) and has it fetched again, so the view changes once more. */
async function showAndRefresh(tab: Catalogue, list_id: number): Promise<number[]> {
  const view = tab.listDetails({ list_id });
  const stop = view.subscribe(() => {});
  await world.settle();
  await world.clock.runUntil(view.refresh());
  await databaseOf(tab).firstAnswers.settled();
  await world.settle(1000);
  const shown = view.getSnapshot().data?.items.map((item) => item.id) ?? [];
  stop();
  return shown;
}

const probe = () => ({ indexedDB: world.indexedDB, dbName: DB, clock: world.clock, settle: () => world.settle() });

describe('a sign-out cut short after its mark: no tab keeps a first answer of the signed-out user', () => {
  for (const order of ['keeper opened before', 'keeper started after'] as const) {
    for (const wait of [5_000, PENDING_MS + 5_000]) {
      it(`${order} the sign-out; the keeper's chance ${wait / 1000} s after the page died`, async () => {
        world = catalogueWorld({
          dbName: DB,
          connectivity: 'per-instance',
          service: { rateLimit: false },
          defaults: { wrapFetch: holdRemovals },
        });
        const signing = dyingPage();
        const { list_id, removed, items } = await signedInWithUnsentChange(signing.catalogue);
        // Before: the user's change shows in the first answer a keeping tab stores (non-vacuity of the probe).
        const before = world.open({ tab: 'before' });
        expect(await showAndRefresh(before, list_id)).toEqual(items.slice(1));
        await before.close();
        expect(await firstReadShows(probe(), (page) => page.listDetails({ list_id }))).toEqual([
          expect.objectContaining({ items: items.slice(1).map((id) => expect.objectContaining({ id })) }),
        ]);

        let keeper: Catalogue | undefined;
        if (order === 'keeper opened before') keeper = world.open({ tab: 'keeper' });
        await world.settle();
        signing.signOut();
        await world.settle();
        await world.settle(wait);
        // Started after: its start finds the mark, and its purge fails (every transaction on `users` aborts), so
        // the mark stays and its store still shows the list with the change.
        keeper ??= world.open({
          tab: 'keeper',
          indexedDB: { indexedDB: refusingFactory((stores) => stores.includes('users')), IDBKeyRange },
        });
        await keeper.auth.ready();
        if (order === 'keeper started after') expect(keeper.userScopeId).toBeUndefined();
        // The keeping tab still shows the change (nothing has purged it), and it had its chance to keep it.
        expect(await showAndRefresh(keeper, list_id)).toEqual(items.slice(1));
        await keeper.close();

        const shown = await firstReadShows(probe(), (page) => page.listDetails({ list_id }));
        for (const list of shown) expect(list.items.map((item) => item.id)).toContain(removed);
      });
    }
  }
});
