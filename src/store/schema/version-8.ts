import type { Transaction } from 'dexie';

/**
 * Version 8 (one outbox for every tab): the outbox is shared state. Rows may be `sending` (claimed by an instance,
 * with a lease); optimistic state is derived from `outboxBase` (what the service confirmed of each stored row that
 * pending changes act on, keyed by `ref`, grouped by `group`, purged with `userScope`) with the pending rows applied
 * in order, instead of undo snapshots on each row. Only changed tables are listed.
 */
export const version8Stores = {
  outboxBase: 'ref, group, userScope',
} as const;

/*
 * Frozen copies of what this upgrade needs of the outbox code, as that code stood when they were copied (schema
 * version 12). An upgrade must do on every later release what it did when it shipped: importing the live code would
 * let a change to the outbox change what opening an old database does. The live code reads what this writes
 * (`optimistic-state.ts`: `refOf`, `groupOfRow`; `account-lists.ts`: `accountListGroup`); should it ever name refs
 * or groups otherwise, a new schema version rewrites the stored ones, and this copy stays as it is.
 * `test/store/schema-upgrade-8.test.ts` fails while the two differ.
 */

type BaseTable = 'lists' | 'tvAccountStates' | 'episodeAccountStates' | 'watchlistPages';
type BaseKey = number | (string | number)[];

/** A version 4–7 undo snapshot: a stored row as it was before the change (`row: null`: it did not exist). */
interface UndoStep {
  readonly table: BaseTable;
  readonly key: number | string | (string | number)[];
  readonly row: Record<string, unknown> | null;
}

/** An `outboxBase` row of version 8. */
interface OutboxBaseRow {
  ref: string;
  group: string;
  userScope?: string;
  table: BaseTable;
  key: BaseKey;
  row: Record<string, unknown>;
}

function refOf(table: BaseTable, key: BaseKey): string {
  return `${table}|${JSON.stringify(key)}`;
}

function groupOfRow(table: BaseTable, key: BaseKey): string {
  const parts = Array.isArray(key) ? key : [key];
  switch (table) {
    case 'lists':
      return `list|${parts[0]}`;
    case 'tvAccountStates':
      return `tv|${parts[0]}|${parts[1]}`;
    case 'episodeAccountStates':
      return `episode|${parts.join('|')}`;
    case 'watchlistPages': {
      // A list key starts with its operation (`accountTvRated?…`); each list is its own group, the TV watchlist's
      // under the name it had first.
      const listKey = String(parts[1]);
      const query = listKey.indexOf('?');
      const operation = query < 0 ? listKey : listKey.slice(0, query);
      const scope = String(parts[0]);
      if (operation === 'accountTvWatchlist') return `watchlist|${scope}`;
      return `${operation}|${scope}`;
    }
  }
}

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
