/**
 * Version 7 (warm start): the boot store. `bootViews` holds, by request key, the stored read of views recently
 * shown, so a new page's first snapshot is one get instead of a page row, a freshness row and every record;
 * `bootDeps` the refs of the rows each was built from, which every write transaction checks so that it deletes
 * the boot rows it makes wrong (`boot-invalidation.ts`). Only new tables are listed.
 */
export const version7Stores = {
  bootViews: 'key',
  bootDeps: 'key',
} as const;
