import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import type { OutboxSnapshot } from '../../src/query/outbox-view.js';
import { type StoryWorld, storyWorld } from '../helpers/story-world.js';

let story: StoryWorld;
afterEach(async () => {
  await story.closeAll();
});

/** Every row of every table, as JSON per table. */
async function tablesText(db: import('../../src/store/database/catalogue-database.js').CatalogueDatabase) {
  const out: Record<string, string> = {};
  for (const table of db.tables) out[table.name] = JSON.stringify(await table.toArray());
  return out;
}

describe('story 5: a signed-out scope is ended everywhere', () => {
  it('reads queued offline are not sent after a forced sign-out, and nothing is written under the scope', async () => {
    story = storyWorld();
    const { world, session, series } = story;
    const catalogue = await story.open();
    await catalogue.setUser(session);
    const scope = catalogue.userScopeId as string;
    world.connectivity.setOnline(false);
    const queued = catalogue.sync.pull('tvAccountStates', { series_id: series });
    const watchlist = catalogue.sync.pull('accountTvWatchlist', {});
    queued.catch(() => {});
    watchlist.catch(() => {});
    await world.settle(100);
    await catalogue.signOut({ force: true });
    world.connectivity.setOnline(true);
    await world.settle(5_000);
    await expect(queued).rejects.toMatchObject({ name: 'ScopeEndedError' });
    await expect(watchlist).rejects.toMatchObject({ name: 'ScopeEndedError' });
    const sent = world.requests.filter((request) => request.url.includes(session.session_id));
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual([]);
    for (const [table, text] of Object.entries(await tablesText(databaseOf(catalogue)))) {
      expect(text.includes(scope), `${table} names the signed-out user`).toBe(false);
    }
  });

  it("a forced sign-out drops the user's unsent list removal and its effect on the shared list", async () => {
    story = storyWorld();
    const { world, session } = story;
    const movies = world.service.control.groundTruth('trendingMovies', { time_window: 'day' }) as {
      results: { id: number }[];
    };
    const items = movies.results.slice(0, 3).map((movie) => movie.id);
    const { list_id } = world.service.control.createList({ session_id: session.session_id, items });
    const catalogue = await story.open();
    await catalogue.setUser(session);
    await world.clock.runUntil(catalogue.sync.pull('listDetails', { list_id }));
    world.connectivity.setOnline(false);
    await catalogue.lists.removeItem({ list_id, media_id: items[0] as number });
    expect((await catalogue.read('listDetails', { list_id }))?.items.map((item) => item.id)).toEqual(items.slice(1));
    await catalogue.signOut({ force: true });
    // Signed out (and the next user) see the list as the service has it.
    expect((await catalogue.read('listDetails', { list_id }))?.items.map((item) => item.id)).toEqual(items);
    expect(await databaseOf(catalogue).outbox.count()).toBe(0);
    expect(await databaseOf(catalogue).outboxBase.count()).toBe(0);
  });

  it('a forced sign-out purges the quarantine rows naming the user', async () => {
    story = storyWorld();
    const { world, session, series } = story;
    const catalogue = await story.open();
    await catalogue.setUser(session);
    const scope = catalogue.userScopeId as string;
    world.service.control.setFaults({ operations: { tvAccountStates: { schemaViolationRate: 1 } } });
    await world.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id: series }).catch(() => undefined));
    world.service.control.setFaults(undefined);
    await world.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id: 1 + series }));
    const quarantined = await databaseOf(catalogue).quarantine.toArray();
    expect(quarantined.some((row) => row.requestKey.includes(encodeURIComponent(scope)))).toBe(true);
    await catalogue.signOut({ force: true });
    for (const [table, text] of Object.entries(await tablesText(databaseOf(catalogue)))) {
      expect(text.includes(scope) || text.includes(encodeURIComponent(scope)), `${table} names the user`).toBe(false);
    }
  });

  it('a forced sign-out purges the read marks naming the user, and keeps the public ones', async () => {
    story = storyWorld();
    const { session, series } = story;
    const catalogue = await story.open();
    await catalogue.setUser(session);
    const scope = catalogue.userScopeId as string;
    const names = (ref: string) => ref.includes(scope) || ref.includes(encodeURIComponent(scope));
    const states = catalogue.tvAccountStates({ series_id: series });
    const trending = catalogue.trendingTv({ time_window: 'day' });
    const offStates = states.subscribe(() => {});
    const offTrending = trending.subscribe(() => {});
    await story.until(() => states.getSnapshot().status === 'fresh' && trending.getSnapshot().status === 'fresh');
    // What views read is written when the engine writes anyway (here, a pull of another key).
    const marks = async () => (await databaseOf(catalogue).readMarks.toArray()).map((mark) => mark.ref);
    await catalogue.sync.pull('trendingTv', { time_window: 'week' });
    await story.until(async () => {
      const refs = await marks();
      return refs.some(names) && refs.some((ref) => !names(ref));
    });
    offStates();
    offTrending();
    const publicMarks = (await marks()).filter((ref) => !names(ref));
    await catalogue.signOut({ force: true });
    const left = await marks();
    expect(left.filter(names)).toEqual([]);
    expect(left).toEqual(expect.arrayContaining(publicMarks));
  });

  it('signing out in one tab ends the scope in the other: its queued read is aborted, nothing written', async () => {
    story = storyWorld();
    const { world, session, series } = story;
    const a = await story.open();
    const b = await story.open();
    await a.setUser(session);
    await b.auth.ready();
    await b.setUser(session);
    const scope = b.userScopeId as string;
    world.connectivity.setOnline(false);
    const queued = b.sync.pull('tvAccountStates', { series_id: series });
    queued.catch(() => {});
    await world.settle(100);
    await a.signOut({ force: true });
    world.connectivity.setOnline(true);
    await world.settle(5_000);
    await expect(queued).rejects.toMatchObject({ name: 'ScopeEndedError' });
    expect(b.userScopeId).toBeUndefined();
    expect(world.requests.filter((request) => request.url.includes(session.session_id))).toEqual([]);
    for (const [table, text] of Object.entries(await tablesText(databaseOf(b)))) {
      expect(text.includes(scope), `${table} names the signed-out user`).toBe(false);
    }
  });

  it("the outbox view's first snapshot after subscribing again is the current user's, never the previous one's", async () => {
    story = storyWorld();
    const { world, session } = story;
    const other = world.service.control.createSession();
    const catalogue = await story.open();
    world.connectivity.setOnline(false);
    await catalogue.setUser(session);
    await catalogue.account.rateTvSeries({ series_id: story.series, value: 4 });
    const off = catalogue.outbox.subscribe(() => {});
    await story.until(() => catalogue.outbox.getSnapshot().status === 'ready');
    expect(catalogue.outbox.getSnapshot()).toMatchObject({ userScope: `account:${session.account_id}`, pending: 1 });
    off();
    await catalogue.setUser(other);
    const seen: OutboxSnapshot[] = [];
    const again = catalogue.outbox.subscribe(() => seen.push(catalogue.outbox.getSnapshot()));
    seen.push(catalogue.outbox.getSnapshot());
    await story.until(() => catalogue.outbox.getSnapshot().status === 'ready');
    again();
    expect(seen[0]?.userScope).not.toBe(`account:${session.account_id}`);
    expect(seen.at(-1)).toMatchObject({ userScope: `account:${other.account_id}`, pending: 0 });
  });
});
