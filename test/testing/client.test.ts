import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import { isNetworkError, isSchemaValidationError, isServiceError, isTimeoutError } from '../../src/errors/index.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { harness, ORIGIN } from './helpers.js';

/** The library's own client against the in-process fake: the path every later layer takes. */
function client(h: ReturnType<typeof harness>, timeoutMs?: number) {
  return createApiClient({
    baseUrl: ORIGIN,
    accessToken: FAKE_ACCESS_TOKEN,
    fetch: h.service.fetch,
    clock: h.clock,
    timeoutMs,
  });
}

describe('the API client against the fake', () => {
  it('reads every public list and resource, validated by the schemas', async () => {
    const h = harness();
    const api = client(h);
    const seriesId = h.service.control.allSeries()[0]?.id as number;
    const trending = await api.request('trendingTv', { time_window: 'day', page: 2 });
    expect(trending.data.page).toBe(2);
    expect(trending.etag).toMatch(/^W\//);
    expect(trending.maxAgeSeconds).toBeGreaterThan(0);
    const discover = await api.request('discoverTv', {
      with_genres: [18, 35],
      'vote_average.gte': 5,
      sort_by: 'vote_count.desc',
    });
    expect(discover.data.results.every((s) => s.genre_ids.includes(18) && s.genre_ids.includes(35))).toBe(true);
    const credits = await api.request('seasonCredits', { series_id: seriesId, season_number: 1 });
    expect(credits.data.cast.length).toBeGreaterThan(0);
    const notModified = await api.request(
      'seasonCredits',
      { series_id: seriesId, season_number: 1 },
      { ifNoneMatch: credits.etag as string },
    );
    expect(notModified.status).toBe(304);
  });

  it('gets typed errors: 404, 429 with retryAfterMs, 5xx, resets, malformed payloads, timeouts', async () => {
    const h = harness({ rateLimit: { perSecond: 1 }, retryAfterHeader: true });
    const api = client(h);
    await expect(api.request('personExternalIds', { person_id: 3 })).rejects.toSatisfy(
      (e) => isServiceError(e) && e.status === 404 && e.statusCode === 34,
    );
    const limited = await api.request('configuration', {}).catch((e: unknown) => e);
    expect(isServiceError(limited) && limited.status === 429 && limited.retryAfterMs === 1000).toBe(true);

    h.service.control.setFaults({ errorRate: 1 });
    await h.clock.advance(1000);
    await expect(api.request('configuration', {})).rejects.toSatisfy((e) => isServiceError(e) && e.status >= 500);
    h.service.control.setFaults({ resetRate: 1 });
    await h.clock.advance(1000);
    await expect(api.request('configuration', {})).rejects.toSatisfy(isNetworkError);
    h.service.control.setFaults({ schemaViolationRate: 1 });
    await h.clock.advance(1000);
    await expect(api.request('configuration', {})).rejects.toSatisfy(isSchemaValidationError);
    h.service.control.setFaults({ latencyMs: 60_000 });
    await h.clock.advance(1000);
    const slow = client(h, 5000).request('configuration', {});
    await expect(h.clock.runUntil(slow)).rejects.toSatisfy(isTimeoutError);
  });

  it('runs the session flow and an idempotent removal', async () => {
    const h = harness();
    const api = client(h);
    const token = h.service.control.createRequestToken({ approved: true });
    const { data } = await api.request('createSession', { request_token: token });
    expect(data.session_id).toMatch(/^[0-9a-f]{40}$/);
    const { list_id } = h.service.control.createList({ session_id: data.session_id, items: [18] });
    const removed = await api.request('removeListItem', { list_id, media_id: 18, session_id: data.session_id });
    expect(removed.data.status_code).toBe(13);
    await expect(
      api.request('removeListItem', { list_id, media_id: 18, session_id: data.session_id }),
    ).rejects.toSatisfy((e) => isServiceError(e) && e.status === 200 && e.statusCode === 21);
  });
});
