import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { endpoints, type ResponseOf } from '../../src/api/index.js';
import {
  type CatalogueDatabase,
  openCatalogueDatabase,
  readStored,
  type WriteResult,
  writeResponse,
} from '../../src/store/index.js';
import { MAX_WRITES_PER_TRANSACTION } from '../../src/store/write/write-batches.js';
import { createFakeService, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { wrapTransactions } from '../support/wrap-transactions.js';
import { dumpDatabase, ok } from './store-fixtures.js';

const at = { expiresAt: 3_600_000, now: 0 };
type People = ResponseOf<'popularPeople'>;

/** A database whose readwrite transactions are counted, and whose `people` puts of `poisoned` ids throw. */
function countedDatabase(poisoned = new Set<number>()) {
  const counts = { readwrite: 0 };
  const indexedDB = wrapTransactions(new IDBFactory(), (open, mode) => {
    const tx = open();
    if (mode !== 'readwrite') return tx;
    counts.readwrite += 1;
    const objectStore = tx.objectStore.bind(tx);
    tx.objectStore = (name: string) => {
      const store = objectStore(name);
      if (name !== 'people') return store;
      const put = store.put.bind(store);
      store.put = ((value: { id: number }, key?: IDBValidKey) => {
        if (poisoned.has(value.id)) throw new DOMException('a row this disk refuses', 'DataError');
        return put(value, key);
      }) as IDBObjectStore['put'];
      return store;
    };
    return tx;
  });
  const db = openCatalogueDatabase({ name: 'shared-writes', indexedDB, IDBKeyRange });
  return { db, counts };
}

async function fakePages(pages: number): Promise<People[]> {
  const fake = createFakeService({ scale: 'small', rateLimit: false });
  const out: People[] = [];
  for (let page = 1; page <= pages; page++) {
    const response = await fake.fetch(`http://fake.test/3/person/popular?page=${page}`, {
      headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
    });
    out.push(endpoints.popularPeople.response.parse(await response.json()));
  }
  return out;
}

const writePage = (db: CatalogueDatabase, data: People, page: number): Promise<WriteResult> =>
  writeResponse(db, { operation: 'popularPeople', params: { page }, response: ok(data), previousEtag: null, ...at });

describe('writes that arrive together share a readwrite transaction', () => {
  it('pages written at once: fewer transactions than pages, each page stored whole and read back as served', async () => {
    const { db, counts } = countedDatabase();
    await db.open();
    const pages = await fakePages(1 + 2 * MAX_WRITES_PER_TRANSACTION);
    counts.readwrite = 0;
    const results = await Promise.all(pages.map((data, i) => writePage(db, data, i + 1)));
    // The first runs alone at once; the others arrived while it ran and share the next ones, a few per transaction.
    expect(counts.readwrite).toBe(3);
    expect(results.map((result) => result.outcome)).toEqual(pages.map(() => 'stored'));
    for (const [i, data] of pages.entries()) {
      expect((await readStored(db, 'popularPeople', { page: i + 1 }))?.results).toEqual(data.results);
    }
  });

  it('one at a time: one transaction each, as before', async () => {
    const { db, counts } = countedDatabase();
    await db.open();
    const pages = await fakePages(3);
    counts.readwrite = 0;
    for (const [i, data] of pages.entries()) await writePage(db, data, i + 1);
    expect(counts.readwrite).toBe(3);
  });

  it('in one transaction, a later write merges over what an earlier one put (it reads after their puts)', async () => {
    const { db } = countedDatabase();
    await db.open();
    const [base] = await fakePages(1);
    const person = base?.results[0];
    const work = person?.known_for[0];
    if (!base || !person || !work) throw new Error('fake page too short');
    // The same work, known for on three pages, each time incomplete (no popularity) and so merged with what is
    // stored: the second lacks `backdrop_path`, the third brings a newer vote count.
    const { popularity: _p, ...partial } = work;
    const { backdrop_path: _b, ...partialNoBackdrop } = partial;
    const pageWith = (item: object, id: number): People => ({
      ...base,
      results: [{ ...person, id, known_for: [item as (typeof person.known_for)[number]] }],
    });
    const writes = [
      writePage(db, pageWith({ ...partial, backdrop_path: '/first.jpg', vote_count: 1 }, 1), 1),
      writePage(db, pageWith({ ...partial, backdrop_path: '/second.jpg', vote_count: 2 }, 2), 2),
      writePage(db, pageWith({ ...partialNoBackdrop, vote_count: 3 }, 3), 3),
    ];
    await Promise.all(writes);
    const table = work.media_type === 'movie' ? db.movies : db.tvSeries;
    const row = (await table.get(work.id)) as Record<string, unknown> | undefined;
    // The second's backdrop survives the third, which lacks one; the third's vote count wins.
    expect(row).toMatchObject({ backdrop_path: '/second.jpg', vote_count: 3 });
  });

  it('a write that fails in a shared transaction fails alone: its neighbours are stored, it leaves nothing', async () => {
    const pages = await fakePages(4);
    const bad = pages[2]?.results[0]?.id;
    if (bad === undefined) throw new Error('fake page too short');
    const { db, counts } = countedDatabase(new Set([bad]));
    await db.open();
    const before = await dumpDatabase(db);
    counts.readwrite = 0;
    const settled = await Promise.allSettled(pages.map((data, i) => writePage(db, data, i + 1)));
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    // The first alone, then the three together (refused), then each of those again alone.
    expect(counts.readwrite).toBe(5);
    for (const page of [1, 2, 4]) {
      expect((await readStored(db, 'popularPeople', { page }))?.results).toEqual(pages[page - 1]?.results);
    }
    expect(await readStored(db, 'popularPeople', { page: 3 })).toBeUndefined();
    const after = await dumpDatabase(db);
    const third = pages[2] as People;
    // Nothing of page 3 that pages 1, 2 and 4 did not also write: no person, no page row, no freshness row.
    expect(after.listPages?.length).toBe((before.listPages?.length ?? 0) + 3);
    expect(after.syncMeta?.length).toBe((before.syncMeta?.length ?? 0) + 3);
    const stored = new Set((after.people as { id: number }[]).map((p) => p.id));
    const others = new Set(pages.filter((_, i) => i !== 2).flatMap((p) => p.results.map((r) => r.id)));
    for (const p of third.results) expect(stored.has(p.id)).toBe(others.has(p.id));
  });

  it('no transaction opens in the task in which the one before it ended: shared, alone, or again after a failure', async () => {
    const pages = await fakePages(2 + 2 * MAX_WRITES_PER_TRANSACTION);
    // Page 3's people make the second transaction (the first shared one) fail, so its writes run again alone.
    const poisoned = new Set([pages[2]?.results[0]?.id as number]);
    const marks: string[] = [];
    let opened = 0;
    const indexedDB = wrapTransactions(new IDBFactory(), (open, mode) => {
      const tx = open();
      if (mode !== 'readwrite') return tx;
      const n = ++opened;
      marks.push(`open ${n}`);
      // A task queued as the transaction ends (it commits, or a put fails it): it runs before the next task does.
      const ended = () => {
        marks.push(`end ${n}`);
        setImmediate(() => marks.push(`task after ${n}`));
      };
      tx.addEventListener('complete', ended);
      const objectStore = tx.objectStore.bind(tx);
      tx.objectStore = (name: string) => {
        const store = objectStore(name);
        if (name !== 'people') return store;
        const put = store.put.bind(store);
        store.put = ((value: { id: number }, key?: IDBValidKey) => {
          if (!poisoned.has(value.id)) return put(value, key);
          ended();
          throw new DOMException('a row this disk refuses', 'DataError');
        }) as IDBObjectStore['put'];
        return store;
      };
      return tx;
    });
    const db = openCatalogueDatabase({ name: 'shared-writes-tasks', indexedDB, IDBKeyRange });
    await db.open();
    marks.length = 0;
    opened = 0;
    const settled = await Promise.allSettled(pages.map((data, i) => writePage(db, data, i + 1)));
    expect(settled.filter((result) => result.status === 'rejected')).toHaveLength(1);
    // 1 alone, 1 shared that fails, its writes alone again, then the rest shared: more than a handful to check.
    expect(opened).toBeGreaterThanOrEqual(2 + MAX_WRITES_PER_TRANSACTION);
    for (let n = 2; n <= opened; n++) {
      expect(marks.indexOf(`task after ${n - 1}`), `transaction ${n}: ${marks.join(', ')}`).toBeGreaterThanOrEqual(0);
      expect(marks.indexOf(`task after ${n - 1}`), marks.join(', ')).toBeLessThan(marks.indexOf(`open ${n}`));
    }
  });

  it("the writes of a shared transaction settle each in a task of its own: their callers' next steps never pile up", async () => {
    const { db, counts } = countedDatabase();
    await db.open();
    const pages = await fakePages(1 + MAX_WRITES_PER_TRANSACTION);
    counts.readwrite = 0;
    // Node runs the library's yields and fake-indexeddb's events as immediates: numbered, they name the task.
    const original = globalThis.setImmediate;
    let task = 0;
    globalThis.setImmediate = ((fn: (...args: unknown[]) => void, ...args: unknown[]) =>
      original(() => {
        task += 1;
        fn(...args);
      })) as typeof setImmediate;
    const settledIn: number[] = [];
    try {
      await Promise.all(pages.map((data, i) => writePage(db, data, i + 1).then(() => settledIn.push(task))));
    } finally {
      globalThis.setImmediate = original;
    }
    // The first alone, the others in one transaction, and no two settled in one task.
    expect(counts.readwrite).toBe(2);
    expect(settledIn).toHaveLength(pages.length);
    expect(new Set(settledIn).size, settledIn.join(', ')).toBe(pages.length);
  });
});
