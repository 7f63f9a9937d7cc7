import { describe, expect, it } from 'vitest';
import { type Catalogue, databaseOf } from '../../src/create-catalogue.js';
import type { FetchLike } from '../../src/env.js';
import type { OneCatalogue } from '../helpers/catalogue-world.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, until } from '../query/view-helpers.js';

const open = closedAfterEach();

type Session = { session_id: string; account_id: number };

/** Account-state requests among `urls` (one per series asked about). */
const accountStateRequests = (urls: readonly string[]) => urls.filter((url) => url.includes('/account_states'));

/**
 * An account with 25 favorite series (two pages), 4 on its watchlist and 3 rated, and 20 series of a discover screen
 * to show hearts for (their records stored, as a screen's are): some on each list, some on none.
 */
async function seeded(fixture: OneCatalogue) {
  const { service, catalogue } = fixture;
  const session: Session = service.control.createSession();
  await catalogue.sync.pullList('discoverTv', {}, { pages: 2 });
  const all = ((await catalogue.read('discoverTv', {}))?.results ?? [])
    .concat((await catalogue.read('discoverTv', { page: 2 }))?.results ?? [])
    .map((series) => series.id);
  const favorites = all.slice(0, 25);
  const watchlist = [all[2], all[30], all[31], all[32]] as number[];
  const rated = new Map<number, number>([
    [all[3] as number, 8],
    [all[31] as number, 6.5],
    [all[39] as number, 10],
  ]);
  for (const series_id of favorites) service.control.setAccountState({ ...session, series_id }, { favorite: true });
  for (const series_id of watchlist) service.control.setAccountState({ ...session, series_id }, { watchlist: true });
  for (const [series_id, value] of rated)
    service.control.setAccountState({ ...session, series_id }, { rated: { value } });
  // Rows of a screen: favorites and not, on the watchlist and not, rated and not.
  const shown = [...all.slice(0, 10), ...all.slice(28, 38)];
  // A series no stored list holds (its record is not stored).
  const elsewhere = service.control
    .allSeries()
    .map((series) => series.id as number)
    .find((id) => !all.includes(id)) as number;
  const truth = (series_id: number) =>
    service.control.groundTruth('tvAccountStates', { series_id, session_id: session.session_id });
  return { session, favorites, watchlist, rated, shown, elsewhere, truth };
}

/**
 * Moves virtual time in small steps, letting IndexedDB and the in-process fake settle at each (`clock.advance` in
 * one jump would fire every expiry timer before any fetch they start could land).
 */
async function step(fixture: OneCatalogue, ms: number, done?: () => boolean): Promise<void> {
  const until = fixture.clock.now() + ms;
  while (fixture.clock.now() < until && !done?.()) {
    for (let i = 0; i < 50; i++) await fixture.clock.flush();
    await fixture.clock.advance(Math.min(500, until - fixture.clock.now()));
  }
}

/** Drains the outbox in small steps of virtual time. */
async function drain(fixture: OneCatalogue): Promise<void> {
  let done = false;
  const drained = fixture.catalogue.outbox.drain().finally(() => {
    done = true;
  });
  await step(fixture, 60_000, () => done);
  await drained;
}

/** Every page of the three TV lists. */
async function pullTvLists(catalogue: Catalogue): Promise<void> {
  await catalogue.sync.pullList('accountTvFavorites', {}, { pages: 'all' });
  await catalogue.sync.pullList('accountTvWatchlist', {}, { pages: 'all' });
  await catalogue.sync.pullList('accountTvRated', {}, { pages: 'all' });
}

/** Subscribes a `tvAccountStates` view per series and waits until each is fresh with data. */
async function heartsOf(fixture: OneCatalogue, ids: readonly number[]) {
  const views = ids.map((series_id) => fixture.catalogue.tvAccountStates({ series_id }));
  const recs = views.map((view) => record(view));
  for (const view of views) await until(fixture.clock, view, (s) => s.status === 'fresh' && !s.fetching);
  return {
    views,
    states: () => views.map((view) => view.getSnapshot().data),
    stop: () => {
      for (const rec of recs) rec.stop();
    },
  };
}

describe("a list of hearts: account states derived from the account's TV lists", () => {
  it('20 hearts cost no request once favorites, watchlist and rated are stored whole, and each state is right', async () => {
    const fixture = open();
    const { catalogue, urls } = fixture;
    const { session, shown, truth } = await seeded(fixture);
    await catalogue.setUser(session);
    await pullTvLists(catalogue);
    // Favorites span two pages; watchlist and rated one each.
    expect(urls.filter((url) => url.includes('/favorite/tv')).length).toBe(2);
    const before = urls.length;
    const hearts = await heartsOf(fixture, shown);
    expect(urls.length - before).toBe(0);
    expect(hearts.states()).toEqual(shown.map(truth));
    expect(hearts.states().filter((state) => state?.favorite).length).toBe(10);
    expect(hearts.states().some((state) => state?.rated !== false)).toBe(true);
    hearts.stop();
    // `read` answers the same.
    expect(await catalogue.read('tvAccountStates', { series_id: shown[12] as number })).toEqual(
      truth(shown[12] as number),
    );
  });

  it('without the lists, each heart is one account_states request (a single series keeps its own operation)', async () => {
    const fixture = open();
    const { catalogue, urls } = fixture;
    const { session, shown, truth } = await seeded(fixture);
    await catalogue.setUser(session);
    const hearts = await heartsOf(fixture, shown);
    expect(accountStateRequests(urls)).toHaveLength(20);
    expect(hearts.states()).toEqual(shown.map(truth));
    hearts.stop();
  });

  it('a list stored in part (favorites page 1 of 2) says nothing: every state is fetched', async () => {
    const fixture = open();
    const { catalogue, urls } = fixture;
    const { session, favorites, shown, truth } = await seeded(fixture);
    await catalogue.setUser(session);
    await pullTvLists(catalogue);
    // Page 2 goes: the one favorite on it could be any series not on page 1.
    await databaseOf(catalogue)
      .watchlistPages.filter((page) => page.operation === 'accountTvFavorites' && page.page === 2)
      .delete();
    const onPage2 = favorites[20] as number;
    const hearts = await heartsOf(fixture, [onPage2, shown[15] as number]);
    expect(accountStateRequests(urls)).toHaveLength(2);
    expect(hearts.states()).toEqual([truth(onPage2), truth(shown[15] as number)]);
    expect(hearts.states()[0]?.favorite).toBe(true);
    hearts.stop();
  });

  it('a list that grew past its stored pages (page 1 fetched again counts a page 3) is not whole either', async () => {
    const fixture = open();
    const { catalogue, urls, service } = fixture;
    const { session, favorites, shown, truth } = await seeded(fixture);
    await catalogue.setUser(session);
    await pullTvLists(catalogue);
    // Another device adds 16 favorites (41: three pages); this one fetches page 1 again (a favorites screen).
    const newcomer = shown[15] as number;
    const others = service.control
      .allSeries()
      .map((series) => series.id as number)
      .filter((id) => id !== newcomer && !favorites.includes(id))
      .slice(0, 15);
    for (const series_id of [newcomer, ...others]) {
      service.control.setAccountState({ ...session, series_id }, { favorite: true });
    }
    await catalogue.sync.pull('accountTvFavorites', {}, { force: true });
    expect((await catalogue.read('accountTvFavorites', {}))?.total_pages).toBe(3);
    const hearts = await heartsOf(fixture, [newcomer]);
    expect(accountStateRequests(urls)).toHaveLength(1);
    expect(hearts.states()).toEqual([truth(newcomer)]);
    expect(hearts.states()[0]?.favorite).toBe(true);
    hearts.stop();
  });

  it('pending changes show in the derived states at once, offline; once sent, the lists are revalidated, not the series', async () => {
    const fixture = open();
    const { catalogue, urls, connectivity, clock } = fixture;
    const { session, shown, elsewhere, truth } = await seeded(fixture);
    await catalogue.setUser(session);
    await pullTvLists(catalogue);
    const hearts = await heartsOf(fixture, [...shown, elsewhere]);
    const [favorite, plain, third] = [shown[0], shown[15], shown[3]] as [number, number, number];
    const view = (id: number) => hearts.views[[...shown, elsewhere].indexOf(id)] as (typeof hearts.views)[number];
    const before = urls.length;
    connectivity.setOnline(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: favorite, favorite: false });
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: plain, favorite: true });
    await catalogue.account.addToWatchlist({ media_type: 'tv', media_id: plain, watchlist: true });
    await catalogue.account.rateTvSeries({ series_id: plain, value: 7.5 });
    await catalogue.account.deleteTvSeriesRating({ series_id: third });
    // A series whose record is not stored: no page can list it, yet the list knows it.
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: elsewhere, favorite: true });
    await until(clock, view(plain), (s) => s.data?.rated !== false);
    await until(clock, view(third), (s) => s.data?.rated === false);
    await until(clock, view(elsewhere), (s) => s.data?.favorite === true);
    expect(view(favorite).getSnapshot().data).toMatchObject({ favorite: false });
    expect(view(plain).getSnapshot().data).toEqual({
      id: plain,
      favorite: true,
      watchlist: true,
      rated: { value: 7.5 },
    });
    expect(view(third).getSnapshot().data).toMatchObject({ favorite: true, rated: false });
    // Nothing was asked of the service: every state came from the lists and the outbox.
    expect(urls.length).toBe(before);
    // The list views show the changes too.
    const favoriteIds = [
      ...((await catalogue.read('accountTvFavorites', {}))?.results ?? []),
      ...((await catalogue.read('accountTvFavorites', { page: 2 }))?.results ?? []),
    ].map((series) => series.id);
    expect(favoriteIds).not.toContain(favorite);
    expect(favoriteIds.at(-1)).toBe(plain);
    const ratedPage = await catalogue.read('accountTvRated', {});
    expect(ratedPage?.results.map((series) => [series.id, series.rating])).toContainEqual([plain, 7.5]);
    expect(ratedPage?.results.map((series) => series.id)).not.toContain(third);

    connectivity.setOnline(true);
    await drain(fixture);
    // The lists the changes added to turned stale and were revalidated through their pages, not per series.
    for (const v of hearts.views) await until(clock, v, (s) => s.status === 'fresh' && !s.fetching);
    expect(accountStateRequests(urls)).toHaveLength(0);
    expect(urls.filter((url) => /\/account\/\d+\/favorite\?/.test(url))).toHaveLength(3);
    expect(hearts.states()).toEqual([...shown, elsewhere].map(truth));
    hearts.stop();
  });

  it('a pending change survives a refetch of the list it acts on (rebased on the new answer)', async () => {
    // Writes reach the service only when let through: the change stays unsettled while the list is fetched again.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holdWrites =
      (fetch: FetchLike): FetchLike =>
      async (input, init) => {
        const request = new Request(input, init);
        if (request.method !== 'GET') await gate;
        return fetch(request);
      };
    const fixture = open({ catalogue: { wrapFetch: holdWrites } });
    const { catalogue, clock } = fixture;
    const { session, shown, truth } = await seeded(fixture);
    await catalogue.setUser(session);
    await pullTvLists(catalogue);
    const target = shown[16] as number;
    const hearts = await heartsOf(fixture, [target]);
    expect(hearts.states()[0]?.favorite).toBe(false);
    await catalogue.account.markFavorite({ media_type: 'tv', media_id: target, favorite: true });
    await until(clock, hearts.views[0] as NonNullable<(typeof hearts.views)[0]>, (s) => s.data?.favorite === true);
    // The service has not taken it; its lists answer without it.
    await catalogue.sync.pull('accountTvFavorites', { page: 2 }, { force: true });
    await catalogue.sync.pull('accountTvFavorites', {}, { force: true });
    expect(await catalogue.read('tvAccountStates', { series_id: target })).toMatchObject({ favorite: true });
    expect((await catalogue.read('accountTvFavorites', { page: 2 }))?.results.map((s) => s.id)).toContain(target);
    release();
    await drain(fixture);
    expect(truth(target)).toMatchObject({ favorite: true });
    expect(await catalogue.read('tvAccountStates', { series_id: target })).toEqual(truth(target));
    hearts.stop();
  });

  it('stale lists are revalidated through their pages: 20 hearts going stale cost the lists, not 20 requests', async () => {
    const fixture = open();
    const { catalogue, urls, clock, service } = fixture;
    const { session, shown, truth } = await seeded(fixture);
    await catalogue.setUser(session);
    await pullTvLists(catalogue);
    const hearts = await heartsOf(fixture, shown);
    // Changed elsewhere meanwhile: the revalidated lists bring it.
    service.control.setAccountState({ ...session, series_id: shown[18] as number }, { favorite: true });
    const before = urls.length;
    await step(fixture, 301_000);
    for (const view of hearts.views) await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    const since = urls.slice(before);
    expect(accountStateRequests(since)).toHaveLength(0);
    // Only the lists' pages, all four each time one expired (favorites 1 and 2, watchlist, rated), shared by the 20.
    expect(since.every((url) => /\/account\/\d+\/(favorite|watchlist|rated)\/tv\?/.test(url))).toBe(true);
    expect(since.length).toBeGreaterThanOrEqual(4);
    expect(since.length % 4).toBe(0);
    expect(hearts.states()).toEqual(shown.map(truth));
    expect(hearts.states()[shown.indexOf(shown[18] as number)]?.favorite).toBe(true);
    hearts.stop();
  });

  it('sync.refresh() revalidates the lists, never series states that the lists answer', async () => {
    const lists = { accountTvFavorites: 3_600, accountTvWatchlist: 3_600, accountTvRated: 3_600 };
    const fixture = open({ catalogue: { freshness: { tvAccountStates: 60, ...lists } } });
    const { catalogue, urls } = fixture;
    const { session, shown, truth } = await seeded(fixture);
    await catalogue.setUser(session);
    // Five series asked about one by one before the lists were stored: their own rows, fresh for a minute.
    for (const series_id of shown.slice(0, 5)) await catalogue.sync.pull('tvAccountStates', { series_id });
    await pullTvLists(catalogue);
    // No view is open: time can jump.
    await fixture.clock.advance(120_000);
    const before = urls.length;
    expect(await fixture.clock.runUntil(catalogue.sync.refresh())).toMatchObject({ updated: 0, failed: 0 });
    expect(urls.length).toBe(before);
    // An hour on, the lists are stale: refreshing sends their pages (and nothing per series).
    await fixture.clock.advance(3_600_000 - 120_000);
    await fixture.clock.runUntil(catalogue.sync.refresh());
    const since = urls.slice(before);
    expect(accountStateRequests(since)).toHaveLength(0);
    expect(since.filter((url) => url.includes('/account/'))).toHaveLength(4);
    for (const series_id of shown.slice(0, 5)) {
      expect(await catalogue.read('tvAccountStates', { series_id })).toEqual(truth(series_id));
    }
  });

  it('signing out removes the lists (pages and freshness) with the rest of the user', async () => {
    const fixture = open();
    const { catalogue } = fixture;
    const { session } = await seeded(fixture);
    await catalogue.setUser(session);
    await pullTvLists(catalogue);
    await catalogue.sync.pull('accountMovieFavorites', {});
    const db = databaseOf(catalogue);
    expect(await db.watchlistPages.count()).toBe(5);
    await catalogue.signOut();
    expect(await db.watchlistPages.count()).toBe(0);
    expect(await db.syncMeta.filter((meta) => meta.operation.startsWith('account')).count()).toBe(0);
  });
});

describe('the movie lists', () => {
  it('show a pending favorite and watchlist change at once, through a refetch, and as the service has them once sent', async () => {
    // Writes wait until let through: the changes stay unsettled while the lists are fetched again.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holdWrites =
      (fetch: FetchLike): FetchLike =>
      async (input, init) => {
        const request = new Request(input, init);
        if (request.method !== 'GET') await gate;
        return fetch(request);
      };
    const fixture = open({ catalogue: { wrapFetch: holdWrites } });
    const { catalogue, service } = fixture;
    const session: Session = service.control.createSession();
    await catalogue.setUser(session);
    await catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    const movies = ((await catalogue.read('trendingMovies', { time_window: 'day' }))?.results ?? []).map((m) => m.id);
    const [kept, added] = movies as [number, number];
    service.control.setAccountState({ ...session, movie_id: kept }, { favorite: true, watchlist: true });
    await catalogue.sync.pull('accountMovieFavorites', {});
    await catalogue.sync.pull('accountMovieWatchlist', {});
    await catalogue.account.markFavorite({ media_type: 'movie', media_id: added, favorite: true });
    await catalogue.account.addToWatchlist({ media_type: 'movie', media_id: kept, watchlist: false });
    const ids = async (operation: 'accountMovieFavorites' | 'accountMovieWatchlist') =>
      (await catalogue.read(operation, {}))?.results.map((movie) => movie.id);
    expect(await ids('accountMovieFavorites')).toEqual([kept, added]);
    expect(await ids('accountMovieWatchlist')).toEqual([]);
    // Fetched again while the service has not taken them: still shown.
    await catalogue.sync.pull('accountMovieFavorites', {}, { force: true });
    await catalogue.sync.pull('accountMovieWatchlist', {}, { force: true });
    expect(await ids('accountMovieFavorites')).toEqual([kept, added]);
    expect(await ids('accountMovieWatchlist')).toEqual([]);
    release();
    await drain(fixture);
    await catalogue.sync.pull('accountMovieFavorites', {}, { force: true });
    await catalogue.sync.pull('accountMovieWatchlist', {}, { force: true });
    expect(await ids('accountMovieFavorites')).toEqual([kept, added]);
    expect(await ids('accountMovieWatchlist')).toEqual([]);
    const truth = service.control.groundTruth('accountMovieFavorites', { ...session }) as { results: { id: number }[] };
    expect(truth.results.map((movie) => movie.id)).toEqual([kept, added]);
  });
});
