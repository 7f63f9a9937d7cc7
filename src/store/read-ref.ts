import type { IndexableType } from 'dexie';

/** Names one stored row for its read mark: `table/key` with the key as JSON (compound keys are arrays). */
export type ReadRef = string;

export function readRef(table: string, key: IndexableType): ReadRef {
  return `${table}/${JSON.stringify(key)}`;
}
