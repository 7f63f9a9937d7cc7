import type { Transaction } from 'dexie';
import { type BaseKey, type BaseTable, groupOfRow, type OutboxBaseRow, refOf } from '../optimistic-state.js';
import type { UndoStep } from '../outbox-rows.js';

/**
 * Version 8 (one outbox for every tab): the outbox is shared state. Rows may be `sending` (claimed by an instance,
 * with a lease); optimistic state is derived from `outboxBase` (what the service confirmed of each stored row that
 * pending changes act on, keyed by `ref`, grouped by `group`, purged with `userScope`) with the pending rows applied
 * in order, instead of undo snapshots on each row. Only changed tables are listed.
 */
export const version8Stores = {
  outboxBase: 'ref, group, userScope',
} as const;

interface LegacyOutboxRow {
  seq: number;
  userScope: string;
  state: string;
  undo?: UndoStep[];
}

/**
 * Version-7 rows carry undo snapshots: the oldest snapshot of a stored row among the pending rows is the row as
 * the service sent it, which is its base now. Failed rows were rolled back already. Then `undo` goes.
 */
export async function upgradeToVersion8(tx: Transaction): Promise<void> {
  const rows = ((await tx.table('outbox').toArray()) as LegacyOutboxRow[]).sort((a, b) => a.seq - b.seq);
  const bases = new Map<string, OutboxBaseRow>();
  for (const row of rows) {
    if (row.state !== 'pending') continue;
    for (const step of row.undo ?? []) {
      const table = step.table as BaseTable;
      const key = step.key as BaseKey;
      const ref = refOf(table, key);
      if (bases.has(ref) || step.row === null) continue;
      const base: OutboxBaseRow = { ref, group: groupOfRow(table, key), table, key, row: step.row };
      if (Array.isArray(key) && typeof key[0] === 'string') base.userScope = key[0];
      bases.set(ref, base);
    }
  }
  await tx.table('outboxBase').bulkPut([...bases.values()]);
  await tx
    .table('outbox')
    .toCollection()
    .modify((row: LegacyOutboxRow) => {
      delete row.undo;
    });
}
