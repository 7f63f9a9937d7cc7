import { createElement, useState } from 'react';
import { act } from 'react-test-renderer';
import { describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import { type ChangeState, useChange, usePages, useStatus, useUser, useView } from '../../src/react/index.js';
import type { MutationInput } from '../../src/sync/mutations.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { until } from '../query/view-helpers.js';
import { strictApp } from './strict-app.js';

const open = closedAfterEach();

const { render, text, current } = strictApp();

describe('catalogue-sync/react, in a Strict Mode app', () => {
  it('views made in render (new params objects each time): no update loop, one request per key, live updates', async () => {
    const { catalogue, clock, urls } = open();
    const renders = { count: 0 };
    function Trending() {
      renders.count += 1;
      // A new params object on every render, as people write it.
      const snapshot = useView('trendingTv', { time_window: 'day' });
      const again = useView('trendingTv', { time_window: 'day' });
      if (snapshot !== again) throw new Error('two reads of one key in one render disagree');
      const first = snapshot.data?.results[0];
      return createElement('p', null, `${snapshot.status}:${first?.name ?? '-'}`);
    }
    const errors = await render(catalogue, createElement(Trending));
    const view = catalogue.trendingTv({ time_window: 'day' });
    await act(async () => {
      await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    });
    const stored = view.getSnapshot().data?.results[0];
    expect(text()).toBe(`fresh:${stored?.name}`);
    expect(errors).toEqual([]);
    // Strict Mode renders twice, and each store change once more: a handful, not React's loop limit.
    expect(renders.count).toBeLessThan(20);
    expect(urls.filter((url) => url.includes('/trending/tv/day'))).toHaveLength(1);

    // A record changed by another writer shows without anything re-created.
    await act(async () => {
      await databaseOf(catalogue).tvSeries.update(stored?.id as number, { name: 'Renamed elsewhere' });
      await until(clock, view, (s) => s.data?.results[0]?.name === 'Renamed elsewhere');
    });
    expect(text()).toBe('fresh:Renamed elsewhere');
    expect(urls.filter((url) => url.includes('/trending/tv/day'))).toHaveLength(1);
  });

  it('params that change re-subscribe to the new key; the old one is let go', async () => {
    const { catalogue, clock, urls } = open();
    let choose: (window: 'day' | 'week') => void = () => {};
    function Switcher() {
      const [window, setWindow] = useState<'day' | 'week'>('day');
      choose = setWindow;
      const snapshot = useView('trendingTv', { time_window: window });
      return createElement('p', null, `${window}:${snapshot.status}`);
    }
    const errors = await render(catalogue, createElement(Switcher));
    await act(async () => {
      await until(clock, catalogue.trendingTv({ time_window: 'day' }), (s) => s.status === 'fresh' && !s.fetching);
    });
    await act(async () => choose('week'));
    await act(async () => {
      await until(clock, catalogue.trendingTv({ time_window: 'week' }), (s) => s.status === 'fresh' && !s.fetching);
    });
    expect(text()).toBe('week:fresh');
    expect(errors).toEqual([]);
    expect(urls.filter((url) => url.includes('/trending/tv/'))).toHaveLength(2);
  });

  it('usePages keeps its pages across renders and pages on; useUser follows sign-in', async () => {
    const { catalogue, clock } = open();
    let more: () => Promise<void> = async () => {};
    function People() {
      const pages = usePages('popularPeople', {});
      const user = useUser();
      more = pages.fetchNextPage;
      return createElement(
        'p',
        null,
        `${pages.pageCount}:${pages.data?.results.length ?? 0}:${user.user?.kind ?? user.status}`,
      );
    }
    const errors = await render(catalogue, createElement(People));
    const pages = catalogue.pages('popularPeople', {});
    expect(catalogue.pages('popularPeople', {})).toBe(pages);
    await act(async () => {
      await until(clock, pages, (s) => s.status === 'fresh' && !s.fetching);
    });
    await act(async () => {
      const added = more();
      await until(clock, pages, (s) => s.pageCount === 2 && !s.fetching && !s.fetchingNextPage && s.status === 'fresh');
      await added;
    });
    expect(text()).toMatch(/^2:(3[0-9]|40):signedOut$/);
    await act(async () => {
      let signedIn = false;
      const session = catalogue.auth.createGuestSession().then(() => {
        signedIn = true;
      });
      for (let i = 0; i < 500 && !signedIn; i++) await clock.flush();
      await session;
    });
    expect(text()).toMatch(/:guest$/);
    expect(errors).toEqual([]);
  });

  it('useStatus with a selector re-renders only when the selected value changes, not on every request', async () => {
    const { catalogue, clock, connectivity, urls } = open();
    const renders = { selected: 0, whole: 0 };
    function OnlineBadge() {
      renders.selected += 1;
      // A new selector on every render, as people write it.
      const online = useStatus((s) => s.online);
      return createElement('b', null, online ? 'online' : 'offline');
    }
    function Progress() {
      renders.whole += 1;
      const { pending } = useStatus();
      return createElement('i', null, String(pending));
    }
    const errors = await render(
      catalogue,
      createElement('div', null, createElement(OnlineBadge), createElement(Progress)),
    );
    const before = { ...renders };
    const requestsBefore = urls.length;
    await act(async () => {
      let done = false;
      // 19 pages of discover (all the fake has) and one more list: 20 requests.
      const sync = Promise.all([
        catalogue.sync.pullList('discoverTv', { sort_by: 'popularity.desc' }, { pages: 'all' }),
        catalogue.sync.ensureFresh('trendingMovies', { time_window: 'day' }),
      ]).then(() => {
        done = true;
      });
      for (let i = 0; i < 2_000 && !done; i++) await clock.flush();
      await sync;
    });
    expect(urls.length - requestsBefore).toBe(20);
    // The whole status changed with each request (the baseline that shows the selector's work)...
    expect(renders.whole - before.whole).toBeGreaterThan(10);
    // ...the selected part never did: Strict Mode's two first renders, at most one more.
    expect(renders.selected).toBeLessThanOrEqual(3);
    await act(async () => connectivity.setOnline(false));
    expect(current()?.root.findByType('b').children).toEqual(['offline']);
    expect(errors).toEqual([]);
  });

  it('useUser says restoring, never signed out, while a signed-in reload reads its session back', async () => {
    const world = open();
    await world.clock.runUntil(world.catalogue.setUser({ account_id: 7, session_id: 'b'.repeat(40) }));
    await world.catalogue.close();
    const reloaded = world.open();
    const seen: string[] = [];
    function Header() {
      const { status, user } = useUser();
      seen.push(status);
      return createElement('p', null, user ? `${status}:${user.scopeId}` : status);
    }
    const errors = await render(reloaded, createElement(Header));
    await act(async () => {
      await reloaded.auth.ready();
      await world.settle();
    });
    expect(text()).toBe('signedIn:account:7');
    expect(seen[0]).toBe('restoring');
    expect(seen).not.toContain('signedOut');
    expect(errors).toEqual([]);
    await reloaded.close();
  });

  it('a key that alternates every frame for 120 frames costs at most one request per key', async () => {
    const { catalogue, clock, service } = open();
    const ids = service.control
      .allSeries()
      .slice(4, 6)
      .map((series) => series.id);
    let pick: (index: number) => void = () => {};
    function Preview() {
      const [index, setIndex] = useState(0);
      pick = setIndex;
      const { status } = useView('tvSeriesDetails', { series_id: ids[index] as number });
      return createElement('p', null, `${index}:${status}`);
    }
    const errors = await render(catalogue, createElement(Preview));
    for (let frame = 1; frame <= 120; frame++) {
      await act(async () => {
        pick(frame % 2);
        await clock.advance(16);
      });
    }
    await act(async () => {
      await until(clock, catalogue.tvSeriesDetails({ series_id: ids[0] as number }), (s) => s.status === 'fresh');
    });
    expect(text()).toBe('0:fresh');
    expect(service.log.count({ operation: 'tvSeriesDetails' })).toBeLessThanOrEqual(2);
    expect(errors).toEqual([]);
  });

  it('useChange: pending while the change waits offline, sent once the service has it; a bad call is its error', async () => {
    const world = open();
    const { catalogue, clock, connectivity, service } = world;
    const session = service.control.createSession();
    await clock.runUntil(catalogue.setUser(session));
    const series = service.control.allSeries()[0]?.id as number;
    let change: ChangeState<[MutationInput<'markFavorite'>]> | undefined;
    function FavoriteButton() {
      change = useChange((c) => c.account.markFavorite);
      return createElement('p', null, `${change.pending}:${change.sent}:${change.error === undefined ? '-' : 'error'}`);
    }
    const errors = await render(catalogue, createElement(FavoriteButton));
    expect(text()).toBe('false:false:-');

    connectivity.setOnline(false);
    await act(async () => {
      await change?.run({ media_type: 'tv', media_id: series, favorite: true });
      await world.settle();
    });
    expect(text()).toBe('true:false:-');
    expect(service.log.count({ operation: 'markFavorite' })).toBe(0);

    await act(async () => {
      connectivity.setOnline(true);
      await clock.runUntil(catalogue.outbox.drain());
      await world.settle();
    });
    expect(service.log.count({ operation: 'markFavorite' })).toBe(1);
    expect(text()).toBe('false:true:-');

    // A call the library refuses before anything is queued: its error, nothing pending.
    await act(async () => {
      await change?.run({ media_type: 'tv', media_id: -1, favorite: true });
    });
    expect(text()).toBe('false:false:error');
    expect(errors).toEqual([]);
  });

  it('enabled: false makes no view: a user list renders disabled while signed out (no error, no request), then fetches once signed in', async () => {
    const world = open();
    const { catalogue, clock, service } = world;
    function Watchlist() {
      const { status } = useUser();
      const list = useView('accountTvWatchlist', {}, { enabled: status === 'signedIn' });
      const more = usePages('accountTvWatchlist', {}, { enabled: status === 'signedIn' });
      const shown = 'disabled' in list ? 'disabled' : list.status;
      return createElement('p', null, `${shown}:${list.data?.results.length ?? 0}:${more.pageCount}`);
    }
    const errors = await render(catalogue, createElement(Watchlist));
    await act(async () => {
      await catalogue.auth.ready();
      await world.settle();
    });
    expect(text()).toBe('disabled:0:0');
    expect(service.log.count({ operation: 'accountTvWatchlist' })).toBe(0);

    const session = service.control.createSession();
    await act(async () => {
      await clock.runUntil(catalogue.setUser(session));
      await world.settle();
    });
    await act(async () => {
      await until(clock, catalogue.accountTvWatchlist({}), (s) => s.status === 'fresh' && !s.fetching);
    });
    expect(text()).toMatch(/^fresh:\d+:1$/);
    expect(service.log.count({ operation: 'accountTvWatchlist' })).toBe(1);
    expect(errors).toEqual([]);
  });
  it('without any option, user views render disabled while signed out (no error, no request) and fetch on sign-in', async () => {
    const world = open();
    const { catalogue, clock, service } = world;
    const series = service.control.allSeries()[0]?.id as number;
    function Account() {
      const states = useView('tvAccountStates', { series_id: series });
      const list = usePages('accountTvWatchlist', {});
      const shown = (s: { disabled?: true; status: string }) => (s.disabled ? 'disabled' : s.status);
      return createElement('p', null, `${shown(states)}:${shown(list)}:${String(states.data?.watchlist ?? '-')}`);
    }
    const errors = await render(catalogue, createElement(Account));
    await act(async () => {
      await catalogue.auth.ready();
      await world.settle();
    });
    expect(text()).toBe('disabled:disabled:-');
    expect(service.log.count({ operation: 'tvAccountStates' })).toBe(0);
    expect(service.log.count({ operation: 'accountTvWatchlist' })).toBe(0);

    const session = service.control.createSession();
    await act(async () => {
      await clock.runUntil(catalogue.setUser(session));
      await world.settle();
    });
    await act(async () => {
      await until(clock, catalogue.accountTvWatchlist({}), (s) => s.status === 'fresh' && !s.fetching);
      await until(clock, catalogue.tvAccountStates({ series_id: series }), (s) => s.status === 'fresh' && !s.fetching);
      await world.settle();
    });
    expect(text()).toBe('fresh:fresh:false');
    expect(service.log.count({ operation: 'tvAccountStates' })).toBe(1);
    expect(service.log.count({ operation: 'accountTvWatchlist' })).toBe(1);
    expect(errors).toEqual([]);
  });
});
