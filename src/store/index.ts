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
 *   browse responses whole; see `browse-units.ts` for what counts as browse data.
 *
 * Writes: `writeResponse` (one transaction per response). Reads: `readStored`/`readStoredEntry` (read-only,
 * for `liveQuery`); what was read is written later by the engine (`writeReadMarks`). Every readwrite transaction
 * opens through the write gate (`write-gate.ts`), which derives from the write's plan the first answers it may
 * make wrong and holds `db.firstAnswers.guard` for them, keeping the first answers' database exact.
 */
export { CHUNK_SIZE } from './apply-record-writes.js';
export { type BrowseUnit, browseUnitsByAge } from './browse-unit-order.js';
export { isBrowseOperation, isBrowseUnit } from './browse-units.js';
export {
  CatalogueDatabase,
  type CatalogueDatabaseOptions,
  CURRENT_SCHEMA_VERSION,
  openCatalogueDatabase,
} from './catalogue-database.js';
export { clearDatabase } from './clear-database.js';
export { CURSOR_OVERLAP_MS } from './episode-cursors.js';
export { type EvictedData, evictBrowseData } from './evict-browse-data.js';
export { purgeUserScope } from './purge-user-scope.js';
export { type QuarantineInput, quarantineResponse } from './quarantine-response.js';
export { type ReadRef, readRef } from './read-ref.js';
export { readStored, readStoredEntry, readStoredWithMeta, type StoredEntry, type StoredRead } from './read-stored.js';
export { reconcileSizeLedger } from './reconcile-size-ledger.js';
export type { RecordTableName } from './record-tables.js';
export type * from './rows.js';
export { jsonBytes } from './size-ledger.js';
export { listKeyOf, requestedPage, storeRequestKey } from './store-keys.js';
export type { StoreParams } from './store-mapping.js';
export { isStoredOperation, type StoredOperation, storeMappings } from './store-mappings.js';
export { type RecordSyncErrorInput, readSyncMeta, recordSyncError } from './sync-meta.js';
export { syncMetaOfOperations } from './sync-meta-of-operations.js';
export { READ_MARK_INTERVAL_MS, touchRead, writeReadMarks } from './touch-read.js';
export { type WriteResponseInput, type WriteResult, writeResponse } from './write-response.js';
