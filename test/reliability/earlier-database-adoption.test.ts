import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import { createManualConnectivity, type FetchLike } from '../../src/env.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { BASE_URL, type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { earlierRelease } from './support/earlier-release.js';

/**
 * Tabs of releases from before the shared outbox (no claims: they send their own rows), built from the repository's
 * history, open beside this release on one fake IndexedDB and one fake service. They keep their database at the name
 * without this release's suffix; this release adopts its users and outbox and holds adopted changes back until any
 * send of them from an older tab is over.
 */
const RELEASES = [
  ['82ca5d9', 'the last release before the shared outbox (schema 7)'],
  ['8a36b4e', 'a release at schema 4, the first outbox schema'],
] as const;

const DB = 'earlier-adoption';
const NEW_DB = `${DB}${DATABASE_PROTOCOL_SUFFIX}`;
/** How long an older tab's write takes to reach the service: under its 30 s timeout, so it lands. */
const SLOW_SEND_MS = 20_000;

let world: CatalogueWorld | undefined;
const older: Catalogue[] = [];
afterEach(async () => {
  for (const catalogue of older.splice(0)) await catalogue.close();
  await world?.closeAll();
  world = undefined;
});

/** A write as it reached the service: who sent it, its path, and its body. */
interface Landed {
  tab: string;
  path: string;
  body: Record<string, unknown>;
}

function rowCount(indexedDB: IDBFactory, name: string, store: string): Promise<number> {
  return new Promise((resolve, reject) => {
    indexedDB.databases().then((all) => {
      if (!all.some((info) => info.name === name)) return resolve(0);
      const request = indexedDB.open(name);
      request.onsuccess = () => {
        const db = request.result;
        if (!db.objectStoreNames.contains(store)) {
          db.close();
          return resolve(0);
        }
        const count = db.transaction(store, 'readonly').objectStore(store).count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => reject(count.error);
      };
      request.onerror = () => reject(request.error);
    }, reject);
  });
}

/** The world, a signed-in session and targets, and an older release's tab on the earlier name. */
async function setup(commit: string) {
  const release = await earlierRelease(commit);
  const w = catalogueWorld({ dbName: DB, settleRounds: 20 });
  world = w;
  const landed: Landed[] = [];
  /** Writes an older tab has put on the wire (they land `SLOW_SEND_MS` later). */
  const onWire: Record<string, unknown>[] = [];
  const record =
    (tab: string, send: FetchLike = (input, init) => w.service.fetch(input, init)): FetchLike =>
    async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'GET') {
        const body = (await request.clone().json()) as Record<string, unknown>;
        if (tab === 'old') {
          onWire.push(body);
          await new Promise<void>((resolve) => w.clock.setTimeout(() => resolve(), SLOW_SEND_MS));
        }
        landed.push({ tab, path: new URL(request.url).pathname, body });
      }
      return send(request);
    };
  const session = w.service.control.createSession();
  const series = (w.service.control.groundTruth('trendingTv', { time_window: 'day' }) as { results: { id: number }[] })
    .results;
  const [a, b, c, d] = series.map((s) => s.id) as [number, number, number, number];
  const movies = (
    w.service.control.groundTruth('trendingMovies', { time_window: 'day' }) as { results: { id: number }[] }
  ).results.map((m) => m.id);
  const { list_id } = w.service.control.createList({ session_id: session.session_id, items: movies.slice(0, 4) });
  const oldNet = createManualConnectivity(false);
  const old = release.createCatalogue({
    baseUrl: BASE_URL,
    accessToken: FAKE_ACCESS_TOKEN,
    fetch: record('old'),
    clock: w.clock,
    connectivity: oldNet,
    indexedDB: { indexedDB: w.indexedDB, IDBKeyRange },
    dbName: DB,
  });
  older.push(old);
  await old.setUser(session);
  const state = (series_id: number) =>
    w.service.control.groundTruth('tvAccountStates', { series_id, session_id: session.session_id }) as {
      favorite: boolean;
      watchlist: boolean;
    };
  return { w, old, oldNet, session, landed, onWire, record, a, b, c, d, movies, list_id, state };
}

/** Advances time until both outboxes are empty and `done()` (or gives up), in steps of a second. */
async function drainBoth(w: CatalogueWorld, done: () => boolean, limitMs = 1_200_000, earlier = true): Promise<number> {
  const started = w.clock.now();
  for (let spent = 0; spent < limitMs; spent += 1_000) {
    await w.settle(1_000);
    const left =
      (await rowCount(w.indexedDB, NEW_DB, 'outbox')) + (earlier ? await rowCount(w.indexedDB, DB, 'outbox') : 0);
    if (left === 0 && done()) break;
  }
  return w.clock.now() - started;
}

/** After the user's final value of a target first landed, nothing else landed for it (no late duplicate). */
function landedAfterFinal(landed: readonly Landed[], matches: (l: Landed) => boolean, final: unknown, field: string) {
  const writes = landed.filter(matches);
  const first = writes.findIndex((l) => l.body[field] === final);
  return { first, after: writes.slice(first + 1).filter((l) => l.body[field] !== final) };
}

describe('tabs of releases from before the shared outbox beside this one', () => {
  it.each(RELEASES)(
    '%s (%s): every change reaches the service as the user meant, the user stays signed in',
    {
      timeout: 240_000,
    },
    async (commit) => {
      const { w, old, oldNet, session, landed, onWire, record, a, b, c, d, movies, list_id, state } =
        await setup(commit);
      // Offline in the old tab: changes queued there.
      await old.account.markFavorite({ media_type: 'tv', media_id: a, favorite: true });
      await old.account.markFavorite({ media_type: 'tv', media_id: b, favorite: true });
      await old.account.addToWatchlist({ media_type: 'tv', media_id: c, watchlist: true });
      await old.lists.removeItem({ list_id, media_id: movies[0] as number });
      // The old tab comes online: its first send is slow, on the wire while this release opens.
      oldNet.setOnline(true);
      await w.settle(0);
      const newNet = createManualConnectivity(false);
      const logs: unknown[][] = [];
      const log = (...args: unknown[]) => logs.push(args);
      const current = w.open({
        connectivity: newNet,
        wrapFetch: (fetch) => record('new', fetch),
        logger: { debug: log, info: log, warn: log, error: log },
      });
      await current.auth.ready();
      // The user stays signed in across the move.
      expect(current.userScopeId).toBe(old.userScopeId);
      expect(current.userScopeId).toBeDefined();
      // Take-backs here of what the old tab queued (one of them on the wire), and changes in both tabs.
      await current.account.markFavorite({ media_type: 'tv', media_id: a, favorite: false });
      await current.account.markFavorite({ media_type: 'tv', media_id: b, favorite: false });
      await current.lists.removeItem({ list_id, media_id: movies[1] as number });
      await old.account.markFavorite({ media_type: 'tv', media_id: d, favorite: true });
      newNet.setOnline(true);
      // Until every write an older tab put on the wire has landed too.
      const spent = await drainBoth(w, () => landed.filter((l) => l.tab === 'old').length === onWire.length);
      expect(logs).toEqual([]);

      expect(state(a).favorite).toBe(false);
      expect(state(b).favorite).toBe(false);
      expect(state(c).watchlist).toBe(true);
      expect(state(d).favorite).toBe(true);
      expect(w.service.control.listItems(list_id)).toEqual(movies.slice(2, 4));
      const favorite = (id: number) => (l: Landed) => l.path.endsWith('/favorite') && l.body.media_id === id;
      for (const [id, final] of [
        [a, false],
        [b, false],
        [d, true],
      ] as const) {
        const { first, after } = landedAfterFinal(landed, favorite(id), final, 'favorite');
        expect(first).toBeGreaterThanOrEqual(0);
        expect(after).toEqual([]);
      }
      expect(landed.filter((l) => l.path.includes('remove_item'))).toHaveLength(2);
      expect(await rowCount(w.indexedDB, NEW_DB, 'outbox')).toBe(0);
      expect(current.userScopeId).toBeDefined();
      expect(session.session_id).toBeDefined();
      process.stdout.write(
        `[reliability] earlier-database-adoption: ${commit} writes=${landed.length} ` +
          `old=${landed.filter((l) => l.tab === 'old').length} settled-after=${spent}ms\n`,
      );
    },
  );
});

/**
 * The world's factory, but from the `failAt`-th read-write transaction on the earlier database on, each throws: the
 * page can no longer delete there, as if it died between writing an adopted row here and deleting it there (or
 * between a user's two steps), while it goes on sending what it adopted.
 */
function interruptingFactory(indexedDB: IDBFactory, failAt: number): IDBFactory {
  let writes = 0;
  return {
    open(name: string, version?: number) {
      const request = indexedDB.open(name, version);
      if (name === DB) {
        request.addEventListener('success', () => {
          const connection = request.result;
          const transaction = connection.transaction.bind(connection);
          connection.transaction = ((stores: string | string[], mode?: IDBTransactionMode) => {
            if (mode === 'readwrite' && ++writes >= failAt) throw new DOMException('The page was closed', 'AbortError');
            return transaction(stores, mode);
          }) as IDBDatabase['transaction'];
        });
      }
      return request;
    },
    deleteDatabase: (name: string) => indexedDB.deleteDatabase(name),
    databases: () => indexedDB.databases(),
    cmp: (first: unknown, second: unknown) => indexedDB.cmp(first, second),
  };
}

describe('adopting the earlier database', () => {
  // The user's row, then four outbox rows: five steps, each interrupted once.
  it.each([1, 2, 3, 4, 5])(
    'interrupted at step %i and redone after a reload: no change lost or sent twice',
    {
      timeout: 120_000,
    },
    async (failAt) => {
      const { w, old, landed, record, a, b, c, movies, list_id, state } = await setup('82ca5d9');
      await old.account.markFavorite({ media_type: 'tv', media_id: a, favorite: true });
      await old.account.markFavorite({ media_type: 'tv', media_id: b, favorite: true });
      await old.account.addToWatchlist({ media_type: 'tv', media_id: c, watchlist: true });
      await old.lists.removeItem({ list_id, media_id: movies[0] as number });
      await old.close();
      const dying = w.open({
        wrapFetch: (fetch) => record('new', fetch),
        indexedDB: { indexedDB: interruptingFactory(w.indexedDB, failAt), IDBKeyRange },
        logger: { debug() {}, info() {}, warn() {}, error() {} },
      });
      await dying.auth.ready();
      // What it adopted is sent (after the hold), then the page is gone.
      await drainBoth(w, () => true, 400_000, false);
      await dying.close();
      // Interrupted: part of the earlier database is adopted here, the rest is still there.
      expect(await rowCount(w.indexedDB, DB, 'outbox')).toBeGreaterThan(0);

      const current = w.open({ wrapFetch: (fetch) => record('new', fetch) });
      await current.auth.ready();
      expect(current.userScopeId).toBeDefined();
      await drainBoth(w, () => true);
      expect(state(a).favorite).toBe(true);
      expect(state(b).favorite).toBe(true);
      expect(state(c).watchlist).toBe(true);
      expect(w.service.control.listItems(list_id)).toEqual(movies.slice(1, 4));
      // Each of the four changes sent exactly once.
      expect(landed.map((l) => `${l.path.split('/').at(-1)} ${String(l.body.media_id)}`).sort()).toEqual(
        [`favorite ${a}`, `favorite ${b}`, `watchlist ${c}`, `remove_item ${movies[0]}`].sort(),
      );
      expect(await rowCount(w.indexedDB, DB, 'outbox')).toBe(0);
    },
  );

  it('a fresh install never creates the earlier name, with or without indexedDB.databases()', async () => {
    for (const listing of [true, false]) {
      const w = catalogueWorld({ dbName: DB });
      world = w;
      const factory: IDBFactory = listing
        ? w.indexedDB
        : ({
            open: (name: string, version?: number) => w.indexedDB.open(name, version),
            deleteDatabase: (name: string) => w.indexedDB.deleteDatabase(name),
            cmp: (x: unknown, y: unknown) => w.indexedDB.cmp(x, y),
          } as IDBFactory);
      const current = w.open({ indexedDB: { indexedDB: factory, IDBKeyRange } });
      await current.setUser(w.service.control.createSession());
      const [series] = (
        w.service.control.groundTruth('trendingTv', { time_window: 'day' }) as { results: { id: number }[] }
      ).results;
      await current.account.markFavorite({ media_type: 'tv', media_id: series?.id as number, favorite: true });
      await current.outbox.drain();
      await w.settle(1_000);
      const names = (await w.indexedDB.databases()).map((info) => info.name);
      expect(names).toContain(NEW_DB);
      expect(names).not.toContain(DB);
      await w.closeAll();
    }
  });
});
