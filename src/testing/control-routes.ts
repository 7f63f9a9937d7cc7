import type { Context, Hono } from 'hono';
import { isOperationName } from '../api/endpoints.js';
import type { FakeControl } from './control.js';
import { bodyTypeRefusal, foreignOriginRefusal } from './control-request-refusal.js';
import type { FakeLog } from './service/log.js';

type Json = Record<string, unknown>;

/** A body that is not JSON: answered 415, before anything is parsed or run. */
class BodyTypeError extends Error {}

async function bodyOf(c: Context): Promise<Json> {
  const text = await c.req.text();
  const refusal = bodyTypeRefusal(c.req.header('content-type') ?? null, text);
  if (refusal) throw new BodyTypeError(refusal.error);
  if (text.trim() === '') return {};
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) throw new TypeError('expected a JSON object');
  return parsed as Json;
}

/** JSON without CORS headers: no other origin may read these answers (the API's `/3/…` keep theirs). */
function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body ?? null), {
    status,
    headers: { 'content-type': 'application/json;charset=utf-8', 'x-content-type-options': 'nosniff' },
  });
}

/**
 * `control` over HTTP under `/__fake/…` (never under `/3`, so a client can never reach it by accident), for
 * the demo and for tests that drive a served fake. Every route answers JSON; a bad call answers 400 `{ error }`.
 * A request from another origin answers 403 and a POST or PUT body that is not JSON 415, both before the route
 * runs, so a refused request changes nothing. Mount before any catch-all OPTIONS route: a preflight from another
 * origin must meet the 403 here, not a CORS answer that lets its request through.
 */
export function mountControlRoutes(app: Hono, control: FakeControl, log: FakeLog): void {
  app.use('/__fake/*', async (c, next) => {
    const refusal = foreignOriginRefusal(c.req.raw);
    if (refusal) return answer(refusal.status, { error: refusal.error });
    // Only another origin's page would ask; with no CORS headers the answer grants nothing.
    if (c.req.method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow: 'GET, POST, PUT' } });
    await next();
  });
  const route = (method: 'GET' | 'POST' | 'PUT', path: string, run: (body: Json, c: Context) => unknown) => {
    app.on(method, `/__fake${path}`, async (c) => {
      try {
        return answer(200, await run(method === 'GET' ? {} : await bodyOf(c), c));
      } catch (error) {
        const status = error instanceof BodyTypeError ? 415 : 400;
        return answer(status, { error: error instanceof Error ? error.message : String(error) });
      }
    });
  };
  route('GET', '/now', () => ({ now: control.now() }));
  route('POST', '/advance', async (b) => {
    await control.advanceTime(Number(b.ms));
    return { now: control.now() };
  });
  route('POST', '/request-tokens', (b) => ({
    request_token: control.createRequestToken({ approved: b.approved === true }),
  }));
  route('POST', '/request-tokens/:token/approve', (_, c) => {
    control.approveRequestToken(c.req.param('token') ?? '');
    return { approved: true };
  });
  route('POST', '/sessions', () => control.createSession());
  route('POST', '/guest-sessions', () => control.createGuestSession());
  route('POST', '/account-states', (b) => {
    control.setAccountState(b.target as never, b.state as never);
    return { ok: true };
  });
  route('POST', '/watchlist', (b) => {
    control.addToWatchlist(b as never);
    return { ok: true };
  });
  route('POST', '/lists', (b) => control.createList(b as never));
  route('GET', '/lists/:id', (_, c) => ({ items: control.listItems(Number(c.req.param('id'))) ?? null }));
  route('POST', '/episodes/mutate', (b) => ({ mutated: control.mutateEpisodes(b as never) }));
  route('GET', '/episodes/:id', (_, c) => control.episode(Number(c.req.param('id'))) ?? null);
  route('POST', '/episodes/:id', (b, c) => control.mutateEpisode(Number(c.req.param('id')), b as never));
  route('POST', '/trending/reshuffle', () => {
    control.reshuffleTrending();
    return { ok: true };
  });
  route('PUT', '/faults', (b) => {
    control.setFaults(Object.keys(b).length === 0 ? undefined : (b as never));
    return { ok: true };
  });
  route('POST', '/storm', (b) => {
    control.storm(b as never);
    return { ok: true };
  });
  route('GET', '/log', () => ({ entries: log.entries(), counts: log.counts() }));
  route('POST', '/log/reset', () => {
    log.reset();
    return { ok: true };
  });
  route('POST', '/ground-truth', (b) => {
    if (!isOperationName(b.operation)) throw new TypeError('unknown operation');
    return control.groundTruth(b.operation, (b.params ?? {}) as never);
  });
}
