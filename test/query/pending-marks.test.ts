import { describe, expect, it } from 'vitest';
import type { View } from '../../src/query/view.js';
import type { ViewSnapshot } from '../../src/sync/view-snapshot.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, settle, until } from './view-helpers.js';

const open = closedAfterEach();

type Truth = { results: { id: number }[] };
type AnyView = View<ViewSnapshot<unknown>>;

/** No `pending` anywhere inside a value: marks stay beside `data`. */
const unmarked = (data: unknown) => !JSON.stringify(data ?? null).includes('"pending"');

describe('pending marks', () => {
  it('say which items of a view have a change waiting (lists, pages, single items), beside data, until it is sent', async () => {
    const world = open();
    const { catalogue, clock, connectivity, service } = world;
    const session = service.control.createSession();
    await clock.runUntil(catalogue.setUser(session));
    const trending = (service.control.groundTruth('trendingTv', { time_window: 'day' }) as Truth).results;
    const [shown, other] = [trending[0]?.id as number, trending[1]?.id as number];
    const list = catalogue.trendingTv({ time_window: 'day' });
    const pages = catalogue.pages('trendingTv', { time_window: 'day' });
    const states = catalogue.tvAccountStates({ series_id: shown });
    const otherStates = catalogue.tvAccountStates({ series_id: other });
    const episode = catalogue.episodeAccountStates({ series_id: shown, season_number: 1, episode_number: 1 });
    const views: AnyView[] = [list, pages, states, otherStates, episode];
    const recs = views.map((view) => record(view));
    for (const view of views) await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    const listData = list.getSnapshot().data;
    for (const view of views) expect(view.getSnapshot().pending).toBeUndefined();

    connectivity.setOnline(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: shown, favorite: true });
    await catalogue.account.addToWatchlist({ media_type: 'movie', media_id: 603, watchlist: true });
    await catalogue.account.rateEpisode({ series_id: shown, season_number: 1, episode_number: 1, value: 8 });
    await until(clock, list, (s) => s.pending !== undefined);
    await until(clock, episode, (s) => s.pending !== undefined);
    expect([...(list.getSnapshot().pending ?? [])]).toEqual([`tv:${shown}`]);
    expect([...(pages.getSnapshot().pending ?? [])]).toEqual([`tv:${shown}`]);
    expect([...(states.getSnapshot().pending ?? [])]).toEqual([`tv:${shown}`]);
    expect([...(episode.getSnapshot().pending ?? [])]).toEqual([`episode:${shown}:1:1`]);
    // An item with no change of its own, and a change for an item the view does not show: no mark.
    expect(otherStates.getSnapshot().pending).toBeUndefined();
    // The mark is beside data: the list's data is the very same answer, the item's is the change applied.
    expect(list.getSnapshot().data).toBe(listData);
    expect(states.getSnapshot().data).toMatchObject({ favorite: true });
    for (const view of views) expect(unmarked(view.getSnapshot().data)).toBe(true);
    // Stable while nothing changes.
    expect(list.getSnapshot()).toBe(list.getSnapshot());

    // Nothing marked is kept as a first answer: a reload shows the stored answer, with no mark, before its core.
    const reload = world.open();
    const reloaded = reload.trendingTv({ time_window: 'day' });
    const reloadRec = record(reloaded);
    const firstShown = await until(clock, reloaded, (s) => s.data !== undefined);
    expect(unmarked(firstShown.data)).toBe(true);
    reloadRec.stop();
    // Closed before the drain: the reload's instance would share the outbox's background work (another tab).
    await reload.close();

    connectivity.setOnline(true);
    await clock.runUntil(catalogue.outbox.drain());
    await settle(clock, 30);
    for (const view of views) await until(clock, view, (s) => s.pending === undefined);
    expect(service.log.count({ operation: 'markFavorite' })).toBe(1);
    // While a view is marked and after: every snapshot's data stays unmarked.
    for (const rec of recs) for (const s of rec.snapshots) expect(unmarked(s.data)).toBe(true);
    for (const rec of recs) rec.stop();
  });

  it('mark nothing signed out, and the new user’s changes only after a switch', async () => {
    const world = open();
    const { catalogue, clock, connectivity, service } = world;
    const series = (service.control.groundTruth('trendingTv', { time_window: 'day' }) as Truth).results[0]?.id;
    const list = catalogue.trendingTv({ time_window: 'day' });
    const rec = record(list);
    await until(clock, list, (s) => s.status === 'fresh' && !s.fetching);
    const first = service.control.createSession();
    await clock.runUntil(catalogue.setUser(first));
    connectivity.setOnline(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: series as number, favorite: true });
    await until(clock, list, (s) => s.pending?.has(`tv:${series}`) === true);
    const second = service.control.createSession();
    await clock.runUntil(catalogue.setUser(second));
    // Another user's waiting change is not this user's: no mark.
    await until(clock, list, (s) => s.pending === undefined);
    rec.stop();
  });
});
