import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../src/env.js';
import type { MutationFailedEvent } from '../../src/sync/catalogue-events.js';
import { type StoryWorld, storyWorld } from '../helpers/story-world.js';

let story: StoryWorld;
afterEach(async () => {
  await story.closeAll();
});

/** The service refuses the writes whose path ends with `suffix` (and whose body holds `match`), 401 in its envelope. */
function refuse(suffix: string, match = ''): (fetch: FetchLike) => FetchLike {
  return (fetch) => async (input, init) => {
    const request = new Request(input, init);
    const body = request.method === 'GET' ? '' : await request.clone().text();
    if (request.method !== 'GET' && new URL(request.url).pathname.endsWith(suffix) && body.includes(match)) {
      const envelope = { success: false, status_code: 38, status_message: "You don't have permission to edit this." };
      return new Response(JSON.stringify(envelope), { status: 401, headers: { 'content-type': 'application/json' } });
    }
    return fetch(request);
  };
}

describe('story 4: a refused change is dropped and the state recomputed, never restored from a snapshot', () => {
  it('favorite and watchlist of one series both refused: the stored state is what the service has', async () => {
    story = storyWorld();
    const { world, session, series } = story;
    const catalogue = await story.open((fetch) => refuse('/favorite')(refuse('/watchlist')(fetch)));
    await catalogue.setUser(session);
    await world.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id: series }));
    const failed: MutationFailedEvent[] = [];
    catalogue.on('mutationFailed', (event) => failed.push(event));
    world.connectivity.setOnline(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    await catalogue.account.addToWatchlist({ media_type: 'tv', media_id: series, watchlist: true });
    expect(await catalogue.read('tvAccountStates', { series_id: series })).toMatchObject({
      favorite: true,
      watchlist: true,
    });
    world.connectivity.setOnline(true);
    await world.clock.runUntil(catalogue.outbox.drain());
    expect(failed.map((event) => event.operation)).toEqual(['markFavorite', 'addToWatchlist']);
    expect(story.truth()).toMatchObject({ favorite: false, watchlist: false });
    expect(await catalogue.read('tvAccountStates', { series_id: series })).toMatchObject({
      favorite: false,
      watchlist: false,
    });
  });

  it('only the favorite refused: the accepted watchlist change stays on screen', async () => {
    story = storyWorld();
    const { world, session, series } = story;
    const catalogue = await story.open(refuse('/favorite'));
    await catalogue.setUser(session);
    await world.clock.runUntil(catalogue.sync.pull('tvAccountStates', { series_id: series }));
    world.connectivity.setOnline(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite: true });
    await catalogue.account.addToWatchlist({ media_type: 'tv', media_id: series, watchlist: true });
    world.connectivity.setOnline(true);
    await world.clock.runUntil(catalogue.outbox.drain());
    expect(story.truth()).toMatchObject({ favorite: false, watchlist: true });
    expect(await catalogue.read('tvAccountStates', { series_id: series })).toMatchObject({
      favorite: false,
      watchlist: true,
    });
  });

  it('two removals from one list, the first refused: the second stays removed, the first comes back', async () => {
    story = storyWorld();
    const { world, session } = story;
    const movies = world.service.control.groundTruth('trendingMovies', { time_window: 'day' }) as {
      results: { id: number }[];
    };
    const [a, b, c] = movies.results.map((movie) => movie.id) as [number, number, number];
    const { list_id } = world.service.control.createList({ session_id: session.session_id, items: [a, b, c] });
    const catalogue = await story.open(refuse('/remove_item', `"media_id":${a}`));
    await catalogue.setUser(session);
    await world.clock.runUntil(catalogue.sync.pull('listDetails', { list_id }));
    world.connectivity.setOnline(false);
    await catalogue.lists.removeItem({ list_id, media_id: a });
    await catalogue.lists.removeItem({ list_id, media_id: b });
    expect((await catalogue.read('listDetails', { list_id }))?.items.map((item) => item.id)).toEqual([c]);
    world.connectivity.setOnline(true);
    await world.clock.runUntil(catalogue.outbox.drain());
    expect(world.service.control.listItems(list_id)).toEqual([a, c]);
    const stored = await catalogue.read('listDetails', { list_id });
    expect(stored?.items.map((item) => item.id)).toEqual([a, c]);
    expect(stored?.item_count).toBe(2);
  });
});

describe("story 6: the user's list views show pending changes at once", () => {
  it('a watchlist add made offline is in the watchlist view at once, at the end of the last page, totals adjusted', async () => {
    story = storyWorld();
    const { world, session } = story;
    const { control } = world.service;
    const trending = control.groundTruth('trendingTv', { time_window: 'day' }) as { results: { id: number }[] };
    const [first, second, added] = trending.results.map((result) => result.id) as [number, number, number];
    for (const series_id of [first, second]) {
      control.setAccountState({ session_id: session.session_id, series_id }, { watchlist: true });
      world.clock.advance(1_000);
    }
    const catalogue = await story.open();
    await catalogue.setUser(session);
    // The series' records are stored (a trending page), and so is the watchlist's only page.
    await world.clock.runUntil(catalogue.sync.pull('trendingTv', { time_window: 'day' }));
    const params = { account_id: session.account_id };
    await world.clock.runUntil(catalogue.sync.pull('accountTvWatchlist', params));
    const before = await catalogue.read('accountTvWatchlist', params);
    expect(before?.results.map((result) => result.id)).toEqual([first, second]);

    world.connectivity.setOnline(false);
    await catalogue.account.addToWatchlist({ media_type: 'tv', media_id: added, watchlist: true });
    await catalogue.account.addToWatchlist({ media_type: 'tv', media_id: first, watchlist: false });
    const pending = await catalogue.read('accountTvWatchlist', params);
    expect(pending?.results.map((result) => result.id)).toEqual([second, added]);
    expect([pending?.total_results, pending?.total_pages]).toEqual([2, 1]);

    // Sent: the service's answer is the same list.
    world.connectivity.setOnline(true);
    await world.clock.runUntil(catalogue.outbox.drain());
    await world.clock.runUntil(catalogue.sync.pull('accountTvWatchlist', params, { force: true }));
    const served = await catalogue.read('accountTvWatchlist', params);
    expect(served?.results.map((result) => result.id)).toEqual([second, added]);
    expect(served?.total_results).toBe(2);
  });
});
