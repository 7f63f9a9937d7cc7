import { CHUNK_SIZE } from '../records/apply-record-writes.js';
import { writeThrough } from '../write/write-gate.js';
import {
  EVICTABLE_RECORD_TABLES,
  isBrowseUnit,
  pageTablesOf,
  SEASON_OPERATIONS,
  unitPageKey,
  unitResourceRow,
} from './browse-units.js';
import { jsonBytes } from './size-ledger.js';

/**
 * What eviction's work (ordering, evicting, measuring: `browse-unit-order.ts`, `evict-browse-data.ts`,
 * `reconcile-size-ledger.ts`) uses of modules the core shares with the first read: which responses are browse
 * data and what they hold (`browse-units.ts`, over the store's keys and mappings), the write gate, the byte
 * measure and the transaction bound. The core hands them in rather than eviction importing them: eviction is a
 * chunk of its own on the main entry (`lazy-features.ts`), and a bundler splits by file, so every module it shared
 * with the first read would be cut out into one more chunk on that path. Only types are imported from here there.
 */
export interface SweepStore {
  readonly isBrowseUnit: typeof isBrowseUnit;
  readonly unitPageKey: typeof unitPageKey;
  readonly unitResourceRow: typeof unitResourceRow;
  readonly pageTablesOf: typeof pageTablesOf;
  readonly evictableTables: typeof EVICTABLE_RECORD_TABLES;
  readonly seasonOperations: typeof SEASON_OPERATIONS;
  readonly writeThrough: typeof writeThrough;
  readonly jsonBytes: typeof jsonBytes;
  /** The most rows one eviction transaction deletes (the record writes' chunk). */
  readonly chunkSize: number;
}

/** The core's `SweepStore` (and the tests'). */
export function sweepStore(): SweepStore {
  return {
    isBrowseUnit,
    unitPageKey,
    unitResourceRow,
    pageTablesOf,
    evictableTables: EVICTABLE_RECORD_TABLES,
    seasonOperations: SEASON_OPERATIONS,
    writeThrough,
    jsonBytes,
    chunkSize: CHUNK_SIZE,
  };
}
