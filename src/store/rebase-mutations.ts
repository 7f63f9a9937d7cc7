import { applyOptimistic } from './apply-mutation.js';
import type { CatalogueDatabase } from './catalogue-database.js';
import type { Mutation, UndoStep } from './outbox-rows.js';
import type { WriteResult } from './write-response.js';

/** The stored answers that pending changes act on, and the table of each that a change patches. */
const REBASED: Readonly<Record<string, UndoStep['table']>> = {
  tvAccountStates: 'tvAccountStates',
  episodeAccountStates: 'episodeAccountStates',
  listDetails: 'lists',
  accountTvWatchlist: 'watchlistPages',
};

type Params = Record<string, unknown>;

/** Whether a pending change acts on what a response of `operation` with `params` just wrote. */
function touches(operation: string, params: Params, mutation: Mutation): boolean {
  const p = mutation.params as Params;
  switch (operation) {
    case 'tvAccountStates':
      return p.series_id === params.series_id || (p.media_type === 'tv' && p.media_id === params.series_id);
    case 'episodeAccountStates':
      return (
        p.series_id === params.series_id &&
        p.season_number === params.season_number &&
        p.episode_number === params.episode_number
      );
    case 'listDetails':
      return mutation.operation === 'removeListItem' && p.list_id === params.list_id;
    case 'accountTvWatchlist':
      return mutation.operation === 'addToWatchlist';
    default:
      return false;
  }
}

/**
 * Writes a response and puts the user's pending changes back on top of it, in ONE transaction: a fetch that
 * lands before a change is sent (a view revalidating at `interactive` priority overtakes the `mutation` queue)
 * must not show the change undone, not even for one frame. Each re-applied change's undo is replaced by the
 * freshly written rows, which are now what a rollback must restore.
 */
export function writeRebased(
  db: CatalogueDatabase,
  context: { operation: string; params: Params; userScope: string | undefined },
  write: () => Promise<WriteResult>,
): Promise<WriteResult> {
  const table = REBASED[context.operation];
  if (table === undefined) return write();
  // The response's own write joins this transaction only if every table it touches is in scope, and that set
  // grows with features (change-feed cursors, …): so all tables. These responses are small and rare.
  return db.transaction('rw', db.tables, async () => {
    const result = await write();
    // Not modified: the rows are as they were, changes included; re-applying would corrupt their undo.
    if (result.outcome !== 'stored') return result;
    // Rows being sent count too: their outcome is not known yet.
    const pending = await db.outbox.where('state').anyOf('pending', 'sending').sortBy('seq');
    for (const row of pending) {
      // A list is public data: every user's pending removals from it apply; account data is the user's own.
      if (context.operation !== 'listDetails' && row.userScope !== context.userScope) continue;
      if (!touches(context.operation, context.params, row.mutation)) continue;
      const undo = await applyOptimistic(db, row.userScope, row.mutation, table);
      if (undo.length === 0) continue;
      await db.outbox.update(row.seq as number, {
        undo: [...row.undo.filter((step) => step.table !== table), ...undo],
      });
    }
    return result;
  });
}
