import type { DBCore, Middleware } from 'dexie';
import { IDBKeyRange } from 'fake-indexeddb';
import type { OperationName } from '../../../src/api/endpoints.js';
import { type CatalogueDatabase, openCatalogueDatabase } from '../../../src/store/database/catalogue-database.js';
import { isStoredOperation, mappingOf } from '../../../src/store/mappings/store-mappings.js';
import { readStored } from '../../../src/store/records/read-stored.js';
import { listKeyOf, requestedPage } from '../../../src/store/store-keys.js';
import type { CatalogueWorld } from '../../helpers/catalogue-world.js';
import { mutateMiddleware } from '../../helpers/mutate-middleware.js';

/**
 * A DBCore middleware that counts every `mutate` (put, add, delete) of the database and, at the `crashAt`-th,
 * lets it reach IndexedDB and then throws: the write transaction it belongs to aborts half-way, as if the page
 * died inside it. `crashAt` undefined only counts.
 */
export function mutateCrash(
  crashAt: number | undefined,
  onCrash: () => void,
): {
  readonly middleware: Middleware<DBCore>;
  readonly count: () => number;
} {
  let mutates = 0;
  const middleware = mutateMiddleware('reliability-crash', (request, name, next) => {
    mutates += 1;
    const n = mutates;
    // Dexie's own promise chain (no native await): a transaction must not lose its zone between requests.
    return next(request).then((result) => {
      if (n !== crashAt) return result;
      onCrash();
      throw new Error(`crash inside a write transaction (mutate ${n}, ${name})`);
    });
  });
  return { middleware, count: () => mutates };
}

/**
 * The store's all-or-nothing rule, checked on a database at rest: every list page row has its sync metadata and
 * every record it names, every fetched sync-metadata row of a list has its page, and every fetched response reads
 * back whole. Returns the violations (empty when the store is consistent).
 */
export async function storeViolations(db: CatalogueDatabase): Promise<string[]> {
  const violations: string[] = [];
  const metas = (await db.syncMeta.toArray()).filter((m) => m.fetchedAt > 0 && isStoredOperation(m.operation));
  const pagesWithMeta = new Set<string>();
  for (const meta of metas) {
    const operation = meta.operation as OperationName;
    if (!isStoredOperation(operation) || mappingOf(operation).kind !== 'list' || meta.userScope !== undefined) continue;
    pagesWithMeta.add(`${listKeyOf(operation, meta.params ?? {})}#${requestedPage(meta.params ?? {})}`);
  }
  const pages = await db.listPages.toArray();
  const pageKeys = new Set(pages.map((p) => `${p.listKey}#${p.page}`));
  for (const page of pages) {
    const key = `${page.listKey}#${page.page}`;
    if (!pagesWithMeta.has(key)) violations.push(`list page ${key} has no sync metadata`);
    if (!isStoredOperation(page.operation)) {
      violations.push(`list page ${key} names an unknown operation`);
      continue;
    }
    const table = mappingOf(page.operation).tables[0] as string;
    const rows = await db.table(table).bulkGet(page.ids as never[]);
    const missing = page.ids.filter((_, i) => rows[i] === undefined);
    if (missing.length > 0) violations.push(`list page ${key} lacks ${missing.length} ${table} records`);
  }
  for (const key of pagesWithMeta) if (!pageKeys.has(key)) violations.push(`sync metadata of ${key} has no page`);
  for (const meta of metas) {
    const stored = await readStored(db, meta.operation as never, (meta.params ?? {}) as never, meta.userScope);
    if (stored === undefined) violations.push(`${meta.requestKey} is fetched but does not read back`);
  }
  return violations;
}

/** Opens the world's database on its own connection (as a new page would), runs `check`, closes it. */
export async function withDatabase<T>(
  world: CatalogueWorld,
  name: string,
  check: (db: CatalogueDatabase) => Promise<T>,
): Promise<T> {
  const db = openCatalogueDatabase({ name, indexedDB: world.indexedDB, IDBKeyRange });
  try {
    await db.open();
    return await check(db);
  } finally {
    db.close();
  }
}

/**
 * Fields that record when or by whom something happened: two runs at different virtual times, or by other
 * instances (`writeId` names the instance's write), legitimately differ in them.
 */
const TIMESTAMPS = new Set([
  'writeId',
  'fetchedAt',
  'expiresAt',
  'receivedAt',
  'checkedAt',
  'appliedAt',
  'lastReadAt',
  'createdAt',
  'updatedAt',
  'selectedAt',
]);

function withoutTimestamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimestamps);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !TIMESTAMPS.has(key))
      .map(([key, inner]) => [key, withoutTimestamps(inner)]),
  );
}

/**
 * Every table's rows without timestamps, in a fixed order. `readMarks` is left out: it records when views
 * read, which the runs being compared do differently on purpose (a resumed run checks freshness more often).
 */
export async function dumpStore(db: CatalogueDatabase): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of db.tables) {
    if (table.name === 'readMarks') continue;
    const rows = (await table.toArray()).map((row) => JSON.stringify(withoutTimestamps(row)));
    // Sorted as text: the comparison is of the rows, not of the order two runs happened to write them in.
    dump[table.name] = rows.sort().map((text) => JSON.parse(text));
  }
  return dump;
}
