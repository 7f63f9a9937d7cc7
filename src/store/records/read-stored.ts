import type { IndexableType } from 'dexie';
import { endpoints, type ResponseOf } from '../../api/endpoints.js';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type { ReadContext, StoreParams } from '../mappings/store-mapping.js';
import { mappingOf, type StoredOperation } from '../mappings/store-mappings.js';
import { chooseAccountState, DERIVED_TABLES, deriveTvAccountState } from '../optimistic/derived-account-state.js';
import { type ReadRef, readRef } from '../read-ref.js';
import { listKeyOf, requestedPage, storeRequestKey } from '../store-keys.js';
import type { RecordTableName } from '../tables/record-tables.js';
import type { RowReader } from '../tables/row-reader.js';
import type { ListPageRow, SyncMetaRow } from '../tables/rows.js';
import { checkUserScope } from './write-response.js';

/** A stored response and the rows it was rebuilt from (noted as read, outside the live query). */
export interface StoredEntry<O extends StoredOperation> {
  readonly data: ResponseOf<O>;
  readonly refs: readonly ReadRef[];
}

function readContext<O extends StoredOperation>(
  reader: RowReader,
  base: Omit<ReadContext<O>, 'records' | 'record'>,
  refs: ReadRef[],
): ReadContext<O> {
  return {
    ...base,
    async records<T>(table: RecordTableName, keys: readonly IndexableType[]) {
      if (keys.length === 0) return [];
      const rows = await reader.bulkGet(table, keys);
      if (rows.some((row) => row === undefined)) return undefined;
      for (const key of keys) refs.push(readRef(table, key));
      return rows as T[];
    },
    async record<T>(table: RecordTableName, key: IndexableType) {
      const row = await reader.get(table, key);
      if (row !== undefined) refs.push(readRef(table, key));
      return row as T | undefined;
    },
  };
}

/** Dexie's tables as a `RowReader` (inside a Dexie transaction, and observed by `liveQuery`). */
export function dexieReader(db: CatalogueDatabase): RowReader {
  return {
    get: (table, key) => db.table(table).get(key),
    bulkGet: (table, keys) => db.table(table).bulkGet(keys as IndexableType[]),
    range: (table, index, lower, upper) =>
      db
        .table(table)
        .where(index ?? ':id')
        .between(lower, upper, true, true)
        .toArray(),
  };
}

/** What a read of one call needs: its key, the tables to open the read transaction on, and how to rebuild it. */
export interface StoredReadPlan {
  readonly requestKey: string;
  /** Record tables, the page table of a list, and `syncMeta` (when the freshness row is read too). */
  readonly tables: readonly string[];
  /** Rebuilds the response from `reader` (raw: undefined when the store does not hold all of it) and its freshness row. */
  run(reader: RowReader): Promise<{ raw: unknown; meta: SyncMetaRow | undefined; refs: ReadRef[] }>;
}

/** Plans the read of `operation(params)` (the user scope checked), for any `RowReader`. */
export function planStoredRead<O extends StoredOperation>(
  operation: O,
  params: StoreParams<O>,
  userScope: string | undefined,
  withMeta = true,
  knownKey?: string,
  knownListKey?: string,
): StoredReadPlan {
  const mapping = mappingOf(operation);
  checkUserScope('readStored', operation, mapping, userScope);
  const flat = params as Record<string, unknown>;
  const requestKey = knownKey ?? storeRequestKey(operation, flat, userScope);
  const pageTable = mapping.kind === 'list' ? (mapping.userScoped ? 'watchlistPages' : 'listPages') : undefined;
  // A series' account state may be derived from the user's whole TV lists (`derived-account-state.ts`): that
  // read needs the lists, their bases, the outbox and every freshness row, and the series' own to choose.
  const derives = operation === 'tvAccountStates' && userScope !== undefined;
  const tables: string[] = [...mapping.tables, ...(pageTable ? [pageTable] : [])];
  if (derives) tables.push(...DERIVED_TABLES.filter((table) => !tables.includes(table)));
  if ((withMeta || derives) && !tables.includes('syncMeta')) tables.push('syncMeta');
  return {
    requestKey,
    tables,
    async run(reader) {
      // The request itself is a ref too: `sync.refresh()` revalidates the most recently read keys first.
      const refs: ReadRef[] = [readRef('syncMeta', requestKey)];
      const context = readContext<O>(reader, { operation, params, userScope, requestKey }, refs);
      const readResponse = async () => {
        if (mapping.kind === 'resource') return mapping.read(context);
        const listKey = knownListKey ?? listKeyOf(operation, flat);
        const key = mapping.userScoped
          ? [userScope as string, listKey, requestedPage(flat)]
          : [listKey, requestedPage(flat)];
        const page = (await reader.get(pageTable as string, key)) as ListPageRow | undefined;
        if (!page) return undefined;
        refs.push(readRef(pageTable as string, key));
        const results = await mapping.readItems(context, page);
        if (!results) return undefined;
        return {
          page: page.servedPage ?? page.page,
          results,
          total_pages: page.total_pages,
          total_results: page.total_results,
          ...page.extra,
        };
      };
      const [raw, meta, derived] = await Promise.all([
        readResponse(),
        withMeta || derives ? (reader.get('syncMeta', requestKey) as PromiseLike<SyncMetaRow | undefined>) : undefined,
        derives ? deriveTvAccountState(reader, userScope as string, flat.series_id as number) : undefined,
      ]);
      if (!derives) return { raw, meta, refs };
      const chosen = chooseAccountState({ raw, meta, refs }, derived, {
        requestKey,
        params: flat,
        userScope: userScope as string,
      });
      return withMeta ? chosen : { ...chosen, meta: undefined };
    },
  };
}

/**
 * The projection: the operation's own schema picks its fields out of the merged records. A row that no longer
 * satisfies it counts as missing, so the engine fetches it again rather than serving a broken view.
 */
export function projectStored<O extends StoredOperation>(
  operation: O,
  { raw, meta, refs }: { raw: unknown; meta: SyncMetaRow | undefined; refs: ReadRef[] },
): StoredRead<O> {
  if (raw === undefined) return { entry: undefined, meta };
  const parsed = endpoints[operation].response.safeParse(raw);
  if (!parsed.success) return { entry: undefined, meta };
  return { entry: { data: parsed.data as ResponseOf<O>, refs }, meta };
}

/** A stored response (or undefined) and the key's freshness row, read together. */
export interface StoredRead<O extends StoredOperation> {
  readonly entry: StoredEntry<O> | undefined;
  readonly meta: SyncMetaRow | undefined;
}

/**
 * `readStored`, plus the refs of the rows read. Only reads (one readonly transaction, so a concurrent write
 * is seen whole or not at all): safe inside Dexie's `liveQuery`, which re-runs it when any of those rows change.
 */
export async function readStoredEntry<O extends StoredOperation>(
  db: CatalogueDatabase,
  operation: O,
  params: StoreParams<O>,
  userScope?: string,
): Promise<StoredEntry<O> | undefined> {
  return (await readStoredWith(db, operation, params, userScope, false)).entry;
}

/**
 * `readStoredEntry` and the key's sync-meta row in the same readonly transaction: what a view shows (data and
 * freshness) in one round trip, and never a response from one write beside the freshness of another.
 * `requestKey`, when the caller has it (a prepared call), spares computing it again.
 */
export function readStoredWithMeta<O extends StoredOperation>(
  db: CatalogueDatabase,
  operation: O,
  params: StoreParams<O>,
  userScope?: string,
  requestKey?: string,
  listKey?: string,
): Promise<StoredRead<O>> {
  return readStoredWith(db, operation, params, userScope, true, requestKey, listKey);
}

async function readStoredWith<O extends StoredOperation>(
  db: CatalogueDatabase,
  operation: O,
  params: StoreParams<O>,
  userScope: string | undefined,
  withMeta: boolean,
  requestKey?: string,
  listKey?: string,
): Promise<StoredRead<O>> {
  const plan = planStoredRead(operation, params, userScope, withMeta, requestKey, listKey);
  const read = await db.transaction('r', plan.tables as string[], () => plan.run(dexieReader(db)));
  return projectStored(operation, read);
}

/**
 * The response of `operation(params)` as served (page membership, order and totals as served; records as
 * currently stored), or undefined when the store does not hold it.
 */
export async function readStored<O extends StoredOperation>(
  db: CatalogueDatabase,
  operation: O,
  params: StoreParams<O>,
  userScope?: string,
): Promise<ResponseOf<O> | undefined> {
  return (await readStoredEntry(db, operation, params, userScope))?.data;
}
