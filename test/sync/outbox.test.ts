import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { databaseOf } from '../../src/create-catalogue.js';
import { isPendingMutationsError, PendingMutationsError } from '../../src/errors/pending-mutations-error.js';
import { observableSymbol } from '../../src/query/observable.js';
import type { OutboxSnapshot } from '../../src/query/outbox-view.js';
import type { MutationFailedEvent } from '../../src/sync/catalogue-events.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { dumpDatabase } from '../helpers/dump-database.js';
import { outboxWorldOptions } from '../helpers/outbox-world-options.js';
import { secretCapture } from '../helpers/secret-capture.js';

/** The secrets the fake handed out during the whole file, and every instance's output and database: scanned after it. */
const capture = secretCapture();
let open: Catalogue[] = [];
let fixture: CatalogueWorld;

function start(): Catalogue {
  fixture = catalogueWorld(outboxWorldOptions(capture));
  return track(fixture.open());
}

function track(catalogue: Catalogue): Catalogue {
  open.push(catalogue);
  return catalogue;
}

/** A ready session of a new account on the fake; its id becomes a secret the final scan looks for. */
function newSession() {
  const session = fixture.service.control.createSession();
  capture.secrets.add(session.session_id);
  return session;
}

/** A list of the account holding the first `count` trending movies, stored in the catalogue. */
async function storedList(catalogue: Catalogue, sessionId: string, count = 3) {
  const movies = fixture.service.control.groundTruth('trendingMovies', { time_window: 'day' }) as {
    results: { id: number }[];
  };
  const items = movies.results.slice(0, count).map((movie) => movie.id);
  const { list_id } = fixture.service.control.createList({ session_id: sessionId, items });
  await catalogue.sync.pull('listDetails', { list_id });
  return { list_id, items };
}

async function storedItems(catalogue: Catalogue, list_id: number): Promise<number[] | undefined> {
  return (await catalogue.read('listDetails', { list_id }))?.items.map((item) => item.id);
}

/**
 * The first row once it waits between two attempts (pending, backing off), in small steps of virtual time: the drain
 * goes on retrying (it resolves only when every row is settled), and the row is `sending` during each attempt.
 */
async function betweenAttempts(catalogue: Catalogue) {
  for (let step = 0; step < 500; step++) {
    const [row] = await databaseOf(catalogue).outbox.toArray();
    if (row?.state === 'pending' && row.attempts > 0) return row;
    await fixture.settle(50);
  }
  return undefined;
}

afterEach(async () => {
  // Every test signs its users out at the end (forcefully), so the scan after the file finds no session id.
  for (const catalogue of open) {
    await catalogue.signOut({ force: true }).catch(() => {});
    await catalogue.close();
  }
  open = [];
});

afterAll(async () => {
  // After the whole file: no row of any table of any database holds the token, a session id or a request token.
  // (Counts stay loose so that a filtered run, `-t …`, still checks what it ran.)
  expect(capture.databases.length).toBeGreaterThan(0);
  // The token and at least one session id (one seed per fake, so ids repeat across tests).
  expect(capture.secrets.size).toBeGreaterThanOrEqual(2);
  for (const db of capture.databases) {
    for (const { table, text } of await dumpDatabase(db)) {
      for (const secret of capture.secrets) expect(text.includes(secret), `${table} holds a secret`).toBe(false);
    }
    db.close();
  }
  // Nor does any log line or event.
  expect(capture.output.length).toBeGreaterThan(0);
  for (const line of capture.output) {
    for (const secret of capture.secrets) expect(line.includes(secret), line).toBe(false);
  }
});

describe('lists.removeItem offline', () => {
  it('writes the optimistic change and the outbox row together, and nothing is sent while offline', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const { list_id, items } = await storedList(catalogue, session.session_id);
    fixture.connectivity.setOnline(false);
    const receipt = await catalogue.lists.removeItem({ list_id, media_id: items[1] as number });
    expect(receipt.outcome).toBe('queued');
    expect(await storedItems(catalogue, list_id)).toEqual([items[0], items[2]]);
    expect((await catalogue.read('listDetails', { list_id }))?.item_count).toBe(2);
    const rows = await databaseOf(catalogue).outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userScope: `account:${session.account_id}`,
      state: 'pending',
      mutation: { operation: 'removeListItem', params: { list_id, media_id: items[1] } },
    });
    await fixture.settle(60_000);
    expect(fixture.writes).toEqual([]);
    expect(fixture.service.control.listItems(list_id)).toEqual(items);
    expect(await databaseOf(catalogue).outbox.count()).toBe(1);
  });

  it('aborting the transaction (the outbox write fails) leaves neither the change nor the row', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const { list_id, items } = await storedList(catalogue, session.session_id);
    fixture.connectivity.setOnline(false);
    const refuse = () => {
      throw new Error('quota exceeded');
    };
    databaseOf(catalogue).outbox.hook('creating', refuse);
    await expect(catalogue.lists.removeItem({ list_id, media_id: items[0] as number })).rejects.toThrow('quota');
    databaseOf(catalogue).outbox.hook('creating').unsubscribe(refuse);
    expect(await storedItems(catalogue, list_id)).toEqual(items);
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
  });

  it('aborting the transaction (the optimistic write fails) writes no outbox row', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const { list_id, items } = await storedList(catalogue, session.session_id);
    fixture.connectivity.setOnline(false);
    const refuse = () => {
      throw new Error('disk full');
    };
    databaseOf(catalogue).lists.hook('updating', refuse);
    databaseOf(catalogue).lists.hook('creating', refuse);
    await expect(catalogue.lists.removeItem({ list_id, media_id: items[0] as number })).rejects.toThrow('disk full');
    databaseOf(catalogue).lists.hook('updating').unsubscribe(refuse);
    databaseOf(catalogue).lists.hook('creating').unsubscribe(refuse);
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(await storedItems(catalogue, list_id)).toEqual(items);
  });
});

describe('replay after a reload', () => {
  it('a new instance on the same database replays the pending rows once online: one request per mutation', async () => {
    const first = start();
    const session = newSession();
    await first.setUser(session);
    const { list_id, items } = await storedList(first, session.session_id);
    const series = (fixture.service.control.allSeries()[0]?.id ?? 0) as number;
    fixture.connectivity.setOnline(false);
    await first.lists.removeItem({ list_id, media_id: items[0] as number });
    await first.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    await first.account.rateTvSeries({ series_id: series, value: 7.5 });
    await first.close();
    open = [];

    const second = track(fixture.open());
    await second.auth.ready();
    expect(second.userScopeId).toBe(`account:${session.account_id}`);
    await fixture.settle(10_000);
    expect(fixture.writes).toEqual([]);
    fixture.connectivity.setOnline(true);
    await fixture.settle();
    await fixture.clock.runUntil(second.outbox.drain());
    await fixture.settle();

    expect(fixture.writes).toEqual([
      `POST /3/list/${list_id}/remove_item`,
      `POST /3/account/${session.account_id}/favorite`,
      `POST /3/tv/${series}/rating`,
    ]);
    const log = fixture.service.log;
    expect(log.count({ operation: 'removeListItem' })).toBe(1);
    expect(log.count({ operation: 'markFavorite' })).toBe(1);
    expect(log.count({ operation: 'rateTvSeries' })).toBe(1);
    expect(fixture.service.control.listItems(list_id)).toEqual(items.slice(1));
    const state = fixture.service.control.groundTruth('tvAccountStates', {
      series_id: series,
      session_id: session.session_id,
    });
    expect(state).toMatchObject({ favorite: true, rated: { value: 7.5 } });
    expect(await databaseOf(second).outbox.count()).toBe(0);
    // A third instance finds nothing left to send.
    await second.close();
    open = [];
    const third = track(fixture.open());
    await third.auth.ready();
    await fixture.clock.runUntil(third.outbox.drain());
    await fixture.settle(5_000);
    expect(fixture.writes).toHaveLength(3);
  });
});

describe('failures', () => {
  it('a permanent failure marks the row failed, rolls the change back and emits mutationFailed', async () => {
    const catalogue = start();
    const owner = newSession();
    const other = newSession();
    await catalogue.setUser(other);
    // A list of another account: removing from it is refused with 401 code 38 every time.
    const { list_id, items } = await storedList(catalogue, owner.session_id);
    const events: MutationFailedEvent[] = [];
    catalogue.on('mutationFailed', (event) => events.push(event));
    fixture.connectivity.setOnline(false);
    await catalogue.lists.removeItem({ list_id, media_id: items[0] as number });
    expect(await storedItems(catalogue, list_id)).toEqual(items.slice(1));
    fixture.connectivity.setOnline(true);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    await fixture.settle();

    expect(fixture.service.log.count({ operation: 'removeListItem' })).toBe(1);
    expect(await storedItems(catalogue, list_id)).toEqual(items);
    const [row] = await databaseOf(catalogue).outbox.toArray();
    expect(row).toMatchObject({ state: 'failed', lastError: { name: 'ServiceError', status: 401, statusCode: 38 } });
    expect(events).toEqual([
      expect.objectContaining({
        operation: 'removeListItem',
        params: { list_id, media_id: items[0] },
        userScope: `account:${other.account_id}`,
        error: expect.objectContaining({ status: 401, statusCode: 38 }),
      }),
    ]);
    expect(JSON.stringify(events)).not.toContain(other.session_id);
    // The failed entry is visible until dismissed.
    const seen = await new Promise<{ failed: number }>((resolve) => {
      const stop = catalogue.outbox.subscribe(() => {
        const snapshot = catalogue.outbox.getSnapshot();
        if (snapshot.status === 'ready') {
          stop();
          resolve(snapshot);
        }
      });
    });
    expect(seen.failed).toBe(1);
    expect(await catalogue.outbox.discard(row?.seq as number)).toBe(true);
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
  });

  it('transient failures keep the row pending and retry with backoff until the service answers', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const { list_id, items } = await storedList(catalogue, session.session_id);
    fixture.service.control.setFaults({ operations: { removeListItem: { errorRate: 1 } } });
    await catalogue.lists.removeItem({ list_id, media_id: items[2] as number });
    // The drain goes on backing off (it resolves only when every row is settled): look in between attempts.
    await fixture.settle(500);
    const pending = await betweenAttempts(catalogue);
    expect(pending?.state).toBe('pending');
    expect(pending?.attempts).toBeGreaterThanOrEqual(1);
    expect(pending?.lastError?.status).toBeGreaterThanOrEqual(500);
    expect(fixture.service.control.listItems(list_id)).toEqual(items);
    fixture.service.control.setFaults(undefined);
    await fixture.settle(120_000);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(fixture.service.control.listItems(list_id)).toEqual(items.slice(0, 2));
    expect(await storedItems(catalogue, list_id)).toEqual(items.slice(0, 2));
  });

  it('a reset after the service committed is retried, and "not on the list" (code 21) counts as done', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const { list_id, items } = await storedList(catalogue, session.session_id);
    const failed: unknown[] = [];
    catalogue.on('mutationFailed', (event) => failed.push(event));
    fixture.service.control.setFaults({ operations: { removeListItem: { resetRate: 1 } } });
    await catalogue.lists.removeItem({ list_id, media_id: items[0] as number });
    await fixture.settle(200);
    fixture.service.control.setFaults(undefined);
    await fixture.settle(120_000);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    expect(fixture.service.control.listItems(list_id)).toEqual(items.slice(1));
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(failed).toEqual([]);
    // The last answer was "entry not found" (21, HTTP 200): already in the target state.
    const answers = fixture.service.log.entries().filter((entry) => entry.operation === 'removeListItem');
    expect(answers.at(-1)?.status).toBe(200);
    expect(answers.length).toBeGreaterThanOrEqual(2);
    expect(await storedItems(catalogue, list_id)).toEqual(items.slice(1));
  });
});

describe('fetches that land before a change is sent', () => {
  it('keep the pending change on top of the fresh answer, and a later rollback restores that answer', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const { list_id, items } = await storedList(catalogue, session.session_id);
    const series = fixture.service.control.allSeries()[0]?.id as number;
    await catalogue.sync.pull('tvAccountStates', { series_id: series });
    // The changes cannot get through yet (the service answers 503 to them)…
    fixture.service.control.setFaults({
      operations: { rateTvSeries: { errorRate: 1 }, removeListItem: { errorRate: 1 } },
    });
    await catalogue.account.rateTvSeries({ series_id: series, value: 6.5 });
    await catalogue.lists.removeItem({ list_id, media_id: items[0] as number });
    await fixture.settle(100);
    // …while the service's data changes and views revalidate.
    fixture.service.control.setAccountState({ session_id: session.session_id, series_id: series }, { favorite: true });
    await catalogue.sync.pull('tvAccountStates', { series_id: series }, { force: true });
    await catalogue.sync.pull('listDetails', { list_id }, { force: true });
    expect(await catalogue.read('tvAccountStates', { series_id: series })).toMatchObject({
      favorite: true,
      rated: { value: 6.5 },
    });
    expect(await storedItems(catalogue, list_id)).toEqual(items.slice(1));
    expect(await databaseOf(catalogue).outbox.where('state').anyOf('pending', 'sending').count()).toBe(2);
    // Now the service refuses both changes for good (401 code 38: no permission to edit; an expired session, code
    // 3, would make them wait for a sign-in instead), and each rollback restores the fresh answer (favorite set, all
    // items), not the one from before the change.
    const serviceFetch = fixture.service.fetch;
    (fixture.service as { fetch: typeof serviceFetch }).fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'GET') return serviceFetch(request);
      const envelope = { success: false, status_code: 38, status_message: "You don't have permission to edit this." };
      return new Response(JSON.stringify(envelope), { status: 401, headers: { 'content-type': 'application/json' } });
    };
    fixture.service.control.setFaults(undefined);
    const failed: MutationFailedEvent[] = [];
    catalogue.on('mutationFailed', (event) => failed.push(event));
    await fixture.settle(120_000);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    expect(failed.map((event) => event.operation).sort()).toEqual(['rateTvSeries', 'removeListItem']);
    expect(await catalogue.read('tvAccountStates', { series_id: series })).toMatchObject({
      favorite: true,
      rated: false,
    });
    expect(await storedItems(catalogue, list_id)).toEqual(items);
  });
});

describe('delivery under faults', () => {
  it('with errors and resets after commits, every change lands once in effect and none is lost or failed', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const { list_id, items } = await storedList(catalogue, session.session_id, 6);
    const ids = fixture.service.control
      .allSeries()
      .map((s) => s.id as number)
      .slice(0, 6);
    const failed: unknown[] = [];
    catalogue.on('mutationFailed', (event) => failed.push(event));
    fixture.service.control.setFaults({ seed: 3, errorRate: 0.3, resetRate: 0.3 });
    fixture.connectivity.setOnline(false);
    for (const id of items.slice(0, 3)) await catalogue.lists.removeItem({ list_id, media_id: id });
    for (const [i, id] of ids.entries()) await catalogue.account.rateTvSeries({ series_id: id, value: i + 1 });
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: ids[0] as number, favorite: true });
    fixture.connectivity.setOnline(true);
    for (let round = 0; round < 30 && (await databaseOf(catalogue).outbox.count()) > 0; round++) {
      await fixture.clock.runUntil(catalogue.outbox.drain());
      await fixture.settle(30_000);
    }
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(failed).toEqual([]);
    expect(fixture.service.control.listItems(list_id)).toEqual(items.slice(3));
    for (const [i, id] of ids.entries()) {
      const state = fixture.service.control.groundTruth('tvAccountStates', {
        series_id: id,
        session_id: session.session_id,
      });
      expect(state).toMatchObject({ rated: { value: i + 1 }, favorite: i === 0 });
    }
    // Faults made some requests repeat; the log shows them, and the state above shows no change applied twice.
    const faulted = fixture.service.log.entries().filter((entry) => entry.fault === 'reset' || entry.fault === 'error');
    expect(faulted.length).toBeGreaterThan(0);
    expect(faulted.some((entry) => entry.fault === 'reset')).toBe(true);
    expect(fixture.service.log.count({ operation: 'rateTvSeries' })).toBeGreaterThan(6);
    fixture.service.control.setFaults(undefined);
  });
});

describe('coalescing and order', () => {
  it('toggling favorite twice before it is sent sends nothing', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const series = fixture.service.control.allSeries()[1]?.id as number;
    // The stored state says where the target was: only a change back to a known state cancels (an unknown one is
    // never guessed, see test/reliability/outbox-faults.test.ts).
    await catalogue.sync.pull('tvAccountStates', { series_id: series });
    fixture.connectivity.setOnline(false);
    expect((await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true })).outcome).toBe(
      'queued',
    );
    expect(
      (await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: false })).outcome,
    ).toBe('cancelled');
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    fixture.connectivity.setOnline(true);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    await fixture.settle();
    expect(fixture.writes).toEqual([]);
  });

  it('rating twice before it is sent sends only the last value; rating then deleting an unrated one sends nothing', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const [a, b] = fixture.service.control.allSeries().map((s) => s.id as number);
    await catalogue.sync.pull('tvAccountStates', { series_id: a as number });
    await catalogue.sync.pull('tvAccountStates', { series_id: b as number });
    fixture.connectivity.setOnline(false);
    await catalogue.account.rateTvSeries({ series_id: a as number, value: 6 });
    expect((await catalogue.account.rateTvSeries({ series_id: a as number, value: 9.5 })).outcome).toBe('coalesced');
    expect((await catalogue.read('tvAccountStates', { series_id: a as number }))?.rated).toEqual({ value: 9.5 });
    await catalogue.account.rateTvSeries({ series_id: b as number, value: 3 });
    expect((await catalogue.account.deleteTvSeriesRating({ series_id: b as number })).outcome).toBe('cancelled');
    expect((await catalogue.read('tvAccountStates', { series_id: b as number }))?.rated).toBe(false);
    fixture.connectivity.setOnline(true);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    await fixture.settle();
    expect(fixture.writes).toEqual([`POST /3/tv/${a}/rating`]);
    const state = fixture.service.control.groundTruth('tvAccountStates', {
      series_id: a as number,
      session_id: session.session_id,
    });
    expect(state).toMatchObject({ rated: { value: 9.5 } });
  });

  it("sends each user's changes first in, first out", async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const ids = fixture.service.control.allSeries().map((s) => s.id as number);
    await catalogue.sync.pull('accountTvWatchlist', {});
    fixture.connectivity.setOnline(false);
    await catalogue.account.addToWatchlist({ media_type: 'tv', media_id: ids[3] as number, watchlist: true });
    expect(await catalogue.sync.freshness('accountTvWatchlist', {})).toBe('fresh');
    await catalogue.account.rateTvSeries({ series_id: ids[1] as number, value: 4 });
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: ids[2] as number, favorite: true });
    await catalogue.account.rateEpisode({ series_id: ids[0] as number, season_number: 1, episode_number: 1, value: 8 });
    fixture.connectivity.setOnline(true);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    await fixture.settle();
    expect(fixture.writes).toEqual([
      `POST /3/account/${session.account_id}/watchlist`,
      `POST /3/tv/${ids[1]}/rating`,
      `POST /3/account/${session.account_id}/favorite`,
      `POST /3/tv/${ids[0]}/season/1/episode/1/rating`,
    ]);
    const watchlist = fixture.service.control.groundTruth('accountTvWatchlist', { ...session }) as {
      results: { id: number }[];
    };
    expect(watchlist.results.map((s) => s.id)).toEqual([ids[3]]);
    // Where the service put the new entry is its business: the stored pages turned stale, to be fetched again.
    expect(await catalogue.sync.freshness('accountTvWatchlist', {})).toBe('stale');
    await catalogue.sync.pull('accountTvWatchlist', {});
    expect((await catalogue.read('accountTvWatchlist', {}))?.results.map((s) => s.id)).toEqual([ids[3]]);
  });

  it('drains by itself when connectivity returns, and the outbox view counts what waits', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const ids = fixture.service.control.allSeries().map((s) => s.id as number);
    const counts: number[] = [];
    const stop = catalogue.outbox.subscribe(() => counts.push(catalogue.outbox.getSnapshot().pending));
    fixture.connectivity.setOnline(false);
    for (const id of ids.slice(0, 3)) await catalogue.account.rateTvSeries({ series_id: id, value: 5 });
    await fixture.settle();
    expect(catalogue.outbox.getSnapshot()).toMatchObject({ status: 'ready', pending: 3, failed: 0 });
    expect(catalogue.outbox.getSnapshot().entries.map((e) => e.operation)).toEqual([
      'rateTvSeries',
      'rateTvSeries',
      'rateTvSeries',
    ]);
    fixture.connectivity.setOnline(true);
    await fixture.settle(1000);
    expect(fixture.writes).toHaveLength(3);
    expect(catalogue.outbox.getSnapshot().pending).toBe(0);
    expect(counts.at(-1)).toBe(0);
    expect(counts).toContain(3);
    stop();
  });
});

describe('several users on one database', () => {
  it("A's changes are sent with A's session after switching to B, and the outbox view shows only the current user's", async () => {
    const catalogue = start();
    const a = newSession();
    const b = newSession();
    const [x, y] = fixture.service.control.allSeries().map((s) => s.id as number);
    fixture.connectivity.setOnline(false);
    await catalogue.setUser(a);
    await catalogue.account.rateTvSeries({ series_id: x as number, value: 2 });
    await catalogue.setUser(b);
    await catalogue.account.rateTvSeries({ series_id: y as number, value: 9 });
    const snapshots: OutboxSnapshot[] = [];
    // Through the Observable interop, as RxJS's `from(catalogue.outbox)` reads it.
    const subscription = catalogue.outbox[observableSymbol]().subscribe((snapshot) => snapshots.push(snapshot));
    await fixture.settle();
    expect(catalogue.outbox.getSnapshot()).toMatchObject({ userScope: `account:${b.account_id}`, pending: 1 });
    expect(catalogue.outbox.getSnapshot().entries[0]?.params).toEqual({ series_id: y, value: 9 });
    fixture.connectivity.setOnline(true);
    await fixture.settle(1000);
    await fixture.clock.runUntil(catalogue.outbox.drain());
    const truth = (id: number, session_id: string) =>
      fixture.service.control.groundTruth('tvAccountStates', { series_id: id, session_id });
    expect(truth(x as number, a.session_id)).toMatchObject({ rated: { value: 2 } });
    expect(truth(y as number, b.session_id)).toMatchObject({ rated: { value: 9 } });
    expect(truth(x as number, b.session_id)).toMatchObject({ rated: false });
    expect(truth(y as number, a.session_id)).toMatchObject({ rated: false });
    expect(catalogue.outbox.getSnapshot().pending).toBe(0);
    expect(snapshots[0]?.status).toBe('loading');
    // (A row being sent is still pending: `sending` changes its entry, not the count.)
    const counts = snapshots.filter((snapshot) => snapshot.status === 'ready').map((snapshot) => snapshot.pending);
    expect(counts.filter((count, i) => count !== counts[i - 1])).toEqual([1, 0]);
    expect(snapshots.slice(1).every((snapshot) => snapshot.userScope === `account:${b.account_id}`)).toBe(true);
    subscription.unsubscribe();
    await catalogue.signOut();
    await catalogue.setUser(a);
  });
});

describe('users, sessions and sign-out', () => {
  it("user A's account states and watchlist never appear in user B's reads; signOut purges A's", async () => {
    const catalogue = start();
    const a = newSession();
    const b = newSession();
    const series = fixture.service.control.allSeries()[0]?.id as number;
    fixture.service.control.setAccountState({ session_id: a.session_id, series_id: series }, { favorite: true });
    fixture.service.control.addToWatchlist({ session_id: a.session_id, series_id: series });
    await catalogue.setUser(a);
    await catalogue.sync.pull('tvAccountStates', { series_id: series });
    await catalogue.sync.pull('accountTvWatchlist', {});
    expect((await catalogue.read('tvAccountStates', { series_id: series }))?.favorite).toBe(true);
    expect((await catalogue.read('accountTvWatchlist', {}))?.results.map((s) => s.id)).toEqual([series]);

    await catalogue.setUser(b);
    expect(await catalogue.read('tvAccountStates', { series_id: series })).toBeUndefined();
    expect(await catalogue.read('accountTvWatchlist', {})).toBeUndefined();
    await catalogue.sync.pull('accountTvWatchlist', {});
    expect((await catalogue.read('accountTvWatchlist', {}))?.results).toEqual([]);

    await catalogue.setUser(a);
    expect((await catalogue.read('tvAccountStates', { series_id: series }))?.favorite).toBe(true);
    await catalogue.signOut();
    const db = databaseOf(catalogue);
    expect(await db.tvAccountStates.where('userScope').equals(`account:${a.account_id}`).count()).toBe(0);
    expect(await db.watchlistPages.where('userScope').equals(`account:${a.account_id}`).count()).toBe(0);
    expect(await db.syncMeta.where('userScope').equals(`account:${a.account_id}`).count()).toBe(0);
    expect(await db.users.get(`account:${a.account_id}`)).toBeUndefined();
    // B's data is untouched by A's sign-out.
    expect(await db.watchlistPages.where('userScope').equals(`account:${b.account_id}`).count()).toBe(1);
    await catalogue.setUser(b);
  });

  it("a view opened by user B never shows user A's stored account state or watchlist", async () => {
    const catalogue = start();
    const a = newSession();
    const b = newSession();
    const series = fixture.service.control.allSeries()[0]?.id as number;
    fixture.service.control.setAccountState({ session_id: a.session_id, series_id: series }, { favorite: true });
    fixture.service.control.addToWatchlist({ session_id: a.session_id, series_id: series });
    await catalogue.setUser(a);
    await catalogue.sync.pull('tvAccountStates', { series_id: series });
    await catalogue.sync.pull('accountTvWatchlist', {});
    await catalogue.setUser(b);
    fixture.connectivity.setOnline(false);
    const states = catalogue.tvAccountStates({ series_id: series });
    const watchlist = catalogue.accountTvWatchlist({});
    const seen: unknown[] = [];
    const stops = [
      states.subscribe(() => seen.push(states.getSnapshot().data)),
      watchlist.subscribe(() => seen.push(watchlist.getSnapshot().data)),
    ];
    await fixture.settle();
    expect(states.getSnapshot()).toMatchObject({ status: 'missing', data: undefined });
    expect(watchlist.getSnapshot()).toMatchObject({ status: 'missing', data: undefined });
    fixture.connectivity.setOnline(true);
    await fixture.settle(1000);
    expect(states.getSnapshot().data).toMatchObject({ id: series, favorite: false, watchlist: false });
    expect(watchlist.getSnapshot().data?.results).toEqual([]);
    // No snapshot of B's views ever carried A's favorite or A's watchlist entry.
    expect(seen.some((data) => JSON.stringify(data ?? null).includes('"favorite":true'))).toBe(false);
    expect(seen.some((data) => ((data as { results?: unknown[] })?.results?.length ?? 0) > 0)).toBe(false);
    for (const stop of stops) stop();
    // Both users sign out (B now, A after the test), so no session id is left for the scan after the file.
    await catalogue.signOut();
    await catalogue.setUser(a);
  });

  it('signOut refuses while changes wait (with their count), then with force revokes the session and purges', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const ids = fixture.service.control.allSeries().map((s) => s.id as number);
    fixture.connectivity.setOnline(false);
    await catalogue.account.rateTvSeries({ series_id: ids[0] as number, value: 5 });
    await catalogue.account.rateTvSeries({ series_id: ids[1] as number, value: 5 });
    const error = await catalogue.signOut().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PendingMutationsError);
    expect(isPendingMutationsError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'PendingMutationsError', count: 2 });
    expect(catalogue.userScopeId).toBe(`account:${session.account_id}`);
    // Offline, the session cannot be revoked: the local sign-out still removes everything of the user.
    await catalogue.signOut({ force: true });
    expect(catalogue.userScopeId).toBeUndefined();
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(await databaseOf(catalogue).users.count()).toBe(0);
    fixture.connectivity.setOnline(true);
    await fixture.settle(5_000);
    expect(fixture.writes).toEqual([]);
  });

  it('signOut online revokes the session with DELETE /3/authentication/session', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    await catalogue.sync.pull('accountTvWatchlist', {});
    await fixture.clock.runUntil(catalogue.signOut());
    expect(fixture.writes).toEqual(['DELETE /3/authentication/session']);
    expect(fixture.service.log.entries().at(-1)).toMatchObject({ operation: 'deleteSession', status: 200 });
    // The service no longer knows the session.
    expect(() => fixture.service.control.groundTruth('accountTvWatchlist', { ...session })).toThrow(/401/);
    expect(await databaseOf(catalogue).watchlistPages.count()).toBe(0);
    expect(await databaseOf(catalogue).users.count()).toBe(0);
  });

  it('signs in through a request token: the token and session never reach a table but the user row', async () => {
    const catalogue = start();
    const token = await catalogue.auth.createRequestToken();
    expect(token.success).toBe(true);
    fixture.service.control.approveRequestToken(token.request_token);
    const signedIn = await catalogue.auth.createSession(token.request_token);
    expect(signedIn.userScopeId).toBe(`account:${signedIn.account_id}`);
    expect(catalogue.userScopeId).toBe(signedIn.userScopeId);
    expect(await catalogue.auth.validate()).toMatchObject({ success: true });
    const rows = await dumpDatabase(databaseOf(catalogue));
    const holders = rows.filter(({ text }) =>
      [...capture.secrets].some((s) => s !== token.request_token && text.includes(s)),
    );
    expect(holders.map((r) => r.table)).toEqual(['users']);
    expect(rows.some(({ text }) => text.includes(token.request_token))).toBe(false);
  });

  it('a guest session can rate, not mark favorites', async () => {
    const catalogue = start();
    const guest = await catalogue.auth.createGuestSession();
    expect(catalogue.userScopeId).toMatch(/^guest:[0-9a-f]{16}$/);
    expect(guest.userScopeId).toBe(catalogue.userScopeId);
    const series = fixture.service.control.allSeries()[0]?.id as number;
    await expect(
      catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true }),
    ).rejects.toMatchObject({ name: 'InvalidParamsError' });
    await catalogue.account.rateTvSeries({ series_id: series, value: 10 });
    await fixture.clock.runUntil(catalogue.outbox.drain());
    await fixture.settle();
    expect(fixture.writes).toEqual([`POST /3/tv/${series}/rating`]);
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
  });
});

describe('sync.refresh', () => {
  it('sends pending changes first, without waiting for the backoff timer', async () => {
    const catalogue = start();
    const session = newSession();
    await catalogue.setUser(session);
    const { list_id, items } = await storedList(catalogue, session.session_id);
    fixture.service.control.setFaults({ operations: { removeListItem: { errorRate: 1 } } });
    await catalogue.lists.removeItem({ list_id, media_id: items[2] as number });
    expect((await betweenAttempts(catalogue))?.state).toBe('pending');
    fixture.service.control.setFaults(undefined);

    const timeBefore = fixture.clock.now();
    const refreshed = catalogue.sync.refresh();
    await fixture.settle();
    await refreshed;
    // No virtual time passed: the row went out because refresh drained the outbox, not because its timer fired.
    expect(fixture.clock.now()).toBe(timeBefore);
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(fixture.service.control.listItems(list_id)).toEqual(items.slice(0, 2));
  });
});

describe('two instances on one database (tabs)', () => {
  it('send a pending change once: drains take the background lock, so the second finds nothing left', async () => {
    const first = start();
    const second = track(fixture.open());
    const session = newSession();
    await first.setUser(session);
    await second.setUser(session);
    const { list_id, items } = await storedList(first, session.session_id);
    fixture.connectivity.setOnline(false);
    await first.lists.removeItem({ list_id, media_id: items[0] as number });
    const before = fixture.writes.length;
    // Both instances hear the network come back and both start a drain of the same pending row.
    fixture.connectivity.setOnline(true);
    await fixture.settle(5_000);
    expect(fixture.writes.slice(before).filter((w) => w.endsWith('/remove_item'))).toHaveLength(1);
    expect(await databaseOf(first).outbox.count()).toBe(0);
    expect(fixture.service.control.listItems(list_id)).toEqual(items.slice(1));
  });
});
