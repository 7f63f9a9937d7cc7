import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { isInvalidParamsError } from '../../src/errors/index.js';
import { observableSymbol } from '../../src/query/observable.js';
import type { ViewSnapshot } from '../../src/sync/view-snapshot.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { record, until } from './view-helpers.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.catalogue.close();
  fixture = undefined;
});

describe('user views', () => {
  it('wait for a user, disabled (bad parameters still throw at once), then show series and episode account states', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, service } = fixture;
    const series_id = service.control.allSeries()[5]?.id as number;
    const waiting = catalogue.tvAccountStates({ series_id });
    expect(waiting.getSnapshot()).toMatchObject({ status: 'loading', error: undefined });
    let thrown: unknown;
    try {
      catalogue.tvAccountStates({ series_id: 0 });
    } catch (error) {
      thrown = error;
    }
    expect(isInvalidParamsError(thrown)).toBe(true);
    const { guest_session_id } = service.control.createGuestSession();
    await until(clock, waiting, (s) => s.disabled === true);
    await catalogue.setUser({ guest_session_id });
    service.control.setAccountState(
      { guest_session_id, series_id, season_number: 1, episode_number: 2 },
      { rated: { value: 7 } },
    );
    const episode = catalogue.episodeAccountStates({ series_id, season_number: 1, episode_number: 2 });
    const rec = record(episode);
    const shown = await until(clock, episode, (s) => s.status === 'fresh' && !s.fetching);
    expect(shown.data).toEqual(
      service.control.groundTruth('episodeAccountStates', {
        series_id,
        season_number: 1,
        episode_number: 2,
        guest_session_id,
      }),
    );
    expect(shown.data?.rated).toEqual({ value: 7 });
    // Credentials never reach keys: the view's request key names the user scope, not the guest session.
    expect(episode.requestKey).not.toContain(guest_session_id);
    rec.stop();
  });

  it('show the TV watchlist in either sort order, exactly as served', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, service } = fixture;
    const { session_id, account_id } = service.control.createSession();
    const ids = service.control
      .allSeries()
      .slice(10, 14)
      .map((s) => s.id as number);
    for (const [i, series_id] of ids.entries()) {
      service.control.addToWatchlist({ session_id, series_id, added_at: clock.now() - (10 - i) * 60_000 });
    }
    await catalogue.setUser({ account_id, session_id });
    for (const sort_by of ['created_at.asc', 'created_at.desc'] as const) {
      const view = catalogue.accountTvWatchlist({ sort_by });
      const rec = record(view);
      const { data } = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
      const truth = endpoints.accountTvWatchlist.response.parse(
        service.control.groundTruth('accountTvWatchlist', { account_id, session_id, sort_by }),
      );
      expect(data).toEqual(truth);
      expect(data?.results.map((r) => r.id)).toEqual(sort_by === 'created_at.asc' ? ids : [...ids].reverse());
      rec.stop();
    }
  });
});

describe('interop', () => {
  it('is an Observable (Symbol.observable ?? "@@observable"): current snapshot first, then each new one', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock } = fixture;
    const view = catalogue.airingToday();
    const observable = view[observableSymbol]();
    expect(observable[observableSymbol]()).toBe(observable);
    const seen: ViewSnapshot<unknown>[] = [];
    const subscription = observable.subscribe({ next: (s) => seen.push(s) });
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    subscription.unsubscribe();
    expect(seen[0]?.status).toBe('loading');
    expect(seen.at(-1)).toBe(view.getSnapshot());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('works like useSyncExternalStore expects: getSnapshot stable between changes, subscribe returns unsubscribe', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock } = fixture;
    const view = catalogue.trendingMovies({ time_window: 'day' });
    const { subscribe, getSnapshot } = view; // React passes them unbound
    let renders = 0;
    const unsubscribe = subscribe(() => {
      renders += 1;
    });
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    const settled = renders;
    expect(getSnapshot()).toBe(getSnapshot());
    unsubscribe();
    unsubscribe();
    expect(renders).toBe(settled);
    // After the last listener left, the handle keeps answering its last snapshot.
    expect(getSnapshot().status).toBe('fresh');
  });
});

describe('generic entry points', () => {
  it('catalogue.view(operation) covers every stored operation, configuration included', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, service } = fixture;
    const view = catalogue.view('configuration');
    const rec = record(view);
    const { data } = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(data).toEqual(endpoints.configuration.response.parse(service.control.groundTruth('configuration', {})));
    rec.stop();
  });

  it('validate parameters when the view is made, before anything is queued', () => {
    fixture = oneCatalogue();
    const { catalogue, urls } = fixture;
    expect(() => catalogue.trendingTv({ time_window: 'month' as never })).toThrow(/time_window/);
    expect(() => catalogue.pages('discoverTv', { 'vote_count.gte': -1 })).toThrow(/vote_count/);
    expect(() => catalogue.local.search(42 as never)).toThrow(TypeError);
    // @ts-expect-error: an operation with required parameters needs them (typed from the registry's schemas)
    expect(() => catalogue.seasonCredits()).toThrow(/series_id/);
    expect(urls).toHaveLength(0);
  });
});
