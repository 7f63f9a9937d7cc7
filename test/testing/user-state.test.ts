import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { harness, type Json } from './helpers.js';

describe('sessions', () => {
  it('turns an approved request token into a session, once', async () => {
    const h = harness();
    const token = h.service.control.createRequestToken();
    const denied = await h.post('/3/authentication/session/new', { request_token: token });
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({
      success: false,
      failure: true,
      status_code: 17,
      status_message: 'Session denied.',
    });
    h.service.control.approveRequestToken(token);
    const created = await h.post('/3/authentication/session/new', { request_token: token });
    expect(created.status).toBe(200);
    const body = (await created.json()) as Json;
    expect(body).toEqual({ success: true, session_id: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(endpoints.createSession.response.safeParse(body).success).toBe(true);
    const reused = await h.post('/3/authentication/session/new', { request_token: token });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ status_code: 33 });
    // The new session works for user-scoped reads.
    const states = await h.get(
      `/3/tv/${h.service.control.allSeries()[0]?.id}/account_states?session_id=${body.session_id}`,
    );
    expect(states.status).toBe(200);
  });

  it('answers 401 code 33 for unknown and expired tokens', async () => {
    const h = harness();
    expect(await (await h.post('/3/authentication/session/new', { request_token: 'nope' })).json()).toMatchObject({
      status_code: 33,
    });
    const token = h.service.control.createRequestToken({ approved: true });
    await h.clock.advance(60 * 60 * 1000);
    const expired = await h.post('/3/authentication/session/new', { request_token: token });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ status_code: 33 });
  });

  it('validates the bearer token with code 1', async () => {
    const h = harness();
    expect(await h.json('/3/authentication')).toEqual({ success: true, status_code: 1, status_message: 'Success.' });
  });
});

describe('account states', () => {
  it('answers rated false until rated, then { value }, per session and guest session', async () => {
    const h = harness();
    const { control } = h.service;
    const seriesId = control.allSeries()[1]?.id as number;
    const { session_id } = control.createSession();
    const { guest_session_id } = control.createGuestSession();
    const path = `/3/tv/${seriesId}/account_states`;
    expect(await h.json(`${path}?session_id=${session_id}`)).toEqual({
      id: seriesId,
      favorite: false,
      rated: false,
      watchlist: false,
    });
    control.setAccountState(
      { session_id, series_id: seriesId },
      { favorite: true, rated: { value: 8.5 }, watchlist: true },
    );
    expect(await h.json(`${path}?session_id=${session_id}`)).toEqual({
      id: seriesId,
      favorite: true,
      rated: { value: 8.5 },
      watchlist: true,
    });
    expect(await h.json(`${path}?guest_session_id=${guest_session_id}`)).toMatchObject({ rated: false });
    control.setAccountState({ guest_session_id, series_id: seriesId }, { rated: { value: 3 } });
    expect(await h.json(`${path}?guest_session_id=${guest_session_id}`)).toMatchObject({
      rated: { value: 3 },
      watchlist: false,
    });
    const episodeId = control.episodeId({ series_id: seriesId, season_number: 1, episode_number: 2 });
    control.setAccountState(
      { session_id, series_id: seriesId, season_number: 1, episode_number: 2 },
      { rated: { value: 10 } },
    );
    expect(await h.json(`/3/tv/${seriesId}/season/1/episode/2/account_states?session_id=${session_id}`)).toEqual({
      id: episodeId,
      favorite: false,
      rated: { value: 10 },
      watchlist: false,
    });
    expect(await h.json(`/3/tv/${seriesId}/season/1/episode/1/account_states?session_id=${session_id}`)).toMatchObject({
      rated: false,
    });
  });

  it('answers 401 code 3 for a missing or unknown session', async () => {
    const h = harness();
    const seriesId = h.service.control.allSeries()[0]?.id;
    for (const query of ['', '?session_id=unknown', '?guest_session_id=unknown']) {
      const response = await h.get(`/3/tv/${seriesId}/account_states${query}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ success: false, status_code: 3 });
    }
  });
});

describe('TV watchlist', () => {
  it('answers results [] when empty and sorts by created_at either way', async () => {
    const h = harness();
    const { control } = h.service;
    const { session_id, account_id } = control.createSession();
    const path = `/3/account/${account_id}/watchlist/tv?session_id=${session_id}`;
    expect(await h.json(path)).toEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });
    const ids = control
      .allSeries()
      .slice(0, 25)
      .map((s) => s.id as number);
    for (const [i, id] of ids.entries())
      control.addToWatchlist({ session_id, series_id: id, added_at: 1000 + ((i * 7) % 25) });
    const expectedAsc = [...ids].sort((a, b) => ((ids.indexOf(a) * 7) % 25) - ((ids.indexOf(b) * 7) % 25));
    const asc = await h.json<{ results: Json[]; total_results: number; total_pages: number }>(path);
    expect(asc.total_results).toBe(25);
    expect(asc.total_pages).toBe(2);
    const page2 = await h.json<{ results: Json[] }>(`${path}&page=2`);
    expect([...asc.results, ...page2.results].map((r) => r.id)).toEqual(expectedAsc);
    const desc = await h.json<{ results: Json[] }>(`${path}&sort_by=created_at.desc`);
    expect(desc.results.map((r) => r.id)).toEqual([...expectedAsc].reverse().slice(0, 20));
    expect((await h.get(`/3/account/${account_id + 1}/watchlist/tv?session_id=${session_id}`)).status).toBe(401);
  });
});

describe('list item removal', () => {
  it('answers code 13 when removed, then HTTP 200 code 21 for an item not on the list', async () => {
    const h = harness();
    const { control } = h.service;
    const { session_id } = control.createSession();
    const { list_id } = control.createList({ session_id, items: [18, 550] });
    const path = `/3/list/${list_id}/remove_item?session_id=${session_id}`;
    const removed = await h.post(path, { media_id: 18 });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({
      success: true,
      status_code: 13,
      status_message: 'The item/record was deleted successfully.',
    });
    expect(removed.headers.get('cache-control')).toBe('public, max-age=0');
    expect(control.listItems(list_id)).toEqual([550]);
    const again = await h.post(path, { media_id: 18 });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      success: false,
      status_code: 21,
      status_message: 'Entry not found: The item you are trying to edit cannot be found.',
    });
    expect((await h.post(`/3/list/1/remove_item?session_id=${session_id}`, { media_id: 550 })).status).toBe(404);
    const other = control.createSession();
    expect(
      (await h.post(`/3/list/${list_id}/remove_item?session_id=${other.session_id}`, { media_id: 550 })).status,
    ).toBe(401);
    expect(control.listItems(list_id)).toEqual([550]);
  });
});
