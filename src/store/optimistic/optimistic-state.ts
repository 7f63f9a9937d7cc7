import type { Table } from 'dexie';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { type ReadRef, readRef } from '../read-ref.js';
import type { BaseKey, BaseTable, Mutation, OutboxBaseRow, OutboxRow } from '../tables/outbox-rows.js';
import type { WatchlistPageRow } from '../tables/rows.js';
import {
  accountListGroup,
  accountListGroupsOf,
  accountListOfGroup,
  isAccountListOperation,
  operationOfListKey,
} from './account-lists.js';
import { foldAccountListPages, foldAccountState, foldList } from './fold-mutations.js';

type Row = Record<string, unknown>;

/** The tables an optimistic change may touch: every enqueue, settle and rebase transaction includes them. */
export function mutationTables(db: CatalogueDatabase): Table[] {
  return [
    db.outbox,
    db.outboxBase,
    db.lists,
    db.tvAccountStates,
    db.episodeAccountStates,
    db.watchlistPages,
    db.syncMeta,
    db.tvSeries,
    db.movies,
  ];
}

export function refOf(table: BaseTable, key: BaseKey): string {
  return `${table}|${JSON.stringify(key)}`;
}

/** The groups of stored rows a change acts on (none for what is never stored, e.g. a movie's state). */
export function groupsOf(userScope: string, mutation: Mutation): string[] {
  const p = mutation.params as Record<string, number | string | boolean>;
  switch (mutation.operation) {
    case 'removeListItem':
      return [`list|${p.list_id}`];
    case 'markFavorite':
    case 'addToWatchlist':
      return [
        ...(p.media_type === 'tv' ? [`tv|${userScope}|${p.media_id}`] : []),
        ...accountListGroupsOf(userScope, mutation),
      ];
    case 'rateTvSeries':
    case 'deleteTvSeriesRating':
      return [`tv|${userScope}|${p.series_id}`, ...accountListGroupsOf(userScope, mutation)];
    case 'rateEpisode':
    case 'deleteEpisodeRating':
      return [`episode|${userScope}|${p.series_id}|${p.season_number}|${p.episode_number}`];
  }
}

/**
 * The read refs of the public rows a change to `groups` may rewrite: a shared list's row (`list|id`, which a
 * public `listDetails` answer reads). The other groups' rows are the user's own.
 */
export function publicRefsOf(groups: readonly string[]): ReadRef[] {
  return groups.filter((group) => group.startsWith('list|')).map((group) => readRef('lists', Number(group.slice(5))));
}

/** The group a stored row belongs to, from its table and key. */
export function groupOfRow(table: BaseTable, key: BaseKey): string {
  const parts = Array.isArray(key) ? key : [key];
  switch (table) {
    case 'lists':
      return `list|${parts[0]}`;
    case 'tvAccountStates':
      return `tv|${parts[0]}|${parts[1]}`;
    case 'episodeAccountStates':
      return `episode|${parts.join('|')}`;
    case 'watchlistPages': {
      const operation = operationOfListKey(String(parts[1]));
      // A list no change acts on (rated movies) has no group a change names; its own name keeps it apart.
      return isAccountListOperation(operation)
        ? accountListGroup(operation, String(parts[0]))
        : `${operation}|${String(parts[0])}`;
    }
  }
}

interface StoredRow {
  readonly table: BaseTable;
  readonly key: BaseKey;
  readonly row: Row;
}

function tableOf(db: CatalogueDatabase, table: BaseTable): Table {
  return db[table] as unknown as Table;
}

/** The rows of a group as stored now. */
async function storedRows(db: CatalogueDatabase, group: string): Promise<StoredRow[]> {
  const [kind, ...rest] = group.split('|');
  const numbers = (parts: string[]) => parts.map(Number);
  const one = async (table: BaseTable, key: BaseKey) => {
    const row = (await tableOf(db, table).get(key as never)) as Row | undefined;
    return row ? [{ table, key, row }] : [];
  };
  switch (kind) {
    case 'list':
      return one('lists', Number(rest[0]));
    case 'tv':
      return one('tvAccountStates', [rest[0] as string, Number(rest[1])]);
    case 'episode':
      return one('episodeAccountStates', [rest[0] as string, ...numbers(rest.slice(1))]);
  }
  const list = accountListOfGroup(group);
  if (!list) return [];
  const pages = await db.watchlistPages.where('userScope').equals(list.userScope).toArray();
  return pages
    .filter((page) => page.operation === list.spec.operation)
    .map((page) => ({
      table: 'watchlistPages' as const,
      key: [page.userScope, page.listKey, page.page],
      row: page as unknown as Row,
    }));
}

/** Unsettled rows (pending, sending) that act on `group`, oldest first. */
async function rowsOf(db: CatalogueDatabase, group: string): Promise<OutboxRow[]> {
  const rows = await db.outbox.where('state').anyOf('pending', 'sending').toArray();
  return rows
    .filter((row) => groupsOf(row.userScope, row.mutation).includes(group))
    .sort((a, b) => (a.seq as number) - (b.seq as number));
}

/** The group's rows with `mutations` applied, as the service would hold them. */
async function fold(
  db: CatalogueDatabase,
  group: string,
  rows: readonly StoredRow[],
  mutations: readonly Mutation[],
): Promise<StoredRow[]> {
  const list = accountListOfGroup(group);
  if (!list) {
    const apply = group.startsWith('list|') ? foldList : foldAccountState;
    return rows.map((stored) => ({ ...stored, row: apply(stored.row, mutations) }));
  }
  const { spec } = list;
  const adds = mutations.flatMap((m) => {
    const effect = spec.effect(m);
    return effect?.listed ? [effect.id] : [];
  });
  const records = await db.table(spec.table).bulkGet(adds);
  const shown = new Set(adds.filter((_, i) => records[i] !== undefined));
  const byList = new Map<string, StoredRow[]>();
  for (const stored of rows) {
    const listKey = (stored.row as unknown as WatchlistPageRow).listKey;
    byList.set(listKey, [...(byList.get(listKey) ?? []), stored]);
  }
  return [...byList.values()].flatMap((pages) =>
    foldAccountListPages(
      pages.map((page) => page.row as unknown as WatchlistPageRow),
      mutations,
      spec,
      (id) => shown.has(id),
    ).map((row) => ({
      table: 'watchlistPages' as const,
      key: [row.userScope, row.listKey, row.page],
      row: row as unknown as Row,
    })),
  );
}

/**
 * Rewrites the stored rows of `group` as its base with every unsettled row that acts on it applied in order (a
 * rebase), in the caller's transaction. A stored row with no base recorded is as the service sent it, so it becomes
 * its own base. With no unsettled row left, the stored rows are the bases and the bases go. No snapshot is ever put
 * back, so a refused change can neither resurrect nor wipe another change.
 */
export async function materialize(db: CatalogueDatabase, group: string): Promise<void> {
  const [rows, stored, bases] = await Promise.all([
    rowsOf(db, group),
    storedRows(db, group),
    db.outboxBase.where('group').equals(group).toArray(),
  ]);
  const baseByRef = new Map(bases.map((base) => [base.ref, base]));
  const baseRows = stored.map((s) => ({ ...s, row: baseByRef.get(refOf(s.table, s.key))?.row ?? s.row }));
  const next =
    rows.length === 0
      ? baseRows
      : await fold(
          db,
          group,
          baseRows,
          rows.map((row) => row.mutation),
        );
  const current = new Map(stored.map((s) => [refOf(s.table, s.key), s.row]));
  for (const row of next) {
    const before = current.get(refOf(row.table, row.key));
    if (JSON.stringify(before) !== JSON.stringify(row.row)) await tableOf(db, row.table).put(row.row);
  }
  if (rows.length === 0) {
    await db.outboxBase.where('group').equals(group).delete();
    return;
  }
  const missing = baseRows.filter((base) => !baseByRef.has(refOf(base.table, base.key)));
  const scopeOf = (key: BaseKey) => (Array.isArray(key) && typeof key[0] === 'string' ? key[0] : undefined);
  await db.outboxBase.bulkPut(
    missing.map((base) => {
      const record: OutboxBaseRow = {
        ref: refOf(base.table, base.key),
        group,
        table: base.table,
        key: base.key,
        row: base.row,
      };
      const userScope = scopeOf(base.key);
      if (userScope !== undefined) record.userScope = userScope;
      return record;
    }),
  );
}

/**
 * The service took `mutation`: the bases of its groups move forward by it (so dropping the row keeps its effect),
 * then the groups are rewritten from the rows left. In the caller's transaction, after the row left the outbox.
 */
export async function confirm(db: CatalogueDatabase, userScope: string, mutation: Mutation): Promise<void> {
  for (const group of groupsOf(userScope, mutation)) {
    const bases = await db.outboxBase.where('group').equals(group).toArray();
    if (bases.length > 0) {
      const moved = await fold(db, group, bases, [mutation]);
      const byRef = new Map(moved.map((row) => [refOf(row.table, row.key), row.row]));
      await db.outboxBase.bulkPut(bases.map((base) => ({ ...base, row: byRef.get(base.ref) ?? base.row })));
    }
    await materialize(db, group);
  }
}

/**
 * A response just wrote `written` (rows of `group`): it is what the service holds now, so it becomes their base,
 * and the unsettled rows are applied on top again. In the response's transaction; nothing happens when no row
 * acts on the group.
 */
export async function rebaseOnResponse(
  db: CatalogueDatabase,
  group: string,
  written: readonly { table: BaseTable; key: BaseKey }[],
): Promise<void> {
  if ((await rowsOf(db, group)).length === 0) return;
  for (const { table, key } of written) {
    const row = (await tableOf(db, table).get(key as never)) as Row | undefined;
    const ref = refOf(table, key);
    if (!row) continue;
    const record: OutboxBaseRow = { ref, group, table, key, row };
    if (Array.isArray(key) && typeof key[0] === 'string') record.userScope = key[0];
    await db.outboxBase.put(record);
  }
  await materialize(db, group);
}
