import { afterEach, describe, expect, it } from 'vitest';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import type { MutationFailedEvent } from '../../src/sync/catalogue-events.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { BASE_URL, type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { outboxWorldOptions } from '../helpers/outbox-world-options.js';

/**
 * A change refused because the user's session ended (it expired, or was revoked elsewhere) is not the change's
 * fault: it waits, visible, until the same user signs in again, and is then sent with the new session; only that
 * user's sign-out drops it. Refusals that are the change's (or the API key's) stay final.
 */

let fixture: CatalogueWorld;
const opened: Catalogue[] = [];
afterEach(async () => {
  for (const catalogue of opened.splice(0)) await catalogue.close();
});

function open(): Catalogue {
  const catalogue = fixture.open();
  opened.push(catalogue);
  return catalogue;
}

function newSession(accountId?: number) {
  return fixture.service.control.createSession(accountId === undefined ? {} : { account_id: accountId });
}

/** How the session ends on the service: its expiry, or a revoke from another device (the real `DELETE`). */
const ENDINGS = {
  expired: (sessionId: string) => fixture.service.control.expireSession(sessionId),
  revoked: async (sessionId: string) => {
    const response = await fixture.service.fetch(`${BASE_URL}/3/authentication/session`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId }),
    });
    expect(response.status).toBe(200);
  },
} as const;

interface World {
  readonly catalogue: Catalogue;
  readonly session: { session_id: string; account_id: number };
  readonly series: number;
  readonly listId: number;
  readonly items: number[];
}

async function signedIn(): Promise<World> {
  fixture = catalogueWorld(outboxWorldOptions());
  recordWrites();
  const session = newSession();
  const series = fixture.service.control.allSeries()[0]?.id as number;
  const movies = fixture.service.control.groundTruth('trendingMovies', { time_window: 'day' }) as {
    results: { id: number }[];
  };
  const items = movies.results.slice(0, 3).map((movie) => movie.id);
  const { list_id } = fixture.service.control.createList({ session_id: session.session_id, items });
  const catalogue = open();
  await catalogue.setUser(session);
  await fixture.clock.runUntil(catalogue.sync.pull('listDetails', { list_id }));
  await fixture.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id: series }));
  return { catalogue, session, series, listId: list_id, items };
}

/** Every kind of change the outbox carries, made offline; `intended` checks the service got each of them. */
const CHANGES = {
  favorite: {
    make: (w: World) => w.catalogue.account.markFavorite({ media_type: 'tv', media_id: w.series, favorite: true }),
    landed: (w: World, sessionId: string) => accountState(w, sessionId).favorite === true,
    shown: async (w: World) => (await storedState(w))?.favorite === true,
  },
  watchlist: {
    make: (w: World) => w.catalogue.account.addToWatchlist({ media_type: 'tv', media_id: w.series, watchlist: true }),
    landed: (w: World, sessionId: string) => accountState(w, sessionId).watchlist === true,
    shown: async (w: World) => (await storedState(w))?.watchlist === true,
  },
  rating: {
    make: (w: World) => w.catalogue.account.rateTvSeries({ series_id: w.series, value: 7.5 }),
    landed: (w: World, sessionId: string) =>
      JSON.stringify(accountState(w, sessionId).rated) === JSON.stringify({ value: 7.5 }),
    shown: async (w: World) => JSON.stringify((await storedState(w))?.rated) === JSON.stringify({ value: 7.5 }),
  },
  listRemoval: {
    make: (w: World) => w.catalogue.lists.removeItem({ list_id: w.listId, media_id: w.items[0] as number }),
    landed: (w: World) => !(fixture.service.control.listItems(w.listId) ?? []).includes(w.items[0] as number),
    shown: async (w: World) =>
      !(await w.catalogue.read('listDetails', { list_id: w.listId }))?.items.some((item) => item.id === w.items[0]),
  },
} as const;

async function storedState(w: World) {
  return (await w.catalogue.read('tvAccountStates', { series_id: w.series })) as
    | { favorite?: boolean; watchlist?: boolean; rated?: unknown }
    | undefined;
}

function accountState(w: World, sessionId: string): { favorite?: boolean; watchlist?: boolean; rated?: unknown } {
  return fixture.service.control.groundTruth('tvAccountStates', {
    series_id: w.series,
    session_id: sessionId,
  } as never) as { favorite?: boolean; watchlist?: boolean; rated?: unknown };
}

function failures(catalogue: Catalogue): MutationFailedEvent[] {
  const failed: MutationFailedEvent[] = [];
  catalogue.on('mutationFailed', (event) => failed.push(event));
  return failed;
}

/** The outbox view's snapshot once it has read the store. */
async function outboxNow(catalogue: Catalogue) {
  const stop = catalogue.outbox.subscribe(() => {});
  try {
    for (let i = 0; i < 50 && catalogue.outbox.getSnapshot().status === 'loading'; i++) await fixture.settle();
    await fixture.settle();
    return catalogue.outbox.getSnapshot();
  } finally {
    stop();
  }
}

/** The session id each write was sent with, in order (recorded between the catalogue and the service). */
let sentWith: string[] = [];

function recordWrites(): void {
  sentWith = [];
  const serviceFetch = fixture.service.fetch;
  (fixture.service as { fetch: typeof serviceFetch }).fetch = async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== 'GET') sentWith.push(new URL(request.url).searchParams.get('session_id') ?? '');
    return serviceFetch(request);
  };
}

/** Writes sent with `sessionId`. */
function writesWith(sessionId: string): number {
  return sentWith.filter((sent) => sent === sessionId).length;
}

describe('a change refused for an expired or revoked session waits for the same user to sign in again', () => {
  for (const [ending, end] of Object.entries(ENDINGS)) {
    for (const [kind, change] of Object.entries(CHANGES)) {
      it(`${kind}, session ${ending}: waits (visible, not rolled back, nothing more sent), survives a reload, then is sent with the new session`, async () => {
        const w = await signedIn();
        const failed = failures(w.catalogue);
        fixture.connectivity.setOnline(false);
        await change.make(w);
        // A second change behind it: it waits with the first (a user's changes go in order).
        await w.catalogue.account.rateEpisode({ series_id: w.series, season_number: 1, episode_number: 1, value: 6 });
        await end(w.session.session_id);
        fixture.connectivity.setOnline(true);
        await fixture.settle(1_000);
        await fixture.clock.runUntil(w.catalogue.outbox.drain());
        const refused = fixture.service.log.entries().filter((entry) => entry.status === 401);
        expect(refused).toHaveLength(1);
        expect(failed).toEqual([]);
        let snapshot = await outboxNow(w.catalogue);
        expect(snapshot.needsSignIn).toBe(true);
        expect(snapshot.pending).toBe(2);
        expect(snapshot.failed).toBe(0);
        expect(snapshot.entries[0]).toMatchObject({
          state: 'pending',
          waitingFor: 'sign-in',
          error: { status: 401, statusCode: 3 },
        });
        // Shown as made: the optimistic change stays.
        expect(await change.shown(w)).toBe(true);
        // Time passes, the network flaps, the page reloads: nothing is sent with the dead session, nothing fails.
        await fixture.settle(600_000);
        fixture.connectivity.setOnline(false);
        fixture.connectivity.setOnline(true);
        await fixture.settle(60_000);
        await w.catalogue.close();
        const reloaded = open();
        await reloaded.auth.ready();
        const lateFailed = failures(reloaded);
        await fixture.settle(60_000);
        await reloaded.sync.refresh().catch(() => undefined);
        // One write was ever refused: the first, with the old session (reads of the user's states may be too).
        expect(fixture.service.log.entries().filter((e) => e.status === 401 && e.method !== 'GET')).toHaveLength(1);
        snapshot = await outboxNow(reloaded);
        expect(snapshot).toMatchObject({ needsSignIn: true, pending: 2, failed: 0 });
        // The same account signs in again: a new session, and the changes go with it.
        const again = newSession(w.session.account_id);
        await reloaded.setUser(again);
        await fixture.settle(1_000);
        await fixture.clock.runUntil(reloaded.outbox.drain());
        expect(change.landed(w, again.session_id)).toBe(true);
        expect(writesWith(again.session_id)).toBe(2);
        snapshot = await outboxNow(reloaded);
        expect(snapshot).toMatchObject({ needsSignIn: false, pending: 0, failed: 0, entries: [] });
        expect([...failed, ...lateFailed]).toEqual([]);
      });
    }
  }

  it("another user's sign-in does not release them; the user's own does", async () => {
    const w = await signedIn();
    fixture.connectivity.setOnline(false);
    await CHANGES.favorite.make(w);
    fixture.service.control.expireSession(w.session.session_id);
    fixture.connectivity.setOnline(true);
    await fixture.settle(1_000);
    await fixture.clock.runUntil(w.catalogue.outbox.drain());
    const other = newSession();
    await w.catalogue.setUser(other);
    await w.catalogue.account.rateTvSeries({ series_id: w.series, value: 3 });
    await fixture.settle(1_000);
    await fixture.clock.runUntil(w.catalogue.outbox.drain());
    expect(writesWith(other.session_id)).toBe(1);
    const waiting = await databaseOf(w.catalogue).outbox.toArray();
    expect(waiting).toEqual([
      expect.objectContaining({ userScope: `account:${w.session.account_id}`, waitingFor: 'sign-in' }),
    ]);
    const again = newSession(w.session.account_id);
    await w.catalogue.setUser(again);
    await fixture.settle(1_000);
    await fixture.clock.runUntil(w.catalogue.outbox.drain());
    expect(CHANGES.favorite.landed(w, again.session_id)).toBe(true);
    expect(await databaseOf(w.catalogue).outbox.count()).toBe(0);
  });

  it("only that user's sign-out drops them (forced: they are pending), rolling back what they showed", async () => {
    const w = await signedIn();
    const failed = failures(w.catalogue);
    fixture.connectivity.setOnline(false);
    await CHANGES.listRemoval.make(w);
    await CHANGES.rating.make(w);
    fixture.service.control.expireSession(w.session.session_id);
    fixture.connectivity.setOnline(true);
    await fixture.settle(1_000);
    await fixture.clock.runUntil(w.catalogue.outbox.drain());
    await expect(w.catalogue.signOut()).rejects.toMatchObject({ name: 'PendingMutationsError', count: 2 });
    await w.catalogue.signOut({ force: true });
    expect(await databaseOf(w.catalogue).outbox.count()).toBe(0);
    expect((await w.catalogue.read('listDetails', { list_id: w.listId }))?.items.map((item) => item.id)).toEqual(
      w.items,
    );
    // Signing in again afterwards sends nothing of what was dropped.
    const again = newSession(w.session.account_id);
    await w.catalogue.setUser(again);
    await fixture.settle(60_000);
    expect(writesWith(again.session_id)).toBe(0);
    expect(fixture.service.control.listItems(w.listId)).toEqual(w.items);
    expect(failed).toEqual([]);
  });
});

describe('refusals that are not the session stay final', () => {
  const REFUSALS = [
    { code: 7, why: 'invalid API key' },
    { code: 38, why: 'no permission to edit this resource' },
  ];
  for (const { code, why } of REFUSALS) {
    it(`401 code ${code} (${why}): the change fails and is rolled back`, async () => {
      const w = await signedIn();
      const failed = failures(w.catalogue);
      const serviceFetch = fixture.service.fetch;
      (fixture.service as { fetch: typeof serviceFetch }).fetch = async (input, init) => {
        const request = new Request(input, init);
        if (request.method === 'GET') return serviceFetch(request);
        const envelope = { success: false, status_code: code, status_message: why };
        return new Response(JSON.stringify(envelope), { status: 401, headers: { 'content-type': 'application/json' } });
      };
      await CHANGES.favorite.make(w);
      await fixture.settle(1_000);
      await fixture.clock.runUntil(w.catalogue.outbox.drain());
      expect(failed.map((event) => event.error.statusCode)).toEqual([code]);
      expect((await outboxNow(w.catalogue)).needsSignIn).toBe(false);
    });
  }

  it('a guest whose session ended cannot be the same guest again: its change fails, as before', async () => {
    fixture = catalogueWorld(outboxWorldOptions());
    const guest = fixture.service.control.createGuestSession();
    const series = fixture.service.control.allSeries()[0]?.id as number;
    const catalogue = open();
    const failed = failures(catalogue);
    await catalogue.setUser(guest);
    fixture.connectivity.setOnline(false);
    await catalogue.account.rateTvSeries({ series_id: series, value: 5 });
    const serviceFetch = fixture.service.fetch;
    (fixture.service as { fetch: typeof serviceFetch }).fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'GET') return serviceFetch(request);
      const envelope = { success: false, status_code: 3, status_message: 'Authentication failed' };
      return new Response(JSON.stringify(envelope), { status: 401, headers: { 'content-type': 'application/json' } });
    };
    fixture.connectivity.setOnline(true);
    await fixture.settle(1_000);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    expect(failed.map((event) => event.error.statusCode)).toEqual([3]);
  });
});
