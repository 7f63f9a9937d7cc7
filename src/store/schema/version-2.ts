import type { Transaction } from 'dexie';

/**
 * Version 2: sync metadata gains a `userScope` field and index (so signing out can purge a user's freshness
 * rows with the user's data) and an `expiresAt` index (so `sync.refresh()` finds what is stale without a
 * full scan). Only the changed table is listed; Dexie carries the others over from version 1.
 */
export const version2Stores = {
  syncMeta: 'requestKey, operation, userScope, expiresAt',
} as const;

/** Reads the `user_scope` parameter back out of a request key such as `tvAccountStates?series_id=1&user_scope=u1`. */
export function userScopeOfRequestKey(requestKey: string): string | undefined {
  const query = requestKey.indexOf('?');
  if (query < 0) return undefined;
  return new URLSearchParams(requestKey.slice(query + 1)).get('user_scope') ?? undefined;
}

/** Backfills `userScope` on version-1 rows: the request key is the only place it was recorded. */
export async function upgradeToVersion2(tx: Transaction): Promise<void> {
  await tx
    .table('syncMeta')
    .toCollection()
    .modify((row: { requestKey: string; userScope?: string }) => {
      const userScope = userScopeOfRequestKey(row.requestKey);
      if (userScope !== undefined) row.userScope = userScope;
    });
}
