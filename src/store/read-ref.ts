import type { IndexableType } from 'dexie';

/** Names one stored row for its read mark: `table/key` with the key as JSON (compound keys are arrays). */
export type ReadRef = string;

export function readRef(table: string, key: IndexableType): ReadRef {
  return `${table}/${JSON.stringify(key)}`;
}

/**
 * Names every row of `table` at once, for a write that may change any of them (`WritePlan.wholeTables`): an answer
 * that read any row of the table depends on it. `*` never ends a `readRef` (its key is JSON).
 */
export function tableRef(table: string): ReadRef {
  return `${table}/*`;
}

/** The table a `readRef` or `tableRef` names. */
export function tableOfRef(ref: ReadRef): string {
  return ref.slice(0, ref.indexOf('/'));
}

/** Whether `ref` names a whole table (`tableRef`). */
export function isTableRef(ref: ReadRef): boolean {
  return ref.endsWith('/*');
}
