import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { firstAnswersName, openFirstAnswersDb } from '../../src/store/first-answers/first-answers-db.js';
import { prepareCall } from '../../src/sync/prepare-call.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { dumpDatabase } from '../helpers/dump-database.js';
import { interceptMutations } from '../helpers/mutate-middleware.js';
import { outboxWorldOptions } from '../helpers/outbox-world-options.js';
import { secretCapture } from '../helpers/secret-capture.js';
import { refusePuts } from '../support/wrap-transactions.js';
import { printFigures } from './support/figures.js';
import { firstReadShows } from './support/first-read-probe.js';

/**
 * A sign-out interrupted anywhere after its first durable write leaves nothing of the user on the device, and the
 * next start restores nobody. The interruption points are not listed by hand: a sign-out's effects (every write
 * request to the catalogue's database, every readwrite transaction on the first answers' database and any deletion
 * of it, every request to the service) are counted in an uninterrupted run, and the page then dies at each of them
 * in turn — that effect and every later one never land (a write aborts its transaction, a deletion or a request
 * never answers) — with the disk fine, and full (every put refused, in both databases) from the moment the
 * sign-out starts. At every point, before any core loads again, the first-read path (a fresh page's views on their
 * stored first answers) shows nothing of a user whose sign-out began.
 */

type Disk = 'fine' | 'full';

interface Effect {
  readonly kind: 'write' | 'first-answers' | 'request';
  readonly what: string;
  /** A put the full disk refused: nothing of it landed. */
  refused?: true;
}

/** Controls one page: its effects recorded from `watch()` on, and whether it died (at which effect). */
interface Page {
  readonly catalogue: Catalogue;
  readonly effects: Effect[];
  /** Records from now on; the page dies at effect number `dieAt`, or at the one after the first effect `dieAfter`. */
  watch(options: { dieAt?: number; dieAfter?: string; disk: Disk }): void;
  readonly dead: boolean;
  /** The page is gone: the shared factory and service stop routing through it (its hung calls stay hung). */
  release(): void;
}

let world: CatalogueWorld;
/** Web storage as the library would find it: any item it wrote is a failure of this file's cases. */
const webStorage = new Map<string, string>();
const storage = {
  getItem: (key: string) => webStorage.get(key) ?? null,
  setItem: (key: string, value: string) => void webStorage.set(key, String(value)),
  removeItem: (key: string) => void webStorage.delete(key),
  clear: () => webStorage.clear(),
  key: (index: number) => [...webStorage.keys()][index] ?? null,
  get length() {
    return webStorage.size;
  },
};
const cacheWrites: string[] = [];
const caches = {
  open: async (name: string) => {
    cacheWrites.push(name);
    return { put: async () => {}, add: async () => {}, match: async () => undefined, delete: async () => true };
  },
  match: async () => undefined,
  has: async () => false,
  delete: async () => true,
  keys: async () => [],
};

beforeEach(() => {
  for (const [name, value] of [
    ['localStorage', storage],
    ['sessionStorage', storage],
    ['caches', caches],
  ] as const) {
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
});
afterEach(() => {
  for (const name of ['localStorage', 'sessionStorage', 'caches']) {
    delete (globalThis as Record<string, unknown>)[name];
  }
  webStorage.clear();
  cacheWrites.length = 0;
});
/** Figures of the whole file, for the reliability README. */
const signOutFigures = { interruptionPoints: 0, notBegun: 0, quotaFaults: 0, effectsFine: 0, effectsFull: 0 };
afterAll(() => {
  printFigures(
    `[reliability] sign-out: interruption points ${signOutFigures.interruptionPoints} ` +
      `(before it began ${signOutFigures.notBegun}) ` +
      `(effects of one sign-out: disk fine ${signOutFigures.effectsFine}, disk full ${signOutFigures.effectsFull}); ` +
      `quota faults injected ${signOutFigures.quotaFaults}`,
  );
});

const forever = <T>() => new Promise<T>(() => {});
/** The outbox fixture's database. */
const DB_NAME = 'catalogue-outbox-test';
/** The name the library stores under (`dbName` with this release's protocol suffix). */
const STORED_NAME = `${DB_NAME}${DATABASE_PROTOCOL_SUFFIX}`;

/**
 * Opens a page on the world's database, with its writes, the first answers' deletion and its requests routed
 * through the page's fate. Requests to remove a list item never answer (a slow network): the user's change stays
 * unsent, and the sign-out has to be forced.
 */
function openPage(): Page {
  let recording = false;
  let dieAt: number | undefined;
  let dieAfter: string | undefined;
  let disk: Disk = 'fine';
  let dead = false;
  const effects: Effect[] = [];
  /** Whether this effect lands: false once the page died (at this effect or before). */
  const lands = (effect: Effect): boolean => {
    if (dead) return false;
    if (!recording) return true;
    // The first answers' write session closes on a real-time idle timer, after the revoke has begun: once the
    // device's part of the sign-out is over, its timing is not an interruption point of the sign-out.
    if (effect.kind === 'first-answers' && effects.some((e) => e.kind === 'request')) return true;
    effects.push(effect);
    if (dieAt === undefined && dieAfter !== undefined && effect.what === dieAfter) dieAt = effects.length;
    if (dieAt !== undefined && effects.length - 1 >= dieAt) {
      dead = true;
      return false;
    }
    return true;
  };
  const catalogue = world.open();
  const db = databaseOf(catalogue);
  interceptMutations(db, 'page-fate', (request, table, next) => {
    const effect: Effect = { kind: 'write', what: `${request.type} ${table}` };
    if (!lands(effect)) return Promise.reject(new DOMException('The page closed.', 'AbortError'));
    if (recording && disk === 'full' && (request.type === 'put' || request.type === 'add')) {
      effect.refused = true;
      signOutFigures.quotaFaults += 1;
      return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    }
    return next(request);
  });
  const factory = world.indexedDB;
  const deleteDatabase = factory.deleteDatabase.bind(factory);
  factory.deleteDatabase = (name: string) => {
    if (!lands({ kind: 'first-answers', what: `deleteDatabase ${name}` })) return {} as IDBOpenDBRequest;
    return deleteDatabase(name);
  };
  // The page's connections to the first answers' database: a readwrite transaction is an effect; one that does not
  // land is aborted before its first request.
  const open = factory.open.bind(factory);
  factory.open = (name: string, version?: number) => {
    const request = open(name, version);
    if (name !== firstAnswersName(STORED_NAME)) return request;
    request.addEventListener('success', () => {
      const db = request.result;
      const transaction = db.transaction.bind(db);
      db.transaction = ((stores: string | string[], mode?: IDBTransactionMode) => {
        const tx = transaction(stores, mode);
        if (mode !== 'readwrite') return tx;
        if (!lands({ kind: 'first-answers', what: 'readwrite answers' })) {
          tx.abort();
          return tx;
        }
        return refusePuts(tx, () => recording && disk === 'full');
      }) as IDBDatabase['transaction'];
    });
    return request;
  };
  const serviceFetch = world.service.fetch;
  (world.service as { fetch: typeof serviceFetch }).fetch = async (input, init) => {
    const request = new Request(input, init);
    const path = new URL(request.url).pathname;
    if (request.method !== 'GET' && path.endsWith('/remove_item')) return forever();
    if (!lands({ kind: 'request', what: `${request.method} ${path}` })) return forever();
    return serviceFetch(request);
  };
  return {
    catalogue,
    effects,
    watch(options) {
      recording = true;
      dieAt = options.dieAt;
      dieAfter = options.dieAfter;
      disk = options.disk;
    },
    get dead() {
      return dead;
    },
    release() {
      factory.deleteDatabase = deleteDatabase;
      factory.open = open;
      (world.service as { fetch: typeof serviceFetch }).fetch = serviceFetch;
    },
  };
}

interface Signed {
  readonly page: Page;
  readonly scope: string;
  readonly sessionId: string;
  readonly listId: number;
  readonly removed: number;
  readonly listKey: string;
}

/**
 * A user signed in with an unsent removal from a list, shown in a stored first answer (the list without the item),
 * their account state of a series stored, and a read mark naming them.
 */
async function signedInWithUnsentChange(): Promise<Signed> {
  // Eager: its pages install store middleware right after `open()`, which needs the core's database at once.
  world = catalogueWorld(outboxWorldOptions(secretCapture(), { door: 'eager' }));
  const session = world.service.control.createSession();
  const movies = world.service.control.groundTruth('trendingMovies', { time_window: 'day' }) as {
    results: { id: number }[];
  };
  const items = movies.results.slice(0, 3).map((movie) => movie.id);
  const { list_id } = world.service.control.createList({ session_id: session.session_id, items });
  const page = openPage();
  const { catalogue } = page;
  await catalogue.setUser(session);
  const scope = catalogue.userScopeId as string;
  await world.clock.runUntil(catalogue.sync.pull('listDetails', { list_id }));
  const series = world.service.control.allSeries()[0]?.id as number;
  await world.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id: series }));
  const removed = items[0] as number;
  await catalogue.lists.removeItem({ list_id, media_id: removed });
  await world.settle();
  // What a view on screen keeps for the next page load: the list as shown, without the removed item.
  const db = databaseOf(catalogue);
  const call = prepareCall('listDetails', { list_id } as never, { language: 'en-US', user: undefined });
  const { readStoredWithMeta } = await import('../../src/store/records/read-stored.js');
  await db.firstAnswers.settled();
  const mark = await db.firstAnswers.mark();
  const read = await readStoredWithMeta(db, 'listDetails', call.storeParams as never, undefined, call.requestKey);
  const row = { data: read.entry?.data, updatedAt: read.meta?.fetchedAt, expiresAt: read.meta?.expiresAt };
  expect(await db.firstAnswers.put(mark as never, call.requestKey, row, read.entry?.refs ?? [])).toBe(true);
  expect(await firstAnswerItems(call.requestKey)).toEqual(items.slice(1));
  expect(await db.outbox.where('userScope').equals(scope).count()).toBe(1);
  expect(await db.tvAccountStates.where('userScope').equals(scope).count()).toBe(1);
  return { page, scope, sessionId: session.session_id, listId: list_id, removed, listKey: call.requestKey };
}

/** Every row of the first answers' database (answers and the writers' state), as JSON. */
async function firstAnswerRows(): Promise<string[]> {
  const db = await openFirstAnswersDb(world.indexedDB, STORED_NAME);
  if (!db) return [];
  try {
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      const request = db.transaction('answers', 'readonly').objectStore('answers').getAll();
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return rows.map((row) => JSON.stringify(row));
  } finally {
    db.close();
  }
}

async function firstAnswerItems(key: string): Promise<number[] | undefined> {
  const db = await openFirstAnswersDb(world.indexedDB, STORED_NAME);
  if (!db) return undefined;
  try {
    const row = await new Promise<{ data?: { items?: { id: number }[] } } | undefined>((resolve, reject) => {
      const request = db.transaction('answers', 'readonly').objectStore('answers').get(key);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return row?.data?.items?.map((item) => item.id);
  } finally {
    db.close();
  }
}

/** Runs a forced sign-out until it settles or hangs (a dead page, a revoke that never answers). */
async function signOutUntilStill(page: Page): Promise<void> {
  const done = page.catalogue.signOut({ force: true }).catch(() => undefined);
  await Promise.race([done, (async () => world.settle())()]);
  await world.settle();
}

/** After a reload on the same database: nobody restored, and nothing stored names the user or shows the change. */
async function expectNothingOfTheUser(signed: Signed, reloaded: Catalogue): Promise<void> {
  await reloaded.auth.ready();
  expect(reloaded.user.getSnapshot()).toEqual({ status: 'signedOut', user: undefined });
  expect(reloaded.userScopeId).toBeUndefined();
  const db = databaseOf(reloaded);
  for (const { table, text } of await dumpDatabase(db)) {
    expect(text.includes(signed.scope) || text.includes(encodeURIComponent(signed.scope)), `${table}: ${text}`).toBe(
      false,
    );
    expect(text.includes(signed.sessionId), `${table} holds the session id`).toBe(false);
  }
  expect(await db.outbox.count()).toBe(0);
  expect(await db.users.count()).toBe(0);
  // The shared list shows the item again, or is not stored (fetched again when shown).
  const list = await db.lists.get(signed.listId);
  if (list) expect(list.items.map((item) => item.id)).toContain(signed.removed);
  for (const row of await firstAnswerRows()) {
    expect(row.includes(signed.scope) || row.includes(signed.sessionId)).toBe(false);
  }
  const shown = await firstAnswerItems(signed.listKey);
  if (shown) expect(shown).toContain(signed.removed);
  // Before the reload's core loaded, its first-read path showed the list as the service has it, or nothing.
  expect(firstRead?.listKey, 'the first-read path was probed').toBe(signed.listKey);
  for (const items of firstRead?.shown ?? []) expect(items, 'shown before the core loaded').toContain(signed.removed);
  expect([...webStorage.entries()]).toEqual([]);
  expect(cacheWrites).toEqual([]);
}

/** The items of the stored list each first snapshot showed on the last reload's first-read path (before a core). */
let firstRead: { listKey: string; shown: number[][] } | undefined;

async function reload(dead: Page, signed?: Signed): Promise<Catalogue> {
  // The dead page's connection goes with it; whatever it still tries fails (it is dead).
  void dead.catalogue.close().catch(() => undefined);
  dead.release();
  await world.settle();
  firstRead = undefined;
  if (signed) {
    // What the next page shows before any core has loaded (and could finish the sign-out): its first answers.
    const probe = { indexedDB: world.indexedDB, dbName: DB_NAME, clock: world.clock, settle: () => world.settle() };
    const shown = await firstReadShows(probe, (page) => page.listDetails({ list_id: signed.listId }));
    firstRead = { listKey: signed.listKey, shown: shown.map((list) => list.items.map((item) => item.id)) };
  }
  const catalogue = world.open();
  await world.settle();
  await catalogue.auth.ready();
  return catalogue;
}

/** The effects of an uninterrupted sign-out on a disk in `disk` state, from a fresh world. */
async function effectsOf(disk: Disk): Promise<Effect[]> {
  const signed = await signedInWithUnsentChange();
  signed.page.watch({ disk });
  await signOutUntilStill(signed.page);
  const effects = [...signed.page.effects];
  await expectNothingOfTheUser(signed, await reload(signed.page, signed));
  return effects;
}

describe('a sign-out is durable before any network round trip', () => {
  for (const disk of ['fine', 'full'] as const) {
    it(`interrupted at every effect (disk ${disk}): no row, no first answer, no web storage names the user; a reload restores nobody`, async () => {
      const effects = await effectsOf(disk);
      signOutFigures[disk === 'fine' ? 'effectsFine' : 'effectsFull'] = effects.length;
      const firstRequest = effects.findIndex((effect) => effect.kind === 'request');
      const markAt = effects.findIndex((effect) => effect.what === 'put users');
      // Where the sign-out becomes durable: the mark, its first write to the catalogue's database, in a transaction
      // of its own; on a full disk that refuses the mark, the purge (deletes only), one transaction, the last write
      // before the revoke.
      const durableFrom = disk === 'fine' ? markAt + 1 : firstRequest;
      for (let dieAt = 0; dieAt <= effects.length; dieAt += 1) {
        const signed = await signedInWithUnsentChange();
        signed.page.watch({ dieAt, disk });
        await signOutUntilStill(signed.page);
        expect(signed.page.dead || dieAt === effects.length, `died at ${dieAt}`).toBe(true);
        const reloaded = await reload(signed.page, signed);
        signOutFigures.interruptionPoints += 1;
        if (dieAt === 0) {
          // Died at its first effect: the first answers are as they were, and the first-read path (what this file
          // probes at every other point) shows the stored list, the user's change in it (they are still signed in).
          expect(firstRead?.shown).toEqual([expect.not.arrayContaining([signed.removed])]);
        }
        if (dieAt < durableFrom) {
          // The page died before the sign-out landed anything in the catalogue's database: it never began, and
          // the user is signed in with everything as it was, their change still waiting (never half of it) or,
          // the dead page's sender gone, already sent by the reload: exactly one of the two.
          signOutFigures.notBegun += 1;
          expect(reloaded.userScopeId).toBe(signed.scope);
          const waiting = await databaseOf(reloaded).outbox.count();
          const sent = !world.service.control.listItems(signed.listId)?.includes(signed.removed);
          expect(waiting + (sent ? 1 : 0)).toBe(1);
          expect(await databaseOf(reloaded).tvAccountStates.where('userScope').equals(signed.scope).count()).toBe(1);
        } else {
          await expectNothingOfTheUser(signed, reloaded);
        }
        await reloaded.close();
      }
      // The order the sign-out promises: the first answers emptied first (a transaction on their database, never
      // its deletion, which another tab could block), then the mark, then the user's rows, the service last.
      const kinds = effects.map((effect) => effect.kind);
      expect(effects[0]).toEqual({ kind: 'first-answers', what: 'readwrite answers' });
      expect(effects.filter((effect) => effect.what.startsWith('deleteDatabase'))).toEqual([]);
      expect(markAt).toBeGreaterThan(0);
      expect(effects[markAt]?.refused).toBe(disk === 'full' ? true : undefined);
      expect(markAt).toBeLessThan(effects.findIndex((e) => /^delete.* outbox$/.test(e.what)));
      expect(kinds.lastIndexOf('write')).toBeLessThan(firstRequest);
      expect(effects.slice(firstRequest)).toEqual([{ kind: 'request', what: 'DELETE /3/authentication/session' }]);
    }, 90_000); // a reload and a first-read probe per interruption point: slow beside the rest of the suite
  }

  it('a revoke that never answers: everything is gone on the device meanwhile, and a reload restores nobody', async () => {
    const signed = await signedInWithUnsentChange();
    const effects = await (async () => {
      signed.page.watch({ disk: 'fine' });
      return signed.page.effects;
    })();
    const serviceFetch = world.service.fetch;
    let revokeAsked = false;
    (world.service as { fetch: typeof serviceFetch }).fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'DELETE') {
        revokeAsked = true;
        return forever();
      }
      return serviceFetch(request);
    };
    let settled = false;
    void signed.page.catalogue.signOut({ force: true }).finally(() => {
      settled = true;
    });
    await world.settle();
    expect(revokeAsked).toBe(true);
    expect(settled).toBe(false);
    expect(effects.some((effect) => effect.kind === 'first-answers')).toBe(true);
    // Still waiting on the service, this page has nothing of the user left either.
    expect((await databaseOf(signed.page.catalogue).users.toArray()).length).toBe(0);
    expect(await databaseOf(signed.page.catalogue).outbox.count()).toBe(0);
    await expectNothingOfTheUser(signed, await reload(signed.page, signed));
  });

  it('a start that finds a sign-out begun finishes it before restoring anyone, and retries while it fails', async () => {
    const signed = await signedInWithUnsentChange();
    // The first answers' emptying and the mark land, then the page dies: nothing more of the sign-out lands.
    signed.page.watch({ dieAfter: 'put users', disk: 'fine' });
    await signOutUntilStill(signed.page);
    void signed.page.catalogue.close().catch(() => undefined);
    signed.page.release();
    await world.settle();
    // A start whose own purge dies too restores nobody, and leaves the mark for the next one.
    const second = openPage();
    // Its first effect (its purge's write session emptying the first answers) lands, its purge's writes do not.
    second.watch({ dieAt: 1, disk: 'fine' });
    await world.settle();
    await second.catalogue.auth.ready();
    expect(second.catalogue.userScopeId).toBeUndefined();
    const users = await databaseOf(second.catalogue).users.toArray();
    expect(users).toEqual([expect.objectContaining({ id: signed.scope, signingOut: 1, current: 0 })]);
    expect(JSON.stringify(users)).not.toContain(signed.sessionId);
    await expectNothingOfTheUser(signed, await reload(second, signed));
  });
});
