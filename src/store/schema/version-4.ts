/**
 * Version 4 (the outbox issue; version 3 is the change-feed issue's): stored list details, the persisted user
 * scopes, and the mutation outbox. Only new tables are listed; Dexie carries the others over.
 *
 * - `lists`: one row per list id (`GET /3/list/{list_id}`), what `lists.removeItem` changes optimistically.
 * - `users`: one row per signed-in user scope: the only place a session id is ever written, removed on sign-out.
 * - `outbox`: pending and failed mutations in insertion order (`seq`), per user scope; `[userScope+coalesceKey]`
 *   finds the row a new change of the same target coalesces with.
 */
export const version4Stores = {
  lists: 'list_id',
  users: 'id, selectedAt',
  outbox: '++seq, userScope, [userScope+coalesceKey], state',
} as const;
