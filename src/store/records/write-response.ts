import { Dexie } from 'dexie';
import type { ApiResponse, NotModifiedResponse, ResponseOf } from '../../api/index.js';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import type {
  ListPageContent,
  MappingContext,
  RecordWrite,
  StoreMapping,
  StoreParams,
} from '../mappings/store-mapping.js';
import { isStoredOperation, mappingOf, type StoredOperation } from '../mappings/store-mappings.js';
import { listKeyOf, requestedPage, storeRequestKey } from '../store-keys.js';
import type { EpisodeCursorRow, ListPageRow, SyncMetaRow } from '../tables/rows.js';
import { writeThrough } from '../write/write-gate.js';
import { WritePlan } from '../write/write-plan.js';
import type { WriteResult } from '../write/write-result.js';
import { planRecordWrites, putRecords, readMergeTargets } from './apply-record-writes.js';
import { cursorSeedsOf, nextCursors, readCursors } from './episode-cursors.js';

export interface WriteResponseInput<O extends StoredOperation> {
  readonly operation: O;
  /** The canonical parsed parameters, with `session_id`/`guest_session_id` removed. */
  readonly params: StoreParams<O>;
  /** The engine's opaque user-scope id; required for user-scoped operations, never a session id. */
  readonly userScope?: string;
  /**
   * `storeRequestKey(operation, params, userScope)`, when the caller keyed the call already (the engine's prepared
   * call): the key is computed once per request. Left out, it is computed here.
   */
  readonly requestKey?: string;
  /** A list page's list key, when the caller has it (a prepared call): computed here otherwise. */
  readonly listKey?: string;
  readonly response: ApiResponse<ResponseOf<O>> | NotModifiedResponse;
  /**
   * The ETag that was stored when the request was built (the engine reads it to send `If-None-Match`), or `null`
   * when none was: the equal-ETag check then needs no read inside the write transaction. Left out, it is read
   * here. A stale value is harmless: at worst an unchanged response is written again.
   */
  readonly previousEtag?: string | null;
  /** When the stored data goes stale (the engine's freshness policy decides it). */
  readonly expiresAt: number;
  readonly now: number;
  /**
   * Names this write on the freshness row, so a reader can tell when it sees this write (a view clears
   * `fetching` once its live read shows it). Any unique string; left out, the row carries none.
   */
  readonly writeId?: string;
}

function checkInput(input: WriteResponseInput<StoredOperation>, mapping: StoreMapping<StoredOperation>): void {
  if (!isStoredOperation(input.operation)) {
    throw new TypeError(`writeResponse: ${String(input.operation)} is not an operation the store keeps`);
  }
  if (!Number.isFinite(input.now) || !Number.isFinite(input.expiresAt)) {
    throw new TypeError('writeResponse: `now` and `expiresAt` must be finite numbers (clock milliseconds)');
  }
  checkUserScope('writeResponse', input.operation, mapping, input.userScope);
}

export function checkUserScope(
  caller: string,
  operation: string,
  mapping: StoreMapping<StoredOperation>,
  userScope: string | undefined,
): void {
  if (mapping.userScoped && (typeof userScope !== 'string' || userScope === '')) {
    throw new TypeError(`${caller}: ${operation} is user-scoped and needs a non-empty \`userScope\``);
  }
  if (!mapping.userScoped && userScope !== undefined) {
    throw new TypeError(`${caller}: ${operation} is public; it takes no \`userScope\``);
  }
}

/** The freshness row, with the user scope and ETag only when there are some (built field by field: hot path). */
function metaRow(
  requestKey: string,
  operation: string,
  params: Record<string, unknown>,
  fetchedAt: number,
  expiresAt: number,
  userScope: string | undefined,
  etag: string | undefined,
  writeId: string | undefined,
): SyncMetaRow {
  const row: SyncMetaRow = { requestKey, operation, params, fetchedAt, expiresAt };
  if (userScope !== undefined) row.userScope = userScope;
  if (etag !== undefined) row.etag = etag;
  if (writeId !== undefined) row.writeId = writeId;
  return row;
}

/** A response's write, planned: what it may touch, and its transaction. */
export interface PlannedResponseWrite {
  readonly requestKey: string;
  /**
   * Every row the write may touch: the request's freshness row, its list page and every record it puts, and the
   * tables of its transaction. The write gate derives the first answers it may make wrong from it.
   */
  readonly plan: WritePlan;
  /**
   * The write's step, run inside its readwrite transaction: the caller passes it to `writeThrough` with `plan`
   * (the only way to open that transaction).
   */
  run(): PromiseLike<WriteResult>;
}

/** The rows of one response, planned before its transaction (pure work). */
interface RowsPlan {
  readonly plan: { records: RecordWrite[]; page?: ListPageContent } | undefined;
  readonly batches: ReturnType<typeof planRecordWrites>;
}

function planRows<O extends StoredOperation>(
  mapping: StoreMapping<O>,
  input: WriteResponseInput<O>,
  context: MappingContext<O>,
): RowsPlan {
  const plan: RowsPlan['plan'] =
    input.response.status !== 304 ? mapping.toRows(input.response.data as ResponseOf<O>, context as never) : undefined;
  return { plan, batches: plan ? planRecordWrites(plan.records) : [] };
}

/**
 * Plans a response's write (checks its input, maps its rows, names what it touches) without writing: for a
 * caller that runs it inside a transaction of its own, guarded around that. Others call `writeResponse`.
 */
export function planResponseWrite<O extends StoredOperation>(
  db: CatalogueDatabase,
  input: WriteResponseInput<O>,
): PlannedResponseWrite {
  const { operation, userScope } = input;
  const mapping = mappingOf(operation);
  checkInput(input as WriteResponseInput<StoredOperation>, mapping as StoreMapping<StoredOperation>);
  const params = input.params as Record<string, unknown>;
  const requestKey = input.requestKey ?? storeRequestKey(operation, params, userScope);
  const context: MappingContext<O> = { operation, params: input.params, userScope, requestKey };
  let rows: RowsPlan | undefined = planRows(mapping, input, context);
  const listPage =
    mapping.kind === 'list'
      ? { listKey: input.listKey ?? listKeyOf(operation, params), page: requestedPage(params) }
      : undefined;
  // Named from the planned batches: no read. A freshness-only write (304, same ETag) still changes the freshness
  // an answer carries, so the freshness row is always one.
  const parts: WritePlan[] = [WritePlan.rows('syncMeta', [requestKey])];
  if (listPage) {
    const { listKey, page } = listPage;
    const pageTable = mapping.userScoped ? 'watchlistPages' : 'listPages';
    const key = mapping.userScoped ? [userScope as string, listKey, page] : [listKey, page];
    // A 304 writes no page: the table is in scope, its row not named.
    parts.push(rows.plan ? WritePlan.rows(pageTable, [key]) : WritePlan.reads([pageTable]));
  }
  for (const batch of rows.batches) parts.push(WritePlan.rows(batch.table, batch.keys));
  // The mapping's tables are in scope whatever this response puts; episode cursors are not read by any answer.
  const tracksEpisodes = mapping.tables.includes('episodes') || mapping.tables.includes('episodeAccountStates');
  parts.push(WritePlan.reads(mapping.tables));
  if (tracksEpisodes) parts.push(WritePlan.wholeTables(['episodeCursors']));
  const [first, ...rest] = parts as [WritePlan, ...WritePlan[]];
  return {
    requestKey,
    plan: first.and(...rest),
    run() {
      // A second run (a retry after a quota error) plans again: the first merged the rows it read into its plan.
      // Each attempt inside `runWrite` plans again too (a shared transaction that failed is retried alone).
      const first = rows;
      rows = undefined;
      let planned = first;
      const plan = (): RowsPlan => {
        const out = planned ?? planRows(mapping, input, context);
        planned = undefined;
        return out;
      };
      return runWrite(db, input, mapping, context, plan, listPage);
    },
  };
}

/**
 * Writes one response in ONE readwrite transaction: its records (merged), its list page and its sync
 * metadata, so a reader sees all of it or none of it. A 304, or a 200 whose ETag equals the stored one,
 * writes freshness only: no record, no list page, so no live view re-runs. Guarded by the first answers: the
 * ones it may make wrong are deleted before it and again after.
 */
export async function writeResponse<O extends StoredOperation>(
  db: CatalogueDatabase,
  input: WriteResponseInput<O>,
): Promise<WriteResult> {
  const planned = planResponseWrite(db, input);
  return writeThrough(db, planned.plan, () => planned.run(), { batched: true });
}

function runWrite<O extends StoredOperation>(
  db: CatalogueDatabase,
  input: WriteResponseInput<O>,
  mapping: StoreMapping<O>,
  context: MappingContext<O>,
  planRowsOnce: () => RowsPlan,
  listPage: { readonly listKey: string; readonly page: number } | undefined,
): PromiseLike<WriteResult> {
  const { operation, response, userScope, now, expiresAt, writeId } = input;
  const { requestKey } = context;
  const params = input.params as Record<string, unknown>;
  const pageTable = mapping.kind === 'list' ? (mapping.userScoped ? db.watchlistPages : db.listPages) : undefined;
  const tracksEpisodes = mapping.tables.includes('episodes') || mapping.tables.includes('episodeAccountStates');
  const modified = response.status !== 304;
  const known = input.previousEtag;

  // Dexie's own promises throughout, and no await: a native promise awaited inside a Dexie transaction costs
  // zone switches on every microtask, a measurable share of a small response's write (bench: ingest).
  const { plan, batches } = planRowsOnce();
  // Every episode the store holds is tracked (change feeds): its cursor is written with its row, atomically.
  const seeds = tracksEpisodes ? cursorSeedsOf(batches) : [];
  const merges = batches.some((batch) => batch.toMerge.length > 0);
  const write = (
    storedEtag: string | undefined,
    cursors: readonly unknown[],
    targets: readonly unknown[],
  ): PromiseLike<WriteResult> => {
    const sameEtag = modified && response.etag !== undefined && storedEtag === response.etag;
    if (!modified || sameEtag) {
      const etag = response.etag ?? storedEtag;
      const meta = metaRow(requestKey, operation, params, now, expiresAt, userScope, etag, writeId);
      const result: WriteResult = {
        outcome: 'not-modified',
        requestKey,
        reason: sameEtag ? 'same-etag' : 'status-304',
        ...(writeId === undefined ? {} : { writeId }),
      };
      return db.syncMeta.put(meta).then(() => result);
    }
    const meta = metaRow(requestKey, operation, params, now, expiresAt, userScope, response.etag, writeId);
    const page =
      listPage && plan?.page ? pageRow(operation, response.data, plan.page, listPage, now, userScope) : undefined;
    const { puts, counts: rows } = putRecords(db, batches, targets as (Record<string, unknown> | undefined)[][]);
    if (page) puts.push(pageTable?.put(page as never) as Promise<unknown>);
    puts.push(db.syncMeta.put(meta));
    if (seeds.length > 0) {
      const cursorRows = nextCursors(seeds, cursors as (EpisodeCursorRow | undefined)[], now);
      if (cursorRows.length > 0) puts.push(db.episodeCursors.bulkPut(cursorRows));
    }
    const result: WriteResult = {
      outcome: 'stored',
      requestKey,
      rows,
      ...(listPage && page
        ? {
            listPage: {
              ...listPage,
              ids: page.ids,
              total_pages: page.total_pages,
              total_results: page.total_results,
            },
          }
        : {}),
      ...(writeId === undefined ? {} : { writeId }),
    };
    return Dexie.Promise.all(puts).then(() => result);
  };

  // Nothing to read (the caller knew the stored ETag, every row is complete, no episodes): write at once.
  if (known !== undefined && !merges && seeds.length === 0) return write(known ?? undefined, [], []);
  // Otherwise every read is issued at once, then every write: two round trips however many tables.
  const reads: unknown[] = [
    known === undefined ? db.syncMeta.get(requestKey).then((row) => row?.etag) : known,
    seeds.length > 0 ? readCursors(db, seeds) : [],
    ...readMergeTargets(db, batches),
  ];
  return Dexie.Promise.all(reads).then(
    ([stored, cursors, ...targets]): PromiseLike<WriteResult> =>
      write((stored as string | null | undefined) ?? undefined, cursors as unknown[], targets),
  );
}

function pageRow(
  operation: string,
  data: unknown,
  content: { ids: (number | string)[]; extra?: Record<string, unknown>; itemExtras?: Record<number, object> },
  key: { listKey: string; page: number },
  now: number,
  userScope: string | undefined,
): ListPageRow & { userScope?: string } {
  const envelope = data as { page: number; total_pages: number; total_results: number };
  const row: ListPageRow & { userScope?: string } = {
    listKey: key.listKey,
    page: key.page,
    operation,
    ids: content.ids,
    total_pages: envelope.total_pages,
    total_results: envelope.total_results,
    fetchedAt: now,
  };
  if (userScope !== undefined) row.userScope = userScope;
  if (envelope.page !== key.page) row.servedPage = envelope.page;
  if (content.extra) row.extra = content.extra;
  if (content.itemExtras) row.itemExtras = content.itemExtras as Record<number, Record<string, unknown>>;
  return row;
}

export type { WriteResult } from '../write/write-result.js';
