import type { IndexableType } from 'dexie';
import type { OperationName, ParsedParamsOf, ResponseOf } from '../../api/index.js';
import type { RecordTableName } from '../tables/record-tables.js';
import type { ListPageRow } from '../tables/rows.js';

/** An operation's parsed parameters with the credentials removed (the engine passes a `userScope` instead). */
export type StoreParams<O extends OperationName> = Omit<ParsedParamsOf<O>, 'session_id' | 'guest_session_id'>;

export interface MappingContext<O extends OperationName> {
  readonly operation: O;
  readonly params: StoreParams<O>;
  /** Set for user-scoped operations (the writer and reader refuse them without one). */
  readonly userScope: string | undefined;
  readonly requestKey: string;
}

/** Rows to upsert into one record table (merged or replaced per `recordTables`). */
export interface RecordWrite {
  readonly table: RecordTableName;
  readonly rows: readonly Record<string, unknown>[];
}

/** What a list response contributes to its page row besides the envelope's totals. */
export interface ListPageContent {
  readonly ids: (number | string)[];
  readonly extra?: Record<string, unknown>;
  readonly itemExtras?: Record<number, Record<string, unknown>>;
}

export interface ReadContext<O extends OperationName> extends MappingContext<O> {
  /**
   * Reads rows by key (in the order given) and notes them as read; undefined when any is missing,
   * because a response rebuilt from part of its records would not be the response as served.
   */
  records<T>(table: RecordTableName, keys: readonly IndexableType[]): Promise<T[] | undefined>;
  /** Reads one row by key, noting it as read. */
  record<T>(table: RecordTableName, key: IndexableType): Promise<T | undefined>;
}

/** How a paged-envelope operation is stored: records in their tables, ordered ids in a list page. */
export interface ListMapping<O extends OperationName> {
  readonly kind: 'list';
  /** True for lists that belong to a user (their pages go to `watchlistPages`, partitioned by user scope). */
  readonly userScoped: boolean;
  /** Record tables this mapping writes or reads. */
  readonly tables: readonly RecordTableName[];
  toRows(data: ResponseOf<O>, context: MappingContext<O>): { records: RecordWrite[]; page: ListPageContent };
  /** The page's items, rebuilt from records plus presentation fields, before the schema's projection. */
  readItems(context: ReadContext<O>, page: ListPageRow): Promise<unknown[] | undefined>;
}

/** How a single-resource operation is stored. */
export interface ResourceMapping<O extends OperationName> {
  readonly kind: 'resource';
  readonly userScoped: boolean;
  readonly tables: readonly RecordTableName[];
  toRows(data: ResponseOf<O>, context: MappingContext<O>): { records: RecordWrite[] };
  /** The response rebuilt from records, before the schema's projection; undefined when not stored. */
  read(context: ReadContext<O>): Promise<unknown | undefined>;
}

export type StoreMapping<O extends OperationName> = ListMapping<O> | ResourceMapping<O>;
