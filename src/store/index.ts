/**
 * The store: a Dexie database the network writes and the views read.
 *
 * Tables (primary key first; see `schema/version-*.ts` for every index):
 * - records, merged across responses: `movies`, `tvSeries`, `people` (known_for as `{ media_type, id }` refs),
 *   `episodes` by id; `seasons` by `[series_id+season_number]` (credits, images per language variant);
 *   `personExternalIds`, `personTranslations`, `movieVideos` by owner id; `movieDetails`, `tvSeriesDetails`,
 *   `personDetails` (v11: the detail answers, whole) by record id; `taggedImages` by string id (media
 *   referenced into movies/episodes/tvSeries); `configuration`; `episodeChanges` by request key.
 * - `listPages` by `[listKey+page]`: ordered ids and totals of one requested page (`listKey` = operation +
 *   canonical params without `page`); `watchlistPages` by `[userScope+listKey+page]`.
 * - `syncMeta` by request key (`storeRequestKey`): ETag, fetchedAt, expiresAt, last error, params.
 * - user-scoped: `tvAccountStates`, `episodeAccountStates`, `watchlistPages`, keyed by the engine's user-scope id.
 * - `quarantine` (auto id), `readMarks` by ref (last read time, apart from the records so views never re-run).
 * - `episodeCursors` by episode id (v3): when each tracked episode was last known current, and the change items
 *   applied near then. Written with the episode rows (`writeResponse`) and by the change feed.
 * - `episodeNews` by `[episode_id+at]` (v13): the changes the change feed applied, for "what's new"; written in
 *   the transaction that applies them, kept 30 days.
 * - `sizeLedger` by request key (v5): the JSON length each stored browse response's write put, kept only while a
 *   `maxBytes` budget is set. Eviction (`evictBrowseData`, least recently read first via `browseUnitsByAge`) removes
 *   browse responses whole; see `eviction/browse-units.ts` for what counts as browse data.
 *
 * Writes: `writeResponse` (one transaction per response). Reads: `readStored`/`readStoredEntry` (read-only,
 * for `liveQuery`); what was read is written later by the engine (`writeReadMarks`). Every readwrite transaction
 * opens through the write gate (`write/write-gate.ts`), which derives from the write's plan the first answers it may
 * make wrong and holds `db.firstAnswers.guard` for them, keeping the first answers' database exact.
 */

export { purgeUserScope } from './auth/purge-user-scope.js';
export {
  CatalogueDatabase,
  type CatalogueDatabaseOptions,
  CURRENT_SCHEMA_VERSION,
  openCatalogueDatabase,
} from './database/catalogue-database.js';
export { type BrowseUnit, browseUnitsByAge } from './eviction/browse-unit-order.js';
export { isBrowseOperation, isBrowseUnit } from './eviction/browse-units.js';
export { clearDatabase } from './eviction/clear-database.js';
export { type EvictedData, evictBrowseData } from './eviction/evict-browse-data.js';
export { reconcileSizeLedger } from './eviction/reconcile-size-ledger.js';
export { jsonBytes } from './eviction/size-ledger.js';
export { type SweepStore, sweepStore } from './eviction/sweep-store.js';
export { READ_MARK_INTERVAL_MS, touchRead, writeReadMarks } from './eviction/touch-read.js';
export type { StoreParams } from './mappings/store-mapping.js';
export { isStoredOperation, type StoredOperation, storeMappings } from './mappings/store-mappings.js';
export { type ReadRef, readRef } from './read-ref.js';
export { CHUNK_SIZE } from './records/apply-record-writes.js';
export { CURSOR_OVERLAP_MS } from './records/episode-cursors.js';
export { type QuarantineInput, quarantineResponse } from './records/quarantine-response.js';
export {
  readStored,
  readStoredEntry,
  readStoredWithMeta,
  type StoredEntry,
  type StoredRead,
} from './records/read-stored.js';
export { type RecordSyncErrorInput, readSyncMeta, recordSyncError } from './records/sync-meta.js';
export { syncMetaOfOperations } from './records/sync-meta-of-operations.js';
export { type WriteResponseInput, type WriteResult, writeResponse } from './records/write-response.js';
export { listKeyOf, requestedPage, storeRequestKey } from './store-keys.js';
export type { RecordTableName } from './tables/record-tables.js';
export type * from './tables/rows.js';
