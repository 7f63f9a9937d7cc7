import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import type { Catalogue } from '../../src/create-catalogue.js';
import { deleteFirstAnswersDb } from '../../src/store/first-answers/delete-first-answers-db.js';
import { ANSWERS_STORE, firstAnswersName, openFirstAnswersDb } from '../../src/store/first-answers/first-answers-db.js';
import { catalogueWorld } from '../helpers/catalogue-world.js';
import { until } from '../query/view-helpers.js';

/**
 * Deleting the first answers' database (`catalogue.delete()`) is done only when it is gone, or when its answers are
 * cleared while another connection blocks the deletion: `blocked` alone is not done. Blockers are connections of a
 * release that does not close on `versionchange` (none, one, two), closing later or never.
 */

const DB = 'delete-first-test';
const NAME = firstAnswersName(DB);
const settled = (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  return () => done;
};
const macrotasks = async (n = 30) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The first answers' database with two answers in it. */
async function seeded(factory: IDBFactory): Promise<void> {
  const db = (await openFirstAnswersDb(factory, DB)) as IDBDatabase;
  const tx = db.transaction(ANSWERS_STORE, 'readwrite');
  tx.objectStore(ANSWERS_STORE).put({ data: 1 }, 'trendingTv?a');
  tx.objectStore(ANSWERS_STORE).put({ data: 2 }, 'listDetails?b');
  await new Promise((resolve) => {
    tx.oncomplete = resolve;
  });
  db.close();
}

/** A connection that never closes on `versionchange` (an earlier release's tab): it blocks a deletion. */
async function blocker(factory: IDBFactory, name = NAME): Promise<IDBDatabase> {
  const db = await request(factory.open(name) as IDBRequest<IDBDatabase>);
  db.onversionchange = null;
  return db;
}

const keysThrough = (db: IDBDatabase) =>
  request(db.transaction(ANSWERS_STORE, 'readonly').objectStore(ANSWERS_STORE).getAllKeys());
const exists = async (factory: IDBFactory, name = NAME) =>
  (await factory.databases()).some((info) => info.name === name);

describe("deleting the first answers' database", () => {
  it('with no other connection: resolves once it is gone', async () => {
    const factory = new IDBFactory();
    await seeded(factory);
    await deleteFirstAnswersDb(factory, DB);
    expect(await exists(factory)).toBe(false);
  });

  for (const blockers of [1, 2]) {
    it(`blocked by ${blockers} connection(s): resolves only with no answer left; the deletion completes when they close`, async () => {
      const factory = new IDBFactory();
      await seeded(factory);
      const open = await Promise.all(Array.from({ length: blockers }, () => blocker(factory)));
      const deleting = deleteFirstAnswersDb(factory, DB);
      const done = settled(deleting);
      await macrotasks();
      expect(done()).toBe(true);
      // Done while blocked: nothing a first-read path could show is left, seen through every blocker.
      for (const db of open) expect(await keysThrough(db)).toEqual([]);
      expect(await exists(factory)).toBe(true);
      for (const db of open) db.close();
      await macrotasks();
      expect(await exists(factory)).toBe(false);
    });
  }

  it('blocked, and the answers cannot be cleared: not done until the deletion is', async () => {
    const factory = new IDBFactory();
    await seeded(factory);
    const held = await blocker(factory);
    // No connection of its own can be opened (the clearing's way): only the deletion itself can end the call.
    const noOpen = {
      open: () => {
        throw new DOMException('refused', 'UnknownError');
      },
      deleteDatabase: (name: string) => factory.deleteDatabase(name),
    } as unknown as IDBFactory;
    const done = settled(deleteFirstAnswersDb(noOpen, DB));
    await macrotasks();
    expect(done()).toBe(false);
    expect(await keysThrough(held)).toHaveLength(2);
    held.close();
    await macrotasks();
    expect(done()).toBe(true);
    expect(await exists(factory)).toBe(false);
  });
});

describe('catalogue.delete() beside a tab that blocks the deletion', () => {
  const opened: Catalogue[] = [];
  afterEach(async () => {
    for (const catalogue of opened.splice(0)) await catalogue.close().catch(() => undefined);
  });

  it('resolves with no first answer left; the database goes when the blocker closes', async () => {
    const world = catalogueWorld({ dbName: DB });
    // The catalogue stores under its name with this release's protocol suffix.
    const stored = firstAnswersName(`${DB}${DATABASE_PROTOCOL_SUFFIX}`);
    const catalogue = world.open();
    opened.push(catalogue);
    const view = catalogue.trendingTv({ time_window: 'day' });
    const stop = view.subscribe(() => {});
    await until(world.clock, view, (s) => s.status === 'fresh');
    stop();
    await catalogue.close();
    const held = await blocker(world.indexedDB, stored);
    expect(await keysThrough(held)).toContain(view.requestKey);
    const again = world.open();
    await again.auth.ready();
    const done = settled(again.delete());
    await macrotasks(60);
    expect(done()).toBe(true);
    expect(await keysThrough(held)).toEqual([]);
    held.close();
    await macrotasks();
    expect(await exists(world.indexedDB, stored)).toBe(false);
  });
});
