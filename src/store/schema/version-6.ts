/**
 * Version 6 (ingest and warm-start work): sync metadata loses its `operation` index. Every response written
 * paid for it, and the request key starts with the operation (`discoverTv?…`), so "the rows of one operation"
 * is a range of primary keys (`syncMetaOfOperations`). Only changed tables are listed.
 */
export const version6Stores = {
  syncMeta: 'requestKey, userScope, expiresAt',
} as const;
