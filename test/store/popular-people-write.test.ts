import { describe, expect, it } from 'vitest';
import { endpoints, type ResponseOf } from '../../src/api/index.js';
import type { CatalogueDatabase } from '../../src/store/index.js';
import { readStored, writeResponse } from '../../src/store/index.js';
import { PIECE_ROWS, WAVE_ROWS } from '../../src/store/records/apply-record-writes.js';
import { createFakeService, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { freshDatabase, loadSample, ok, widePeople } from './store-fixtures.js';

const at = { expiresAt: 3_600_000, now: 0 };

interface Counts {
  readwrite: number;
  readonly: number;
  /** Read requests per table: one per `getMany` (a bulkGet), one per `get`, one per query or cursor. */
  reads: Record<string, number>;
  /** Keys asked for by those reads. */
  keysRead: Record<string, number>;
  /** Put requests per table, and the rows they carried. */
  puts: Record<string, number>;
  rowsPut: Record<string, number>;
}

/**
 * Counts, below the store's code (a DBCore middleware), the transactions, reads and puts a database sees: what a
 * page's write costs in IndexedDB requests, whoever issues them. Installed before the database opens.
 */
function countRequests(db: CatalogueDatabase): Counts {
  const counts: Counts = { readwrite: 0, readonly: 0, reads: {}, keysRead: {}, puts: {}, rowsPut: {} };
  const add = (map: Record<string, number>, name: string, n: number) => {
    map[name] = (map[name] ?? 0) + n;
  };
  db.use({
    stack: 'dbcore',
    name: 'count-requests',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        counts[mode === 'readwrite' ? 'readwrite' : 'readonly'] += 1;
        return down.transaction(stores, mode, options);
      },
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          get: (req) => {
            add(counts.reads, name, 1);
            add(counts.keysRead, name, 1);
            return table.get(req);
          },
          getMany: (req) => {
            add(counts.reads, name, 1);
            add(counts.keysRead, name, req.keys.length);
            return table.getMany(req);
          },
          query: (req) => {
            add(counts.reads, name, 1);
            return table.query(req);
          },
          openCursor: (req) => {
            add(counts.reads, name, 1);
            return table.openCursor(req);
          },
          mutate: (req) => {
            if (req.type === 'put' || req.type === 'add') {
              add(counts.puts, name, 1);
              add(counts.rowsPut, name, req.values.length);
            }
            return table.mutate(req);
          },
        };
      },
    }),
  });
  return counts;
}

/** Pages of popular people as the fake serves them, parsed as the client would hand them over. */
async function fakePages(pages: number): Promise<ResponseOf<'popularPeople'>[]> {
  const fake = createFakeService({ scale: 'medium', rateLimit: false });
  const out: ResponseOf<'popularPeople'>[] = [];
  for (let page = 1; page <= pages; page++) {
    const response = await fake.fetch(`http://fake.test/3/person/popular?page=${page}`, {
      headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
    });
    out.push(endpoints.popularPeople.response.parse(await response.json()));
  }
  return out;
}

const worksOf = (data: ResponseOf<'popularPeople'>, type: 'movie' | 'tv') =>
  new Set(data.results.flatMap((p) => p.known_for.filter((k) => k.media_type === type).map((k) => k.id)));

async function writePage(db: CatalogueDatabase, data: ResponseOf<'popularPeople'>, page: number) {
  return writeResponse(db, {
    operation: 'popularPeople',
    params: { page },
    response: ok(data),
    previousEtag: null,
    ...at,
  });
}

describe('a page of popular people, counted in IndexedDB requests', () => {
  it('complete known_for works: one readwrite transaction, no read, records put in bulk, a wave of rows per request', async () => {
    const db = freshDatabase();
    const counts = countRequests(db);
    await db.open();
    const pages = await fakePages(3);
    for (const [i, data] of pages.entries()) {
      // The fake's works carry every field of their table: nothing to merge, so nothing to read.
      expect(data.results.flatMap((p) => p.known_for).every((k) => k.popularity !== undefined)).toBe(true);
      Object.assign(counts, { readwrite: 0, readonly: 0, reads: {}, keysRead: {}, puts: {}, rowsPut: {} });
      await writePage(db, data, i + 1);
      expect(counts.readwrite).toBe(1);
      expect(counts.readonly).toBe(0);
      expect(counts.reads).toEqual({});
      expect(counts.puts).toMatchObject({ listPages: 1, syncMeta: 1 });
      // Records in bulk: one put request per piece of PIECE_ROWS rows, plus at most one per table's last piece.
      const records = ['people', 'movies', 'tvSeries'] as const;
      const rows = records.reduce((sum, table) => sum + (counts.rowsPut[table] ?? 0), 0);
      const requests = records.reduce((sum, table) => sum + (counts.puts[table] ?? 0), 0);
      expect(requests).toBeLessThanOrEqual(Math.ceil(rows / PIECE_ROWS) + records.length - 1);
      // A page as the service sends it (20 people, up to three works each) fits one piece a table: each put is a
      // Dexie call and an answer to wait for, and a page's puts are most of what it costs beyond raw Dexie's.
      expect(records.every((table) => (counts.rowsPut[table] ?? 0) <= PIECE_ROWS)).toBe(true);
      expect(requests).toBe(records.length);
      // Each work once, however many people are known for it.
      expect(counts.rowsPut).toMatchObject({
        people: data.results.length,
        movies: worksOf(data, 'movie').size,
        tvSeries: worksOf(data, 'tv').size,
      });
      expect((await readStored(db, 'popularPeople', { page: i + 1 }))?.results).toEqual(data.results);
    }
  });

  it('works lacking popularity (real captures): one bulk read per table, each work read once, in the same transaction', async () => {
    const db = freshDatabase();
    const counts = countRequests(db);
    await db.open();
    const people = await loadSample('popularPeople', 'person-popular.json');
    // A work two people are known for: read, merged and written once.
    const [first, second] = people.results;
    if (!first || !second || !first.known_for[0]) throw new Error('sample too short');
    const shared = { ...people, results: [first, { ...second, known_for: [...second.known_for, first.known_for[0]] }] };
    Object.assign(counts, { readwrite: 0, readonly: 0, reads: {}, keysRead: {}, puts: {}, rowsPut: {} });
    await writePage(db, shared, 1);
    expect(counts.readwrite).toBe(1);
    expect(counts.readonly).toBe(0);
    const movies = worksOf(shared, 'movie').size;
    const series = worksOf(shared, 'tv').size;
    expect(movies + series).toBeGreaterThan(1);
    expect(counts.keysRead.movies ?? 0).toBe(movies);
    expect(counts.keysRead.tvSeries ?? 0).toBe(series);
    expect(counts.reads.movies ?? 0).toBe(movies > 0 ? 1 : 0);
    expect(counts.reads.tvSeries ?? 0).toBe(series > 0 ? 1 : 0);
    expect([counts.rowsPut.movies ?? 0, counts.rowsPut.tvSeries ?? 0, counts.rowsPut.people]).toEqual([
      movies,
      series,
      2,
    ]);
  });

  it('splitting a page adds no round trip: each later piece is issued while an earlier one is still at the backend', async () => {
    const db = freshDatabase();
    let inFlight = 0;
    /** Per record put, how many other record puts were pending when it was issued. */
    const pendingAtIssue: number[] = [];
    db.use({
      stack: 'dbcore',
      name: 'in-flight',
      create: (down) => ({
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            mutate: (req) => {
              if (!(['people', 'movies', 'tvSeries'].includes(name) && req.type === 'put')) return table.mutate(req);
              pendingAtIssue.push(inFlight);
              inFlight += 1;
              return table.mutate(req).finally(() => {
                inFlight -= 1;
              });
            },
          };
        },
      }),
    });
    await db.open();
    // Each person known for three times their works: a page wider than one wave, in every table.
    const pages = (await fakePages(3)).map((data) => widePeople(data, 2));
    for (const [i, data] of pages.entries()) await writePage(db, data, i + 1);
    // More pieces than pieces in flight, on every page: the check below is not met by pages too small to split.
    expect(pendingAtIssue.length).toBeGreaterThan(pages.length * 4);
    // Only each page's first put finds the backend idle; a chain of waves (each issued once the one before it is
    // stored) would find it idle once a wave.
    expect(pendingAtIssue.filter((pending) => pending === 0)).toHaveLength(pages.length);
    expect(Math.max(...pendingAtIssue)).toBeLessThan(WAVE_ROWS / PIECE_ROWS);
  });

  it('no task hands IndexedDB more than WAVE_ROWS record rows: a page of people is put in waves, all or nothing', async () => {
    const db = freshDatabase();
    // Node runs fake-indexeddb's answers as immediates: numbered, they name the task a put is issued in.
    const original = globalThis.setImmediate;
    let task = 0;
    const rowsInTask = new Map<number, number>();
    db.use({
      stack: 'dbcore',
      name: 'rows-per-task',
      create: (down) => ({
        ...down,
        table(name) {
          const table = down.table(name);
          return {
            ...table,
            mutate: (req) => {
              if (['people', 'movies', 'tvSeries'].includes(name) && req.type === 'put') {
                rowsInTask.set(task, (rowsInTask.get(task) ?? 0) + req.values.length);
              }
              return table.mutate(req);
            },
          };
        },
      }),
    });
    await db.open();
    const captured = await loadSample('popularPeople', 'person-popular.json');
    // Each person known for twice their works: every page wider than one wave.
    const pages = [...(await fakePages(2)), captured].map((data) => widePeople(data, 1));
    globalThis.setImmediate = ((fn: (...args: unknown[]) => void, ...args: unknown[]) =>
      original(() => {
        task += 1;
        fn(...args);
      })) as typeof setImmediate;
    try {
      // The fake's pages put at once (nothing to read), the captured one after reading what it merges.
      for (const [i, data] of pages.entries()) await writePage(db, data, i + 1);
    } finally {
      globalThis.setImmediate = original;
    }
    const perPage = pages.map((data) => data.results.length + worksOf(data, 'movie').size + worksOf(data, 'tv').size);
    // Each page has more rows than one wave: the check below is not met by pages too small to split.
    expect(Math.min(...perPage)).toBeGreaterThan(WAVE_ROWS);
    expect([...rowsInTask.values()].reduce((sum, rows) => sum + rows, 0)).toBe(perPage.reduce((a, b) => a + b, 0));
    expect(Math.max(...rowsInTask.values())).toBeLessThanOrEqual(WAVE_ROWS);
    for (const [i, data] of pages.entries()) {
      expect((await readStored(db, 'popularPeople', { page: i + 1 }))?.results).toEqual(data.results);
    }
  });
});
