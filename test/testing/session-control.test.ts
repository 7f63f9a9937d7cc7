import { describe, expect, it } from 'vitest';
import { harness } from './helpers.js';

describe('the fake ends sessions and signs the same account in again', () => {
  it('expireSession: every later use answers 401 code 3; createSession({ account_id }) is that account again', async () => {
    const h = harness();
    const { session_id, account_id } = h.service.control.createSession();
    expect((await h.get(`/3/account?session_id=${session_id}`)).status).toBe(200);
    h.service.control.expireSession(session_id);
    const refused = await h.get(`/3/account?session_id=${session_id}`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ success: false, status_code: 3 });
    const again = h.service.control.createSession({ account_id });
    expect(again.account_id).toBe(account_id);
    expect(again.session_id).not.toBe(session_id);
    const account = await h.get(`/3/account?session_id=${again.session_id}`);
    expect(await account.json()).toMatchObject({ id: account_id });
  });

  it('refuses what it cannot do: an unknown session to expire, an account never opened', () => {
    const h = harness();
    expect(() => h.service.control.expireSession('f'.repeat(40))).toThrow(TypeError);
    expect(() => h.service.control.createSession({ account_id: 987_654 })).toThrow(TypeError);
  });
});
