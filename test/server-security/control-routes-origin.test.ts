/**
 * The control routes (`/__fake/…`) over HTTP answer this server's own page and clients that are no page (no
 * `Origin`), and refuse another site's page, before anything changes. The API (`/3/…`) stays open to any origin.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeService, createVirtualClock, FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { type ServedFakeService, serveFakeService } from '../../src/testing/node.js';
import { rawRequest } from './raw-request.js';

const EVIL = 'http://evil.example';
const AUTH = { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` };
const JSON_TYPE = { 'content-type': 'application/json' };
const SEED = 7;

let served: ServedFakeService;
let episode: number;

beforeEach(async () => {
  // A virtual clock: time moves only when `/__fake/advance` moves it.
  served = await serveFakeService({ seed: SEED, rateLimit: false, clock: createVirtualClock(Date.UTC(2026, 0, 1)) });
  const series = served.service.control.allSeries()[0]?.id as number;
  episode = served.service.control.episodeId({ series_id: series, season_number: 1, episode_number: 1 }) as number;
});

afterEach(async () => {
  await served.close();
});

/** What a refused request could have changed and can be read without changing it: an episode, the log, time. */
function snapshot() {
  const { control, log } = served.service;
  return { episode: control.episode(episode), log: log.entries().length, now: control.now() };
}

const rename = (headers: Record<string, string>, body = JSON.stringify({ name: 'Pwned' })) =>
  rawRequest(`${served.url}/__fake/episodes/${episode}`, { method: 'POST', headers, body });

describe('control routes refuse another origin', () => {
  it('a cross-origin text/plain POST (no preflight) is refused with 403 and changes nothing', async () => {
    const before = snapshot();
    const answer = await rename({ origin: EVIL, 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(snapshot()).toEqual(before);
    expect(served.service.control.episode(episode)?.name).not.toBe('Pwned');
  });

  it('refuses a cross-origin request on every kind of route: sessions, storms, time, the log', async () => {
    const before = snapshot();
    const headers = { origin: EVIL, 'content-type': 'text/plain' };
    for (const [method, path] of [
      ['POST', '/__fake/sessions'],
      ['POST', '/__fake/storm'],
      ['POST', '/__fake/advance'],
      ['PUT', '/__fake/faults'],
      ['GET', '/__fake/log'],
      ['GET', '/__fake/now'],
    ] as const) {
      const body = method === 'GET' ? undefined : JSON.stringify({ durationMs: 60_000, ms: 60_000, status: 500 });
      const answer = await rawRequest(`${served.url}${path}`, { method, headers, body });
      expect(answer.status, path).toBe(403);
      expect(answer.body, path).not.toContain('entries');
    }
    expect(snapshot()).toEqual(before);
    // No storm started and no fault set: the API still answers.
    expect((await fetch(`${served.url}/3/configuration`, { headers: AUTH })).status).toBe(200);
    // No session minted: the next one gets the first account id of a fresh fake on the same seed.
    const first = createFakeService({ seed: SEED }).control.createSession().account_id;
    expect(served.service.control.createSession().account_id).toBe(first);
  });

  it('refuses Sec-Fetch-Site cross-site and same-site, even without an Origin', async () => {
    const before = snapshot();
    for (const site of ['cross-site', 'same-site']) {
      const answer = await rename({ 'sec-fetch-site': site, ...JSON_TYPE });
      expect(answer.status, site).toBe(403);
    }
    expect(snapshot()).toEqual(before);
  });

  it('refuses `Origin: null` (a sandboxed frame, a file) and another port of this host', async () => {
    const before = snapshot();
    const otherPort = new URL(served.url);
    otherPort.port = String(Number(otherPort.port) === 1 ? 2 : 1);
    for (const origin of ['null', otherPort.origin, served.url.replace('127.0.0.1', 'localhost')]) {
      expect((await rename({ origin, ...JSON_TYPE })).status, origin).toBe(403);
    }
    expect(snapshot()).toEqual(before);
  });

  it("answers another origin's preflight with 403 and no CORS headers", async () => {
    const answer = await rawRequest(`${served.url}/__fake/episodes/${episode}`, {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(answer.status).toBe(403);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('refuses in-process too: the guard is the app’s, not only the HTTP server’s', async () => {
    const answer = await served.service.fetch('/__fake/sessions', { method: 'POST', headers: { origin: EVIL } });
    expect(answer.status).toBe(403);
  });
});

describe('control routes take JSON only', () => {
  it('refuses a same-origin POST whose body is not JSON with 415, and changes nothing', async () => {
    const before = snapshot();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await rename({ origin: served.url, 'sec-fetch-site': 'same-origin', 'content-type': type });
      expect(answer.status, type).toBe(415);
      expect(JSON.parse(answer.body)).toEqual({ error: expect.stringContaining('application/json') });
    }
    // A body with no type at all (a script that forgot it) is not JSON either.
    expect((await rename({})).status).toBe(415);
    const put = await rawRequest(`${served.url}/__fake/faults`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ status: 500 }),
    });
    expect(put.status).toBe(415);
    expect(snapshot()).toEqual(before);
    expect((await fetch(`${served.url}/3/configuration`, { headers: AUTH })).status).toBe(200);
  });
});

describe('control routes serve their own page and scripts', () => {
  it('a same-origin JSON POST works, and its answer carries no CORS headers', async () => {
    const answer = await rename(
      { origin: served.url, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json; charset=utf-8' },
      JSON.stringify({ name: 'Renamed by the page' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(served.service.control.episode(episode)?.name).toBe('Renamed by the page');
  });

  it('a request without an Origin (a test, a script, curl) is served: JSON bodies, and POSTs with no body', async () => {
    const session = await fetch(`${served.url}/__fake/sessions`, { method: 'POST' });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { session_id: string }).session_id).toMatch(/^[0-9a-f]{40}$/);
    const renamed = await fetch(`${served.url}/__fake/episodes/${episode}`, {
      method: 'POST',
      headers: JSON_TYPE,
      body: JSON.stringify({ name: 'Renamed by a script' }),
    });
    expect(renamed.status).toBe(200);
    expect(served.service.control.episode(episode)?.name).toBe('Renamed by a script');
    // Typed in the address bar: Sec-Fetch-Site none.
    expect((await rawRequest(`${served.url}/__fake/now`, { headers: { 'sec-fetch-site': 'none' } })).status).toBe(200);
  });
});

describe('the API keeps CORS open, as the real service does', () => {
  it('answers any origin and its preflight', async () => {
    const preflight = await rawRequest(`${served.url}/3/configuration`, {
      method: 'OPTIONS',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(EVIL);
    const answer = await rawRequest(`${served.url}/3/configuration`, {
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site', ...AUTH },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(EVIL);
  });
});
