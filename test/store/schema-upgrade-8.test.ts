import { Dexie } from 'dexie';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { CURRENT_SCHEMA_VERSION, openCatalogueDatabase } from '../../src/store/database/catalogue-database.js';
import { groupOfRow, groupsOf, refOf } from '../../src/store/optimistic/optimistic-state.js';
import { version1Stores } from '../../src/store/schema/version-1.js';
import { version2Stores } from '../../src/store/schema/version-2.js';
import { version3Stores } from '../../src/store/schema/version-3.js';
import { version4Stores } from '../../src/store/schema/version-4.js';
import { version5Stores } from '../../src/store/schema/version-5.js';
import { version6Stores } from '../../src/store/schema/version-6.js';
import { version7Stores } from '../../src/store/schema/version-7.js';
import { listKeyOf } from '../../src/store/store-keys.js';
import type { BaseKey, BaseTable, Mutation } from '../../src/store/tables/outbox-rows.js';

/**
 * Version 8's upgrade carries frozen copies of the outbox code it needs (`schema/version-8.ts`), so that a change to
 * the outbox cannot change what opening an old database does. The live code must still find what the upgrade wrote:
 * for every table an undo snapshot can name, the base it makes has the ref and group the live code gives that row,
 * and a group the row's own change acts on. While the live code names refs or groups otherwise (without a schema
 * version that rewrites the stored ones), this fails.
 */

const SCOPE = 'account:1';

/** One pending version-7 change with the snapshot of the row it acted on. */
interface Case {
  readonly mutation: Mutation;
  readonly table: BaseTable;
  readonly key: BaseKey;
}

const change = (operation: string, params: Record<string, unknown>) => ({ operation, params }) as unknown as Mutation;
const listKey = (operation: 'accountTvWatchlist' | 'accountTvFavorites' | 'accountTvRated') =>
  listKeyOf(operation, { account_id: 1, sort_by: 'created_at.asc', user_scope: SCOPE });

const CASES: readonly Case[] = [
  { mutation: change('removeListItem', { list_id: 5, media_id: 9 }), table: 'lists', key: 5 },
  {
    mutation: change('markFavorite', { account_id: 1, media_type: 'tv', media_id: 7, favorite: true }),
    table: 'tvAccountStates',
    key: [SCOPE, 7],
  },
  {
    mutation: change('rateEpisode', { series_id: 7, season_number: 1, episode_number: 2, value: 8 }),
    table: 'episodeAccountStates',
    key: [SCOPE, 7, 1, 2],
  },
  {
    mutation: change('addToWatchlist', { account_id: 1, media_type: 'tv', media_id: 8, watchlist: true }),
    table: 'watchlistPages',
    key: [SCOPE, listKey('accountTvWatchlist'), 1],
  },
  {
    mutation: change('markFavorite', { account_id: 1, media_type: 'tv', media_id: 8, favorite: true }),
    table: 'watchlistPages',
    key: [SCOPE, listKey('accountTvFavorites'), 1],
  },
  {
    mutation: change('rateTvSeries', { series_id: 8, value: 6 }),
    table: 'watchlistPages',
    key: [SCOPE, listKey('accountTvRated'), 2],
  },
];

async function openedFromVersion7(cases: readonly Case[]) {
  const indexedDB = new IDBFactory();
  const v7 = new Dexie('catalogue', { indexedDB, IDBKeyRange });
  v7.version(7).stores({
    ...version1Stores,
    ...version2Stores,
    ...version3Stores,
    ...version4Stores,
    ...version5Stores,
    ...version6Stores,
    ...version7Stores,
  });
  await v7.table('outbox').bulkPut(
    cases.map(({ mutation, table, key }, index) => ({
      seq: index + 1,
      userScope: SCOPE,
      idempotencyKey: `k${index}`,
      coalesceKey: `c${index}`,
      mutation,
      undo: [{ table, key, row: { snapshot: index } }],
      state: 'pending',
      attempts: 0,
      createdAt: index,
      updatedAt: index,
    })),
  );
  v7.close();
  const db = openCatalogueDatabase({ name: 'catalogue', indexedDB, IDBKeyRange });
  await db.open();
  return db;
}

describe('version 8 upgrade: its frozen copy and the live outbox code agree', () => {
  it('the list keys of the cases are account lists of the user (the scan is of real keys)', () => {
    for (const { table, key } of CASES.filter((c) => c.table === 'watchlistPages')) {
      expect(table).toBe('watchlistPages');
      expect(String((key as unknown[])[1])).toMatch(/^accountTv(Watchlist|Favorites|Rated)\?/);
    }
  });

  it.each(CASES.map((c) => [`${c.table} ${JSON.stringify(c.key)}`, c] as const))(
    'a snapshot of %s becomes the base the live code finds',
    async (_name, testCase) => {
      const db = await openedFromVersion7([testCase]);
      expect(db.verno).toBe(CURRENT_SCHEMA_VERSION);
      const bases = await db.outboxBase.toArray();
      expect(bases).toHaveLength(1);
      const [base] = bases;
      expect(base?.ref).toBe(refOf(testCase.table, testCase.key));
      expect(base?.group).toBe(groupOfRow(testCase.table, testCase.key));
      expect(groupsOf(SCOPE, testCase.mutation)).toContain(base?.group);
      expect(base?.userScope).toBe(typeof testCase.key === 'number' ? undefined : SCOPE);
      expect(base?.row).toEqual({ snapshot: 0 });
      // The live code looks bases up by group: the upgrade's row is found there.
      expect(await db.outboxBase.where('group').equals(groupOfRow(testCase.table, testCase.key)).count()).toBe(1);
      db.close();
    },
  );
});
