import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createFakeService,
  FAKE_ACCESS_TOKEN,
  type FakeSession,
  isFakeSignInError,
  signInToFake,
} from '../../src/testing/index.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanups.splice(0).reverse()) await step();
});

async function served(): Promise<ServedFakeService> {
  const fake = await serveFakeService({ seed: 2, scale: 'small', rateLimit: false });
  cleanups.push(() => fake.close());
  return fake;
}

/** Whether the fake takes the session: `GET /3/account` answers its account. */
async function accountOf(baseUrl: string, session: FakeSession): Promise<unknown> {
  const response = await fetch(`${baseUrl}/3/account?session_id=${session.session_id}`, {
    headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
  });
  return response.ok ? ((await response.json()) as { id: number }).id : response.status;
}

/**
 * A dev server's proxy of `/__fake` to the fake, as Vite's does: `changeOrigin: true` (what the string shorthand
 * sets) rewrites `Host` to the fake's, `false` keeps the page's. The browser's same-origin POST carries the
 * page's `Origin` either way.
 */
async function devProxy(target: string, changeOrigin: boolean): Promise<string> {
  const proxy: Server = createServer((incoming, outgoing) => {
    const to = new URL(incoming.url ?? '/', target);
    const headers = { ...incoming.headers, ...(changeOrigin ? { host: to.host } : {}) };
    const forward = httpRequest(to, { method: incoming.method, headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => proxy.close(resolve)));
  return `http://localhost:${(proxy.address() as AddressInfo).port}`;
}

/** `fetch` as a page on `pageOrigin` sends a same-origin request. */
const asPageOn =
  (pageOrigin: string): typeof fetch =>
  (input, init) =>
    fetch(input, { ...init, headers: { origin: pageOrigin, 'sec-fetch-site': 'same-origin' } });

describe('signInToFake', () => {
  it('mints a session of an in-process fake, and signs a catalogue in with it', async () => {
    const fake = createFakeService({ seed: 2, scale: 'small' });
    const signedIn: FakeSession[] = [];
    const session = await signInToFake(fake, { catalogue: { setUser: async (s) => void signedIn.push(s) } });
    expect(session).toEqual({ session_id: expect.any(String), account_id: expect.any(Number) });
    expect(signedIn).toEqual([session]);
  });

  it("gets a session from a served fake by its URL, through its control route, that the fake's API takes", async () => {
    const fake = await served();
    const session = await signInToFake(fake.url);
    expect(await accountOf(fake.url, session)).toBe(session.account_id);
  });

  it("signs a page in through a dev server's proxy that keeps the page's Host (changeOrigin: false)", async () => {
    const fake = await served();
    const page = await devProxy(fake.url, false);
    const session = await signInToFake(page, { fetch: asPageOn(page) });
    expect(await accountOf(fake.url, session)).toBe(session.account_id);
  });

  it("is refused with 403, and says how to fix the proxy, when the proxy rewrites Host (Vite's string shorthand)", async () => {
    const fake = await served();
    const page = await devProxy(fake.url, true);
    const error = await signInToFake(page, { fetch: asPageOn(page) }).catch((e: unknown) => e);
    expect(isFakeSignInError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'FakeSignInError', status: 403 });
    expect((error as Error).message).toMatch(/changeOrigin: false/);
  });

  it('refuses a base URL that is not a URL with a TypeError, before any request', async () => {
    let sent = 0;
    const counting: typeof fetch = async () => {
      sent += 1;
      return new Response('{}');
    };
    await expect(signInToFake('not a url', { fetch: counting })).rejects.toThrow(TypeError);
    expect(sent).toBe(0);
  });
});
