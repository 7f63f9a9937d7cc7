import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { STORED_OPERATIONS } from '../../src/api/stored-operations.js';
import {
  type Catalogue,
  type CatalogueAuth,
  type CatalogueMembers,
  createCatalogue,
  databaseOf,
} from '../../src/create-catalogue.js';
import { createCatalogue as createEagerCatalogue } from '../../src/eager-entry.js';
import type { OperationViews } from '../../src/query/create-views.js';
import type { OutboxView } from '../../src/query/outbox-view.js';
import type { CatalogueSync } from '../../src/sync/catalogue-sync.js';
import type { AccountMutations } from '../../src/sync/mutations.js';
import type { SyncStatus } from '../../src/sync/sync-status.js';
import { fakeWorldOptions } from '../helpers/fake-world-options.js';

/**
 * The one front door (`src/front-door.ts`): the main entry's `createCatalogue` and `catalogue-sync/eager`'s are the
 * same door, the eager one given its core at once. The type half is checked by `tsc --noEmit -p .` (tsconfig
 * includes `test/`): the functions below are never called, they exist to be typed.
 */

/** A door missing a member does not compile: every member of the door is written against these types. */
function typeOnly(complete: CatalogueMembers, sync: CatalogueSync, account: AccountMutations, auth: CatalogueAuth) {
  const { close: _close, ...withoutClose } = complete;
  // @ts-expect-error: `close` is missing, so this is not a catalogue's door
  const door: CatalogueMembers = { ...withoutClose };
  const { refreshChanges: _refreshChanges, ...syncWithoutOne } = sync;
  // @ts-expect-error: a forwarder left out of `sync` does not compile either (no hand-listed names, no cast)
  const partialSync: CatalogueSync = { ...syncWithoutOne };
  const { rateEpisode: _rateEpisode, ...accountWithoutOne } = account;
  // @ts-expect-error: nor one left out of `account`
  const partialAccount: AccountMutations = { ...accountWithoutOne };
  const { ready: _ready, ...authWithoutOne } = auth;
  // @ts-expect-error: nor one left out of `auth`
  const partialAuth: CatalogueAuth = { ...authWithoutOne };
  return [door, partialSync, partialAccount, partialAuth];
}
void typeOnly;

const opened: Catalogue[] = [];
afterEach(async () => {
  for (const catalogue of opened.splice(0)) await catalogue.close();
});

const options = () => fakeWorldOptions('front-door-test').options;

/** Every member name of a catalogue object, own and inherited getters included. */
function memberNames(catalogue: object): string[] {
  return Object.keys(Object.getOwnPropertyDescriptors(catalogue)).sort();
}

describe('one front door', () => {
  it('a Catalogue is its members plus the view methods derived from the registry', () => {
    expectTypeOf<Catalogue>().toExtend<CatalogueMembers & OperationViews>();
    expectTypeOf<CatalogueMembers & OperationViews>().toExtend<Catalogue>();
    expectTypeOf<CatalogueMembers['outbox']>().toEqualTypeOf<OutboxView>();
  });

  it('the main and the eager createCatalogue make the same door: the same members, a view method per stored operation', () => {
    const main = createCatalogue(options());
    const eager = createEagerCatalogue(options());
    opened.push(main, eager);
    expect(memberNames(main)).toStrictEqual(memberNames(eager));
    for (const operation of STORED_OPERATIONS.filter((o) => o !== 'configuration')) {
      expect(typeof (main as unknown as Record<string, unknown>)[operation], operation).toBe('function');
    }
    expect(memberNames(main)).not.toContain('configurationView');
  });

  it("the eager door has its core at once (its database is there); the main door's arrives by import", async () => {
    const eager = createEagerCatalogue(options());
    const main = createCatalogue(options());
    opened.push(eager, main);
    expect(() => databaseOf(eager)).not.toThrow();
    expect(() => databaseOf(main)).toThrow(TypeError);
    // The same calls on either: the main door's wait for its core, then are the core's.
    await main.auth.ready();
    expect(() => databaseOf(main)).not.toThrow();
    expect(main.sync).toBe(main.sync);
    expect(eager.sync).toBe(eager.sync);
    await expect(main.sync.freshness('trendingTv', { time_window: 'day' })).resolves.toBe('missing');
    await expect(eager.sync.freshness('trendingTv', { time_window: 'day' })).resolves.toBe('missing');
  });

  it('a member asked for before the core arrived keeps working after (the same object throughout)', async () => {
    const main = createCatalogue(options());
    opened.push(main);
    const { outbox, user, account } = main;
    expect(main.outbox).toBe(outbox);
    expect(main.user).toBe(user);
    await main.auth.ready();
    expect(main.outbox).toBe(outbox);
    expect(main.user).toBe(user);
    expect(user.getSnapshot()).toEqual({ status: 'signedOut', user: undefined });
    await expect(outbox.drain()).resolves.toBeUndefined();
    await expect(account.markFavorite({ media_type: 'tv', media_id: 1, favorite: true })).rejects.toThrow();
  });

  it('a status listener added before the core arrived hears the status the core starts from when the connection changed meanwhile', async () => {
    let online = true;
    const subscribers = new Set<(online: boolean) => void>();
    const connectivity = {
      isOnline: () => online,
      subscribe(listener: (online: boolean) => void) {
        subscribers.add(listener);
        return () => subscribers.delete(listener);
      },
    };
    const main = createCatalogue(fakeWorldOptions('front-door-status', { connectivity }).options);
    opened.push(main);
    const heard: SyncStatus[] = [];
    main.on('status', (status) => heard.push(status));
    expect(main.status.online).toBe(true);
    // Offline before the core is there: nobody subscribed to the connection yet, the core starts offline.
    online = false;
    await main.auth.ready();
    expect(main.status.online).toBe(false);
    expect(heard.at(-1)?.online).toBe(false);
    expect(heard.at(-1)).toBe(main.status);
  });

  it('a status listener added before the core arrived hears nothing new when nothing changed', async () => {
    const main = createCatalogue(options());
    opened.push(main);
    const heard: SyncStatus[] = [];
    main.on('status', (status) => heard.push(status));
    await main.auth.ready();
    expect(heard).toEqual([]);
  });
});
