import { ScopeEndedError } from '../errors/scope-ended-error.js';
import { accountListGroup, isAccountListOperation } from './account-lists.js';
import type { CatalogueDatabase } from './catalogue-database.js';
import { rebaseOnResponse } from './optimistic-state.js';
import { type BaseKey, type BaseTable, isSignedIn } from './outbox-rows.js';
import { listKeyOf, requestedPage } from './store-keys.js';
import type { WriteResult } from './write-response.js';

type Params = Record<string, unknown>;

/**
 * The group of stored rows a response of `operation` writes, and their keys, when pending changes may act on it
 * (exported for the test that keeps the front door's early requests to answers no pending change acts on).
 */
export function writtenBy(
  operation: string,
  params: Params,
  userScope: string | undefined,
): { group: string; rows: { table: BaseTable; key: BaseKey }[] } | undefined {
  const p = params as Record<string, number>;
  switch (operation) {
    case 'tvAccountStates':
      if (userScope === undefined) return undefined;
      return {
        group: `tv|${userScope}|${p.series_id}`,
        rows: [{ table: 'tvAccountStates', key: [userScope, p.series_id as number] }],
      };
    case 'episodeAccountStates': {
      if (userScope === undefined) return undefined;
      const key = [userScope, p.series_id, p.season_number, p.episode_number] as (string | number)[];
      return { group: `episode|${key.join('|')}`, rows: [{ table: 'episodeAccountStates', key }] };
    }
    case 'listDetails':
      return { group: `list|${p.list_id}`, rows: [{ table: 'lists', key: p.list_id as number }] };
    default:
      if (userScope === undefined || !isAccountListOperation(operation)) return undefined;
      return {
        group: accountListGroup(operation, userScope),
        rows: [{ table: 'watchlistPages', key: [userScope, listKeyOf(operation, params), requestedPage(params)] }],
      };
  }
}

/**
 * Writes a response (of a live user scope) and rebases the pending changes on it, in ONE transaction: the response is what the service
 * holds now (the new base), and the unsettled rows that act on it are applied on top again. A fetch that lands
 * before a change is sent (a view revalidating at `interactive` priority overtakes the `mutation` queue) must not
 * show the change undone, not even for one frame.
 */
export function writeRebased(
  db: CatalogueDatabase,
  context: { operation: string; params: Params; userScope: string | undefined },
  write: () => Promise<WriteResult>,
): Promise<WriteResult> {
  const written = writtenBy(context.operation, context.params, context.userScope);
  if (written === undefined) return write();
  // The response's own write joins this transaction only if every table it touches is in scope, and that set
  // grows with features (change-feed cursors, …): so all tables. These responses are small and rare.
  return db.transaction('rw', db.tables, async () => {
    // A user-scoped answer is written only while its user is signed in somewhere on this database: a sign-out in
    // any tab deletes the user's row first, in the purge's own transaction.
    const { userScope } = context;
    if (userScope !== undefined && !isSignedIn(await db.users.get(userScope))) throw new ScopeEndedError(userScope);
    const result = await write();
    // Not modified: the stored rows are as they were, changes included, and so is their base.
    if (result.outcome !== 'stored') return result;
    await rebaseOnResponse(db, written.group, written.rows);
    return result;
  });
}
