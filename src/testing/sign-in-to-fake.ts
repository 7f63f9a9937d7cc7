import type { FetchLike } from '../env.js';
import type { FakeService } from './create-fake-service.js';

/** A signed-in account of the fake: pass it to `catalogue.setUser`. */
export interface FakeSession {
  readonly session_id: string;
  readonly account_id: number;
}

export interface SignInToFakeOptions {
  /** How to reach a fake given by URL. @default globalThis.fetch */
  fetch?: FetchLike;
  /** Signs this catalogue in with the new session (`setUser`) before resolving. @default none */
  catalogue?: { setUser(credentials: FakeSession): Promise<void> };
}

/** Thrown when the fake refuses to mint a session: the message says why, and how to fix a proxy that caused it. */
export class FakeSignInError extends Error {
  override readonly name = 'FakeSignInError' as const;
  readonly status: number;
  constructor(status: number, detail: string) {
    super(
      `signInToFake: the fake answered ${status} (${detail})` +
        (status === 403
          ? '. Its control routes answer only their own origin: behind a dev-server proxy, forward /__fake with the' +
            " page's Host (Vite: { target, changeOrigin: false }, not the string shorthand, which rewrites Host)"
          : ''),
    );
    this.status = status;
  }
}

export function isFakeSignInError(value: unknown): value is FakeSignInError {
  return value instanceof Error && value.name === 'FakeSignInError';
}

/**
 * A session of the fake for tests and dev servers, without the request-token dance: an in-process fake mints it
 * directly, a served one through its control route `POST /__fake/sessions` (so the base URL is the fake's own
 * origin, or a page origin whose dev server proxies `/__fake` to it). Only the fake has such a route: the real
 * service has no way around its sign-in, and this never talks to it.
 */
export async function signInToFake(
  fake: string | Pick<FakeService, 'control'>,
  options: SignInToFakeOptions = {},
): Promise<FakeSession> {
  const session = typeof fake === 'string' ? await overHttp(fake, options.fetch ?? globalThis.fetch) : mint(fake);
  await options.catalogue?.setUser(session);
  return session;
}

function mint(fake: Pick<FakeService, 'control'>): FakeSession {
  const { session_id, account_id } = fake.control.createSession();
  return { session_id, account_id };
}

async function overHttp(baseUrl: string, fetch: FetchLike): Promise<FakeSession> {
  if (!URL.canParse(baseUrl)) throw new TypeError(`signInToFake: ${JSON.stringify(baseUrl)} is not a URL`);
  const response = await fetch(new URL('/__fake/sessions', baseUrl).href, { method: 'POST' });
  const body = (await response.json().catch(() => undefined)) as Partial<FakeSession & { error: string }> | undefined;
  if (!response.ok || typeof body?.session_id !== 'string' || typeof body.account_id !== 'number') {
    throw new FakeSignInError(response.status, body?.error ?? 'no session in the answer');
  }
  return { session_id: body.session_id, account_id: body.account_id };
}
