import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { AUTH, type Harness, harness, ORIGIN, readSample } from './helpers.js';

/** Sends any method (the harness has `get` and `post`). */
function send(h: Harness, method: string, path: string, body?: unknown): Promise<Response> {
  const headers = body === undefined ? AUTH : { ...AUTH, 'content-type': 'application/json;charset=utf-8' };
  return h.service.fetch(`${ORIGIN}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function answer(response: Response): Promise<[number, Record<string, unknown>]> {
  return [response.status, (await response.json()) as Record<string, unknown>];
}

/** The JSON keys and value types of an object, to compare a fake answer with a real sample. */
function shape(value: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, v === null ? 'null' : typeof v]));
}

describe('sessions on the fake', () => {
  it('request token → approval → session → account: shaped like the real answers, and parsed by the registry', async () => {
    const h = harness();
    const [status, token] = await answer(await h.get('/3/authentication/token/new'));
    expect(status).toBe(200);
    expect(shape(token)).toEqual(shape(readSample('extra/token-new.spec.json') as Record<string, unknown>));
    expect(endpoints.createRequestToken.response.safeParse(token).success).toBe(true);
    const requestToken = token.request_token as string;
    // Not approved yet: 401 code 17, like the service.
    expect(await answer(await h.post('/3/authentication/session/new', { request_token: requestToken }))).toEqual([
      401,
      { success: false, failure: true, status_code: 17, status_message: 'Session denied.' },
    ]);
    h.service.control.approveRequestToken(requestToken);
    const [, session] = await answer(await h.post('/3/authentication/session/new', { request_token: requestToken }));
    const [accountStatus, account] = await answer(await h.get(`/3/account?session_id=${session.session_id}`));
    expect(accountStatus).toBe(200);
    expect(endpoints.accountDetails.response.parse(account).id).toBeGreaterThan(0);
    // The token is consumed: a second exchange is refused with 33.
    const [, again] = await answer(await h.post('/3/authentication/session/new', { request_token: requestToken }));
    expect(again.status_code).toBe(33);
  });

  it('a guest session answers like the real sample; DELETE revokes a session, once', async () => {
    const h = harness();
    const [, guest] = await answer(await h.get('/3/authentication/guest_session/new'));
    expect(shape(guest)).toEqual(shape(readSample('extra/guest-session-new.spec.json') as Record<string, unknown>));
    const { session_id } = h.service.control.createSession();
    expect(await answer(await send(h, 'DELETE', '/3/authentication/session', { session_id }))).toEqual([
      200,
      { success: true },
    ]);
    expect((await answer(await send(h, 'DELETE', '/3/authentication/session', { session_id })))[0]).toBe(404);
    expect((await answer(await h.get(`/3/account?session_id=${session_id}`)))[1].status_code).toBe(3);
  });
});

describe('per-user writes on the fake', () => {
  it('favorite and watchlist: 201 code 1 when set, 201 code 12 when already set, 200 code 13 when unset', async () => {
    const h = harness();
    const { session_id, account_id } = h.service.control.createSession();
    const series = h.service.control.allSeries()[0]?.id as number;
    const post = (what: string, flag: boolean) =>
      h.post(`/3/account/${account_id}/${what}?session_id=${session_id}`, {
        media_type: 'tv',
        media_id: series,
        [what]: flag,
      });
    const [status, body] = await answer(await post('watchlist', true));
    expect([status, body]).toEqual([201, { success: true, status_code: 1, status_message: 'Success.' }]);
    expect(shape(body)).toEqual(
      shape(readSample('extra/account-watchlist-post.200-success-1.2025-06-01.json') as never),
    );
    expect((await answer(await post('watchlist', true)))[1].status_code).toBe(12);
    expect((await answer(await post('favorite', true)))[0]).toBe(201);
    const states = await h.json(`/3/tv/${series}/account_states?session_id=${session_id}`);
    expect(states).toMatchObject({ favorite: true, watchlist: true });
    expect((await answer(await post('watchlist', false)))[1].status_code).toBe(13);
    const watchlist = await h.json<{ results: unknown[] }>(
      `/3/account/${account_id}/watchlist/tv?session_id=${session_id}`,
    );
    expect(watchlist.results).toEqual([]);
  });

  it("refuses another account's id (3), an unknown media (34), and guests for favorites (3)", async () => {
    const h = harness();
    const { session_id, account_id } = h.service.control.createSession();
    const { guest_session_id } = h.service.control.createGuestSession();
    const series = h.service.control.allSeries()[0]?.id as number;
    const body = { media_type: 'tv', media_id: series, favorite: true };
    expect(
      (await answer(await h.post(`/3/account/${account_id + 1}/favorite?session_id=${session_id}`, body)))[1]
        .status_code,
    ).toBe(3);
    const unknown = { ...body, media_id: 999_999_999 };
    expect((await answer(await h.post(`/3/account/${account_id}/favorite?session_id=${session_id}`, unknown)))[0]).toBe(
      404,
    );
    const guest = await h.post(`/3/account/${account_id}/favorite?guest_session_id=${guest_session_id}`, body);
    expect((await answer(guest))[0]).toBe(401);
  });

  it('ratings: 201 code 1 then 12, DELETE 200 code 13, deleting again 404 code 34; invalid values 400', async () => {
    const h = harness();
    const { guest_session_id } = h.service.control.createGuestSession();
    const series = h.service.control.allSeries()[0]?.id as number;
    for (const base of [`/3/tv/${series}`, `/3/tv/${series}/season/1/episode/1`]) {
      const path = `${base}/rating?guest_session_id=${guest_session_id}`;
      expect(await answer(await h.post(path, { value: 8.5 }))).toEqual([
        201,
        { success: true, status_code: 1, status_message: 'Success.' },
      ]);
      const [, again] = await answer(await h.post(path, { value: 9 }));
      expect(again).toEqual(readSample('errors/tv-rating.201-updated-12.json'));
      const [status, deleted] = await answer(await send(h, 'DELETE', path));
      expect([status, deleted.status_code]).toEqual([200, 13]);
      expect(shape(deleted)).toEqual(
        shape(readSample('extra/movie-rating-delete.200-deleted-13.2025-06-01.json') as never),
      );
      expect((await answer(await send(h, 'DELETE', path)))[1].status_code).toBe(34);
      expect((await answer(await h.post(path, { value: 8.3 })))[0]).toBe(400);
    }
  });

  it('list details serve the list as stored, and removal is reflected in them', async () => {
    const h = harness();
    const { session_id } = h.service.control.createSession();
    const movies = await h.json<{ results: { id: number }[] }>('/3/trending/movie/day');
    const items = movies.results.slice(0, 3).map((m) => m.id);
    const { list_id } = h.service.control.createList({ session_id, items });
    const details = endpoints.listDetails.response.parse(await h.json(`/3/list/${list_id}`));
    expect(details.items.map((m) => m.id)).toEqual(items);
    expect(details.item_count).toBe(3);
    await h.post(`/3/list/${list_id}/remove_item?session_id=${session_id}`, { media_id: items[0] });
    const after = endpoints.listDetails.response.parse(await h.json(`/3/list/${list_id}`));
    expect(after.items.map((m) => m.id)).toEqual(items.slice(1));
    expect((await answer(await h.get('/3/list/1')))[0]).toBe(404);
  });
});
