import type { IndexableType } from 'dexie';

/** The reads a stored response is rebuilt with, inside one read transaction (Dexie's tables, which `liveQuery` observes). */
export interface RowReader {
  get(table: string, key: IndexableType): PromiseLike<unknown>;
  /** One value per key, in order; `undefined` where a key holds nothing. */
  bulkGet(table: string, keys: readonly IndexableType[]): PromiseLike<unknown[]>;
  /** Every row whose key (the primary key, or `index`'s) lies in `[lower, upper]`, in key order. */
  range(table: string, index: string | null, lower: IndexableType, upper: IndexableType): PromiseLike<unknown[]>;
}
