import { ScopeEndedError } from '../../errors/scope-ended-error.js';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { accountListGroup, isAccountListOperation } from '../optimistic/account-lists.js';
import { rebaseOnResponse } from '../optimistic/optimistic-state.js';
import { listKeyOf, requestedPage } from '../store-keys.js';
import { type BaseKey, type BaseTable, isSignedIn } from '../tables/outbox-rows.js';
import { WritePlan } from './write-plan.js';
import type { WriteResult } from './write-result.js';

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

/** The response a write stores, for the rebase of the pending changes that act on it. */
export interface RebaseContext {
  readonly operation: string;
  readonly params: Params;
  readonly userScope: string | undefined;
}

/** The rebase of a response's write, when pending changes may act on what it writes: its plan and its step. */
export interface Rebase {
  /**
   * Every table, as the write's own tables must all be in scope and that set grows with features (change-feed
   * cursors, …); these responses are small and rare. It writes the group's stored rows (which ones is known only
   * inside the transaction: whole tables) and their bases.
   */
  readonly plan: WritePlan;
  /** Runs `write` and then the rebase, inside the write's transaction. */
  step<T>(write: () => PromiseLike<T>): () => Promise<T>;
}

/**
 * Writes a response (of a live user scope) and rebases the pending changes on it, in ONE transaction (the write
 * gate's, `write-gate.ts`): the response is what the service holds now (the new base), and the unsettled rows that
 * act on it are applied on top again. A fetch that lands before a change is sent (a view revalidating at
 * `interactive` priority overtakes the `mutation` queue) must not show the change undone, not even for one frame.
 * Undefined when no pending change can act on the response.
 */
export function rebaseOf(db: CatalogueDatabase, context: RebaseContext): Rebase | undefined {
  const written = writtenBy(context.operation, context.params, context.userScope);
  if (written === undefined) return undefined;
  const tables = new Set<string>(written.rows.map((row) => row.table));
  return {
    plan: WritePlan.reads(db.tables.map((table) => table.name)).and(
      WritePlan.wholeTables([...tables, db.outboxBase.name]),
    ),
    step: (write) => async () => {
      // A user-scoped answer is written only while its user is signed in somewhere on this database: a sign-out in
      // any tab deletes the user's row first, in the purge's own transaction.
      const { userScope } = context;
      if (userScope !== undefined && !isSignedIn(await db.users.get(userScope))) throw new ScopeEndedError(userScope);
      const result = await write();
      // Not modified: the stored rows are as they were, changes included, and so is their base.
      if ((result as Partial<WriteResult> | undefined)?.outcome !== 'stored') return result;
      await rebaseOnResponse(db, written.group, written.rows);
      return result;
    },
  };
}
