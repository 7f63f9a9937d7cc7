import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/create-catalogue.js';
import { InvalidParamsError } from '../../src/errors/index.js';
import type { View } from '../../src/query/view.js';
import type { ViewSnapshot } from '../../src/sync/view-snapshot.js';
import { type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { until } from '../query/view-helpers.js';

let world: CatalogueWorld;
beforeEach(() => {
  world = catalogueWorld({ settleOnTimers: true });
});
afterEach(() => world.closeAll());

/** Every per-user view a page makes without hooks: a detail's account states, and the account's lists. */
function userViews(catalogue: Catalogue, series: number): View<ViewSnapshot<unknown>>[] {
  return [
    catalogue.tvAccountStates({ series_id: series }),
    catalogue.view('tvAccountStates', { series_id: series }),
    catalogue.accountTvWatchlist(),
    catalogue.pages('accountTvWatchlist', {}),
    catalogue.pages('accountTvFavorites', {}),
    catalogue.accountTvRated(),
  ] as View<ViewSnapshot<unknown>>[];
}

describe('user views made without hooks while nobody is signed in', () => {
  it('before the core and after it: disabled, no error, no request, while bad parameters still throw', async () => {
    const catalogue = world.open();
    const series = world.service.control.allSeries()[0]?.id as number;
    // Before the core has loaded (the front door's deferred views).
    const early = userViews(catalogue, series);
    const offs = early.map((view) => view.subscribe(() => {}));
    // Whether a session is restored is not known yet: loading, not fetching, no error.
    for (const view of early) {
      expect(view.getSnapshot()).toMatchObject({ status: 'loading', error: undefined, fetching: false });
    }
    expect(() => catalogue.tvAccountStates({ series_id: 'x' as never })).toThrow(InvalidParamsError);
    await catalogue.auth.ready();
    await world.settle(1_000);
    // After: the core knows nobody is signed in.
    const late = userViews(catalogue, series);
    for (const view of [...early, ...late])
      expect(view.getSnapshot()).toMatchObject({ disabled: true, error: undefined });
    expect(() => catalogue.pages('accountTvWatchlist', { sort_by: 'nope' } as never)).toThrow(InvalidParamsError);
    expect(world.urls.filter((url) => /\/account|account_states/.test(url))).toEqual([]);
    for (const off of offs) off();
  });

  it('enable themselves on sign-in (then fetch), and are disabled again after signing out', async () => {
    const catalogue = world.open();
    const series = world.service.control.allSeries()[0]?.id as number;
    const states = catalogue.tvAccountStates({ series_id: series });
    const favorites = catalogue.pages('accountTvFavorites', {});
    const seen: unknown[] = [];
    const offs = [states.subscribe(() => seen.push(states.getSnapshot())), favorites.subscribe(() => {})];
    await catalogue.auth.ready();
    await world.settle(1_000);
    expect(states.getSnapshot().disabled).toBe(true);
    expect(world.urls.filter((url) => /\/account|account_states/.test(url))).toEqual([]);

    await world.clock.runUntil(catalogue.setUser(world.service.control.createSession()));
    await until(world.clock, states, (s) => s.status === 'fresh' && !s.fetching);
    await until(world.clock, favorites, (s) => s.status === 'fresh' && !s.fetching);
    expect(states.getSnapshot().disabled).toBeUndefined();
    expect(states.getSnapshot().data).toHaveProperty('favorite');
    expect(favorites.getSnapshot().data?.results).toBeDefined();
    expect(seen.every((s) => (s as ViewSnapshot<unknown>).error === undefined)).toBe(true);

    await catalogue.signOut({ force: true });
    await world.settle();
    expect(states.getSnapshot()).toMatchObject({ disabled: true, data: undefined, error: undefined });
    expect(favorites.getSnapshot()).toMatchObject({ disabled: true, data: undefined, error: undefined });
    for (const off of offs) off();
  });
});
