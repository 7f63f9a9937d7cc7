import { readFile } from 'node:fs/promises';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { type ApiResponse, endpoints, type ResponseOf } from '../../src/api/index.js';
import { type CatalogueDatabase, openCatalogueDatabase } from '../../src/store/index.js';
import { interceptMutations } from '../helpers/mutate-middleware.js';
import { samplesDir } from '../helpers/samples.js';

export async function loadSampleJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(new URL(file, samplesDir), 'utf8'));
}

/** A sample body parsed through its operation's response schema, as the client would hand it over. */
export async function loadSample<O extends keyof typeof endpoints>(operation: O, file: string): Promise<ResponseOf<O>> {
  return endpoints[operation].response.parse(await loadSampleJson(file)) as ResponseOf<O>;
}

/** A database over a brand-new fake IndexedDB: nothing leaks between tests. */
export function freshDatabase(name = 'catalogue-test'): CatalogueDatabase {
  return openCatalogueDatabase({ name, indexedDB: new IDBFactory(), IDBKeyRange });
}

export function ok<T>(data: T, etag?: string, receivedAt = 0): ApiResponse<T> {
  return { data, etag, maxAgeSeconds: undefined, status: 200, receivedAt };
}

/** Every row of every table, keyed by table name (the whole observable state of the store). */
export async function dumpDatabase(db: CatalogueDatabase): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of db.tables) dump[table.name] = await table.toArray();
  return dump;
}

export interface WriteCounter {
  /** Rows put/added/deleted per table since the counter was installed or reset. */
  readonly rows: Record<string, number>;
  total(): number;
  reset(): void;
}

/**
 * Counts mutations at Dexie's DBCore level, below the store's code: a write the store's own bookkeeping
 * misses is still counted. Must be installed before the database opens.
 */
export function countWrites(db: CatalogueDatabase): WriteCounter {
  const rows: Record<string, number> = {};
  interceptMutations(db, 'count-writes', (req, name, next) => {
    const n = req.type === 'deleteRange' ? 1 : req.type === 'delete' ? req.keys.length : req.values.length;
    rows[name] = (rows[name] ?? 0) + n;
    return next(req);
  });
  return {
    rows,
    total: () => Object.values(rows).reduce((a, b) => a + b, 0),
    reset: () => {
      for (const key of Object.keys(rows)) delete rows[key];
    },
  };
}

/** Counts keys read by `getMany` (Dexie's bulkGet) per table; installed before the database opens. */
export function countReads(db: CatalogueDatabase): Record<string, number> {
  const keys: Record<string, number> = {};
  db.use({
    stack: 'dbcore',
    name: 'count-reads',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name);
        return {
          ...table,
          getMany: (req) => {
            keys[name] = (keys[name] ?? 0) + req.keys.length;
            return table.getMany(req);
          },
        };
      },
    }),
  });
  return keys;
}

export interface PutFailure {
  /** From now on, fail the `n`-th put request (counted across tables); earlier puts go through. */
  arm(n: number): void;
  readonly puts: number;
}

/** Installs (before the database opens) a middleware that can be armed to fail a put mid-transaction. */
export function injectPutFailure(db: CatalogueDatabase): PutFailure {
  let armedAt: number | undefined;
  let puts = 0;
  interceptMutations(db, 'fail-nth-put', (req, name, next) => {
    if (req.type === 'put' && armedAt !== undefined && ++puts === armedAt) {
      return Promise.reject(new Error(`injected failure on put #${armedAt} (${name})`));
    }
    return next(req);
  });
  return {
    arm(n) {
      armedAt = n;
      puts = 0;
    },
    get puts() {
      return puts;
    },
  };
}

/**
 * A page of people whose every person is known for `copies` more works: each of their works again under new ids.
 * A page wider than the store hands IndexedDB in one task (`WAVE_ROWS`), to test how a write splits its rows.
 */
export function widePeople(data: ResponseOf<'popularPeople'>, copies: number): ResponseOf<'popularPeople'> {
  return {
    ...data,
    results: data.results.map((person) => ({
      ...person,
      known_for: [
        ...person.known_for,
        ...Array.from({ length: copies }, (_, j) =>
          person.known_for.map((work) => ({ ...work, id: work.id + 100_000_000 * (j + 1) })),
        ).flat(),
      ],
    })),
  };
}
