import { describe, expect, it } from 'vitest';
import { AUTH, harness, type Json, readSample } from './helpers.js';

const NOT_FOUND = { success: false, status_code: 34, status_message: 'The resource you requested could not be found.' };

describe('errors like the real service', () => {
  it('answers 401 code 7 without a bearer token or with a wrong one, on every operation', async () => {
    const h = harness();
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic x' }];
    for (const headers of variants) {
      for (const path of ['/3/configuration', '/3/trending/tv/day', '/3/authentication', '/3/person/1/external_ids']) {
        const response = await h.get(path, headers);
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({
          success: false,
          status_code: 7,
          status_message: 'Invalid API key: You must be granted a valid key.',
        });
      }
    }
  });

  it('takes a bare path relative to baseUrl in-process', async () => {
    const h = harness({ baseUrl: 'http://localhost:9999' });
    const config = (await (await h.service.fetch('/3/configuration', { headers: AUTH })).json()) as Json;
    expect((config.images as Json).base_url).toBe('http://localhost:9999/t/p/');
  });

  it('accepts a custom access token', async () => {
    const h = harness({ accessToken: 'my-token' });
    expect((await h.get('/3/configuration', { authorization: 'Bearer my-token' })).status).toBe(200);
    expect((await h.get('/3/configuration')).status).toBe(401);
  });

  it('answers 404 code 34 for unknown ids, seasons, episodes and paths', async () => {
    const h = harness();
    const series = h.service.control.allSeries()[0]?.id as number;
    for (const path of [
      '/3/tv/999999999/season/1/credits',
      `/3/tv/${series}/season/31/images`,
      `/3/tv/${series}/season/1/episode/99/account_states?session_id=x`,
      '/3/person/3/external_ids',
      '/3/person/abc/translations',
      '/3/movie/1/videos',
      '/3/tv/episode/12/changes',
      '/3/trending/tv/month',
      '/3/no/such/path',
    ]) {
      const response = await h.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
  });

  it('answers 422 with the errors shape for page > 500, and 400 code 22 for page < 1 or not an integer', async () => {
    const h = harness();
    for (const path of ['/3/discover/tv?page=501', '/3/trending/movie/day?page=9999', '/3/person/popular?page=501']) {
      const response = await h.get(path);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ errors: ['page must be less than or equal to 500'] });
    }
    for (const page of ['0', '-1', 'abc', '1.5', '']) {
      const response = await h.get(`/3/tv/airing_today?page=${page}`);
      expect(response.status, page).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, status_code: 22 });
    }
    expect((await h.get('/3/discover/tv?page=500')).status).toBe(200);
  });

  it('sends no ETag or Cache-Control with errors, and the real content type and vary', async () => {
    const h = harness();
    const error = await h.get('/3/person/3/external_ids');
    expect(error.headers.get('etag')).toBeNull();
    expect(error.headers.get('cache-control')).toBeNull();
    expect(error.headers.get('content-type')).toBe('application/json;charset=utf-8');
    const ok = await h.get('/3/configuration');
    expect(ok.headers.get('content-type')).toBe('application/json;charset=utf-8');
    expect(ok.headers.get('vary')).toBe('accept-encoding, Origin');
    expect(ok.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(ok.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{32}"$/);
  });
});

describe('error bodies equal the real captures', () => {
  it('for codes 7, 17, 20, 22 and 34', async () => {
    const h = harness();
    const episode = h.service.control.episodeId({
      series_id: h.service.control.allSeries()[0]?.id as number,
      season_number: 1,
      episode_number: 1,
    });
    const token = h.service.control.createRequestToken();
    const cases: [string, () => Promise<Response>][] = [
      ['authentication.401.json', () => h.get('/3/authentication', {})],
      [
        'errors/authentication-session-new.401-session-denied.json',
        () => h.post('/3/authentication/session/new', { request_token: token }),
      ],
      [
        'errors/invalid-date-range-20.422.adamayoung.json',
        () => h.get(`/3/tv/episode/${episode}/changes?start_date=2026-01-01&end_date=2026-02-01`),
      ],
      ['errors/invalid-page-22.400.adamayoung.json', () => h.get('/3/person/popular?page=0')],
      ['errors/tv.404-not-found-34.json', () => h.get('/3/tv/999999999/season/1/images')],
    ];
    const statuses: Record<string, number> = { '7': 401, '17': 401, '20': 422, '22': 400, '34': 404 };
    for (const [file, send] of cases) {
      const sample = readSample(file) as Json;
      const response = await send();
      expect(response.status, file).toBe(statuses[String(sample.status_code)]);
      expect(await response.json(), file).toEqual(sample);
    }
  });
});

describe('caching headers', () => {
  it('answers a matching If-None-Match with 304 and headers only', async () => {
    const h = harness();
    const first = await h.get('/3/trending/tv/week');
    const etag = first.headers.get('etag') as string;
    const again = await h.get('/3/trending/tv/week', { ...AUTH, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const stale = await h.get('/3/trending/tv/week', {
      ...AUTH,
      'if-none-match': 'W/"00000000000000000000000000000000"',
    });
    expect(stale.status).toBe(200);
    expect(h.service.log.count({ operation: 'trendingTv', status: 304 })).toBe(1);
  });

  it('never answers 304 when conditional requests are switched off', async () => {
    const h = harness({ conditionalRequests: false });
    const etag = (await h.get('/3/configuration')).headers.get('etag') as string;
    const again = await h.get('/3/configuration', { ...AUTH, 'if-none-match': etag });
    expect(again.status).toBe(200);
    expect(again.headers.get('etag')).toBe(etag);
  });

  it('derives the ETag from the body: equal bodies share it, a change alters it', async () => {
    const h = harness();
    const [a, b] = h.service.control.allSeries().map((s) => s.id as number);
    const ep1 = h.service.control.episodeId({ series_id: a as number, season_number: 1, episode_number: 1 });
    const ep2 = h.service.control.episodeId({ series_id: b as number, season_number: 1, episode_number: 2 });
    const empty1 = await h.get(`/3/tv/episode/${ep1}/changes`);
    const empty2 = await h.get(`/3/tv/episode/${ep2}/changes`);
    expect(await empty1.text()).toBe('{"changes":[]}');
    expect(empty1.headers.get('etag')).toBe(empty2.headers.get('etag'));
    h.service.control.mutateEpisode(ep1 as number, { name: 'A new name' });
    const changed = await h.get(`/3/tv/episode/${ep1}/changes`);
    expect(changed.headers.get('etag')).not.toBe(empty1.headers.get('etag'));
  });

  it('gives change feeds max-age=600 and other reads a remaining lifetime within the operation TTL', async () => {
    const h = harness();
    const ep = h.service.control.episodeId({
      series_id: h.service.control.allSeries()[0]?.id as number,
      season_number: 1,
      episode_number: 1,
    });
    expect((await h.get(`/3/tv/episode/${ep}/changes`)).headers.get('cache-control')).toBe('public, max-age=600');
    const ages = new Set<number>();
    for (const page of [1, 2, 3, 4, 5]) {
      const header = (await h.get(`/3/discover/tv?page=${page}`)).headers.get('cache-control') as string;
      const age = Number(header.replace('public, max-age=', ''));
      expect(age).toBeGreaterThan(0);
      expect(age).toBeLessThanOrEqual(3 * 3600);
      ages.add(age);
    }
    expect(ages.size).toBeGreaterThan(1);
    const before = Number((await h.get('/3/discover/tv')).headers.get('cache-control')?.split('=')[1]);
    await h.clock.advance(10_000);
    const after = Number((await h.get('/3/discover/tv')).headers.get('cache-control')?.split('=')[1]);
    expect(after === before - 10 || after > before).toBe(true);
  });

  it("sends the operation's whole lifetime with cacheMaxAge 'full'", async () => {
    const h = harness({ cacheMaxAge: 'full' });
    expect((await h.get('/3/discover/tv')).headers.get('cache-control')).toBe('public, max-age=10800');
    expect((await h.get('/3/configuration')).headers.get('cache-control')).toBe('public, max-age=86400');
  });
});

describe('CORS', () => {
  it('answers preflights for any origin and exposes ETag and Retry-After', async () => {
    const h = harness();
    const preflight = await h.service.fetch('http://fake.test/3/discover/tv', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('If-None-Match');
    const response = await h.get('/3/configuration', { ...AUTH, origin: 'http://localhost:5173' });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-expose-headers')).toContain('ETag');
    expect(response.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });
});
