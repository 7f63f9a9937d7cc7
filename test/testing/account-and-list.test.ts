import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { FAKE_API_KEY } from '../../src/testing/index.js';
import { harness, type Json } from './helpers.js';

const AUTHENTICATION_FAILED = {
  success: false,
  status_code: 3,
  status_message: 'Authentication failed: You do not have permissions to access the service.',
};

describe('GET /3/account/{account_id} (OpenAPI account-details)', () => {
  it("answers the session's account like /3/account does, in the document's shape", async () => {
    const h = harness({ seed: 3 });
    const { session_id, account_id } = h.service.control.createSession();
    const byId = await h.json(`/3/account/${account_id}?session_id=${session_id}`);
    expect(byId).toEqual(await h.json(`/3/account?session_id=${session_id}`));
    expect(byId).toMatchObject({ id: account_id, username: `user${account_id}`, include_adult: false });
    expect((byId.avatar as { gravatar: { hash: string } }).gravatar.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(endpoints.accountDetails.response.safeParse(byId).success).toBe(true);
    expect(h.service.log.entries().map((e) => e.operation)).toEqual(['accountDetails', 'accountDetails']);
    const withKey = await h.get(`/3/account/${account_id}?session_id=${session_id}&api_key=${FAKE_API_KEY}`, {});
    expect(await withKey.json()).toEqual(byId);
  });

  it("answers 401 code 3 for another account's id or no session, 404 code 34 for an id that is not one", async () => {
    const h = harness();
    const mine = h.service.control.createSession();
    const theirs = h.service.control.createSession();
    const other = await h.get(`/3/account/${theirs.account_id}?session_id=${mine.session_id}`);
    expect([other.status, await other.json()]).toEqual([401, AUTHENTICATION_FAILED]);
    const anonymous = await h.get(`/3/account/${mine.account_id}`);
    expect([anonymous.status, await anonymous.json()]).toEqual([401, AUTHENTICATION_FAILED]);
    expect((await h.get(`/3/account/me?session_id=${mine.session_id}`)).status).toBe(404);
  });
});

describe('GET /3/list/{list_id}', () => {
  it('takes a numeric id and answers it as a string, as the OpenAPI example does', async () => {
    const h = harness({ seed: 2 });
    const { session_id } = h.service.control.createSession();
    const { list_id } = h.service.control.createList({ session_id, items: [] });
    expect(Number.isSafeInteger(list_id)).toBe(true);
    const list = await h.json<Json>(`/3/list/${list_id}`);
    expect(list.id).toBe(String(list_id));
    expect(endpoints.listDetails.response.safeParse(list).success).toBe(true);
    const bad = await h.get('/3/list/not-a-number');
    expect([bad.status, ((await bad.json()) as Json).status_code]).toEqual([404, 34]);
  });
});
