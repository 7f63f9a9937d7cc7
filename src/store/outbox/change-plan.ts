import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { groupsOf, mutationTables } from '../optimistic/optimistic-state.js';
import type { Mutation } from '../tables/outbox-rows.js';
import { WritePlan } from '../write/write-plan.js';

/**
 * The plan of a transaction that writes a user's change and the optimistic state it makes (enqueue, confirm,
 * rollback): the outbox and its bases whole (no answer reads them), and each group's stored rows: a shared list's
 * row, a series' or an episode's account state, or an account list's pages (whole: which pages hold the item is
 * known only inside the transaction). Every table the change may touch is in scope.
 */
export function changePlan(db: CatalogueDatabase, userScope: string, mutations: readonly Mutation[]): WritePlan {
  const parts = [WritePlan.reads(mutationTables(db).map((table) => table.name))];
  parts.push(WritePlan.wholeTables([db.outbox.name, db.outboxBase.name]));
  for (const mutation of mutations) {
    for (const group of groupsOf(userScope, mutation)) parts.push(groupPlan(group));
  }
  const [first, ...rest] = parts as [WritePlan, ...WritePlan[]];
  return first.and(...rest);
}

function groupPlan(group: string): WritePlan {
  const [kind, scope, ...rest] = group.split('|') as [string, string, ...string[]];
  switch (kind) {
    case 'list':
      return WritePlan.rows('lists', [Number(scope)]);
    case 'tv':
      return WritePlan.rows('tvAccountStates', [[scope, Number(rest[0])]]);
    case 'episode':
      return WritePlan.rows('episodeAccountStates', [[scope, ...rest.map(Number)]]);
    default:
      return WritePlan.wholeTables(['watchlistPages']);
  }
}
