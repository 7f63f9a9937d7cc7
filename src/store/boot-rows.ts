import type { ReadRef } from './read-ref.js';
import type { SyncMetaRow } from './rows.js';

/**
 * Which build wrote a boot row. A boot row holds an answer already projected by this build's schemas and store
 * mappings; another version of the library could project the same rows differently, so it reads only its own
 * (a test keeps the version equal to `package.json`'s). Rows of another format are ignored and overwritten.
 */
export const BOOT_FORMAT = 'catalogue-sync@0.1.0';

/** How many views keep a boot row: the most recently written stay (each is about one response, ~10 KB a list). */
export const MAX_BOOT_VIEWS = 16;

/** The stored read of one call, as its view last read it: answer (projected), refs and freshness row. */
export interface BootRead {
  data: unknown;
  refs: ReadRef[];
  meta?: SyncMetaRow;
}

export interface BootViewRow {
  /** The call's request key. */
  key: string;
  format: string;
  /**
   * The `BootRead` as JSON: a string is one quick copy out of IndexedDB and `JSON.parse` builds the objects
   * faster than structured clone rebuilds them (a list page is ~200 small objects).
   */
  json: string;
}

/** What a boot row was built from: every row its read asked for, found or not (a row written later changes it). */
export interface BootDepsRow {
  key: string;
  deps: ReadRef[];
  writtenAt: number;
}
