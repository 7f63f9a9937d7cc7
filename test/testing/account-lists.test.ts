import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { AUTH, type Harness, harness, type Json, ORIGIN } from './helpers.js';

interface Page {
  page: number;
  results: Json[];
  total_pages: number;
  total_results: number;
}

/** Every page of an account list, in order. */
async function allPages(h: Harness, path: string): Promise<Page[]> {
  const first = await h.json<Page>(path);
  const rest = [];
  for (let page = 2; page <= first.total_pages; page++) rest.push(await h.json<Page>(`${path}&page=${page}`));
  return [first, ...rest];
}

const ids = (pages: Page[]) => pages.flatMap((page) => page.results.map((result) => result.id));

describe("the account's favorite, watchlist and rated lists", () => {
  it('favorites of TV: what markFavorite set, 20 a page, by when each became a favorite, either way', async () => {
    const h = harness();
    const { control } = h.service;
    const { session_id, account_id } = control.createSession();
    const path = `/3/account/${account_id}/favorite/tv?session_id=${session_id}`;
    expect(await h.json(path)).toEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });
    const series = control
      .allSeries()
      .slice(0, 45)
      .map((s) => s.id as number);
    for (const id of series) {
      const response = await h.post(`/3/account/${account_id}/favorite?session_id=${session_id}`, {
        media_type: 'tv',
        media_id: id,
        favorite: true,
      });
      expect(response.status).toBe(201);
      await h.clock.advance(1_000);
    }
    // Unmarked, then marked again: it joins the list anew, at its end.
    const [again] = series;
    for (const favorite of [false, true]) {
      await h.post(`/3/account/${account_id}/favorite?session_id=${session_id}`, {
        media_type: 'tv',
        media_id: again,
        favorite,
      });
      await h.clock.advance(1_000);
    }
    const asc = await allPages(h, path);
    expect(asc.map((page) => [page.page, page.results.length, page.total_pages, page.total_results])).toEqual([
      [1, 20, 3, 45],
      [2, 20, 3, 45],
      [3, 5, 3, 45],
    ]);
    const expected = [...series.slice(1), again];
    expect(ids(asc)).toEqual(expected);
    const desc = await allPages(h, `${path}&sort_by=created_at.desc`);
    expect(ids(desc)).toEqual([...expected].reverse());
    for (const page of asc) expect(endpoints.accountTvFavorites.response.safeParse(page).success).toBe(true);
    // Items are summaries as discover serves them: no media_type.
    expect(asc[0]?.results[0]).not.toHaveProperty('media_type');
    expect(asc[0]?.results[0]).toEqual(control.allSeries().find((s) => s.id === expected[0]));
  });

  it('rated TV carries each rating; rating again changes the value and keeps the place; deleting removes it', async () => {
    const h = harness();
    const { control } = h.service;
    const { session_id, account_id } = control.createSession();
    const [a, b, c] = control
      .allSeries()
      .slice(0, 3)
      .map((s) => s.id as number) as [number, number, number];
    const rate = (id: number, value: number) => h.post(`/3/tv/${id}/rating?session_id=${session_id}`, { value });
    for (const [id, value] of [
      [a, 8],
      [b, 6.5],
      [c, 10],
    ] as const) {
      await rate(id, value);
      await h.clock.advance(1_000);
    }
    await rate(a, 3.5);
    const response = await h.service.fetch(`${ORIGIN}/3/tv/${b}/rating?session_id=${session_id}`, {
      method: 'DELETE',
      headers: AUTH,
    });
    expect(response.status).toBe(200);
    const rated = await h.json<Page>(`/3/account/${account_id}/rated/tv?session_id=${session_id}`);
    expect(rated.results.map((item) => [item.id, item.rating])).toEqual([
      [a, 3.5],
      [c, 10],
    ]);
    expect(endpoints.accountTvRated.response.parse(rated).results[1]?.rating).toBe(10);
    // The same state answers account_states.
    expect(await h.json(`/3/tv/${a}/account_states?session_id=${session_id}`)).toMatchObject({
      rated: { value: 3.5 },
    });
  });

  it('the movie lists: favorites and watchlist from the writes, rated from the control', async () => {
    const h = harness();
    const { control } = h.service;
    const { session_id, account_id } = control.createSession();
    const movies = (await h.json<Page>('/3/trending/movie/day')).results.map((m) => m.id as number);
    const [m1, m2, m3] = movies as [number, number, number];
    for (const [list, id] of [
      ['favorite', m2],
      ['favorite', m1],
      ['watchlist', m3],
    ] as const) {
      const response = await h.post(`/3/account/${account_id}/${list}?session_id=${session_id}`, {
        media_type: 'movie',
        media_id: id,
        [list]: true,
      });
      expect(response.status).toBe(201);
      await h.clock.advance(1_000);
    }
    control.setAccountState({ session_id, movie_id: m3 }, { rated: { value: 7 } });
    const base = `/3/account/${account_id}`;
    const favorites = await h.json<Page>(`${base}/favorite/movies?session_id=${session_id}`);
    expect(favorites.results.map((m) => m.id)).toEqual([m2, m1]);
    expect(endpoints.accountMovieFavorites.response.safeParse(favorites).success).toBe(true);
    const watchlist = await h.json<Page>(`${base}/watchlist/movies?session_id=${session_id}`);
    expect(watchlist.results.map((m) => m.id)).toEqual([m3]);
    const rated = await h.json<Page>(`${base}/rated/movies?session_id=${session_id}`);
    expect(rated.results.map((m) => [m.id, m.rating])).toEqual([[m3, 7]]);
    expect(endpoints.accountMovieRated.response.safeParse(rated).success).toBe(true);
    // TV lists hold no movie.
    expect((await h.json<Page>(`${base}/favorite/tv?session_id=${session_id}`)).results).toEqual([]);
  });

  it('refuses another account, a guest, a bad sort and page 501 like the service', async () => {
    const h = harness();
    const { control } = h.service;
    const { session_id, account_id } = control.createSession();
    const { guest_session_id } = control.createGuestSession();
    for (const list of ['favorite/tv', 'favorite/movies', 'watchlist/movies', 'rated/tv', 'rated/movies']) {
      const base = `/3/account/${account_id}/${list}`;
      expect((await h.get(`/3/account/${account_id + 1}/${list}?session_id=${session_id}`)).status).toBe(401);
      expect((await h.get(`${base}?guest_session_id=${guest_session_id}`)).status).toBe(401);
      const badSort = await h.get(`${base}?session_id=${session_id}&sort_by=name.asc`);
      expect(badSort.status).toBe(422);
      const tooFar = await h.get(`${base}?session_id=${session_id}&page=501`);
      expect([tooFar.status, await tooFar.json()]).toEqual([
        422,
        { errors: ['page must be less than or equal to 500'] },
      ]);
    }
  });
});
