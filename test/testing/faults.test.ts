import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { AUTH, harness, ORIGIN } from './helpers.js';

describe('faults', () => {
  it('answers a seeded share of requests with 500/502/503/504 envelopes, the same sequence every run', async () => {
    const run = async () => {
      const h = harness({ faults: { errorRate: 0.3 } });
      const statuses: number[] = [];
      for (let i = 0; i < 60; i++) statuses.push((await h.get('/3/configuration')).status);
      return { statuses, h };
    };
    const { statuses, h } = await run();
    expect((await run()).statuses).toEqual(statuses);
    const failed = statuses.filter((s) => s !== 200);
    expect(failed.length).toBeGreaterThan(8);
    expect(failed.length).toBeLessThan(30);
    expect(new Set(failed)).toEqual(new Set([500, 502, 503, 504]));
    const error = await h.get('/3/configuration');
    if (error.status !== 200) {
      expect(error.headers.get('etag')).toBeNull();
      expect(await error.json()).toMatchObject({ success: false });
    }
    expect(h.service.log.entries().filter((e) => e.fault === 'error')).toHaveLength(failed.length);
  });

  it('applies rules per operation, and can be changed through control', async () => {
    const h = harness({ faults: { operations: { trendingTv: { errorRate: 1 } } } });
    expect((await h.get('/3/trending/tv/day')).status).toBeGreaterThanOrEqual(500);
    expect((await h.get('/3/configuration')).status).toBe(200);
    h.service.control.setFaults(undefined);
    expect((await h.get('/3/trending/tv/day')).status).toBe(200);
    expect(() => h.service.control.setFaults({ errorRate: 2 })).toThrow(TypeError);
  });

  it('delays answers on the injected clock only (fixed latency plus jitter)', async () => {
    const h = harness({ faults: { latencyMs: 500, jitterMs: 100 } });
    let settled = false;
    const pending = h.get('/3/configuration').then((r) => {
      settled = true;
      return r;
    });
    await h.clock.advance(499);
    expect(settled).toBe(false);
    await h.clock.advance(101);
    expect(settled).toBe(true);
    expect((await pending).status).toBe(200);
    const [entry] = h.service.log.entries();
    expect(entry?.durationMs).toBeGreaterThanOrEqual(500);
    expect(entry?.durationMs).toBeLessThan(600);
  });

  it('rejects the in-process fetch with TypeError on a connection reset', async () => {
    const h = harness({ faults: { resetRate: 1 } });
    await expect(h.get('/3/configuration')).rejects.toBeInstanceOf(TypeError);
    expect(h.service.log.entries()[0]).toMatchObject({ status: 0, fault: 'reset' });
  });

  it('may reset after a write was committed (the answer is lost, the change is not)', async () => {
    const h = harness({ faults: { operations: { removeListItem: { resetRate: 1 } } } });
    const { session_id } = h.service.control.createSession();
    const lists = Array.from({ length: 8 }, () => h.service.control.createList({ session_id, items: [1] }).list_id);
    for (const id of lists)
      await expect(h.post(`/3/list/${id}/remove_item?session_id=${session_id}`, { media_id: 1 })).rejects.toThrow(
        TypeError,
      );
    const committed = lists.filter((id) => h.service.control.listItems(id)?.length === 0);
    expect(committed.length).toBeGreaterThan(0);
    expect(committed.length).toBeLessThan(lists.length);
  });

  it('sends truncated or malformed JSON', async () => {
    const h = harness({ faults: { malformedRate: 1 } });
    for (let i = 0; i < 6; i++) {
      const text = await (await h.get('/3/person/popular')).text();
      expect(() => JSON.parse(text)).toThrow(SyntaxError);
    }
  });

  it('answers like a captive portal (200 text/html) without reaching the handler: nothing is committed', async () => {
    const h = harness({ faults: { operations: { removeListItem: { portalRate: 1 } } } });
    const { session_id } = h.service.control.createSession();
    const { list_id } = h.service.control.createList({ session_id, items: [1] });
    const response = await h.post(`/3/list/${list_id}/remove_item?session_id=${session_id}`, { media_id: 1 });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/^<!doctype html>/);
    expect(h.service.control.listItems(list_id)).toEqual([1]);
    expect(h.service.log.entries().at(-1)).toMatchObject({ status: 200, fault: 'portal' });
    // Other operations are not behind the portal; a rate of 0.5 lets about half through, from its own stream.
    const half = harness({ faults: { portalRate: 0.5 } });
    const statuses: string[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await half.get('/3/configuration')).headers.get('content-type') ?? '');
    }
    const portal = statuses.filter((type) => type.startsWith('text/html')).length;
    expect(portal).toBeGreaterThan(3);
    expect(portal).toBeLessThan(17);
  });

  it('cuts the answer of a committed write (truncated JSON): the change is kept', async () => {
    const h = harness({ faults: { operations: { removeListItem: { malformedRate: 1 } } } });
    const { session_id } = h.service.control.createSession();
    const { list_id } = h.service.control.createList({ session_id, items: [1, 2] });
    const response = await h.post(`/3/list/${list_id}/remove_item?session_id=${session_id}`, { media_id: 1 });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(h.service.control.listItems(list_id)).toEqual([2]);
  });

  it('sends payloads that violate the schema', async () => {
    const h = harness({ faults: { schemaViolationRate: 1 } });
    const series = h.service.control.allSeries()[0]?.id;
    const cases = [
      ['discoverTv', '/3/discover/tv'],
      ['configuration', '/3/configuration'],
      ['seasonCredits', `/3/tv/${series}/season/1/credits`],
      ['validateToken', '/3/authentication'],
      ['popularPeople', '/3/person/popular'],
    ] as const;
    for (const [operation, path] of cases) {
      for (let i = 0; i < 3; i++) {
        const body: unknown = await (await h.get(path)).json();
        expect(endpoints[operation].response.safeParse(body).success, operation).toBe(false);
      }
    }
  });

  it('answers 429 storms for a span of time, optionally per operation', async () => {
    const h = harness({ retryAfterHeader: true });
    h.service.control.storm({ durationMs: 2500, operations: ['discoverTv'] });
    const storm = await h.get('/3/discover/tv');
    expect(storm.status).toBe(429);
    expect(storm.headers.get('retry-after')).toBe('3');
    expect(await storm.json()).toMatchObject({ status_code: 25 });
    expect((await h.get('/3/configuration')).status).toBe(200);
    await h.clock.advance(2500);
    expect((await h.get('/3/discover/tv')).status).toBe(200);
    expect(h.service.log.entries().filter((e) => e.fault === 'storm')).toHaveLength(1);
  });

  it('aborts an in-process request on its signal, also during a latency fault', async () => {
    const h = harness({ faults: { latencyMs: 10_000 } });
    const controller = new AbortController();
    const pending = h.service.fetch(`${ORIGIN}/3/configuration`, { headers: AUTH, signal: controller.signal });
    controller.abort(new Error('gone'));
    await expect(pending).rejects.toThrow('gone');
  });
});

describe('log', () => {
  it('records operation, status, bytes and time, counts per operation and status, and resets', async () => {
    const h = harness();
    await h.get('/3/configuration');
    await h.clock.advance(10);
    await h.get('/3/person/3/external_ids');
    await h.get('/3/configuration', {});
    const entries = h.service.log.entries();
    expect(entries.map((e) => [e.operation, e.status])).toEqual([
      ['configuration', 200],
      ['personExternalIds', 404],
      ['configuration', 401],
    ]);
    expect(entries[0]?.bytes).toBe(new TextEncoder().encode(await (await h.get('/3/configuration')).text()).length);
    expect(entries[1]?.time).toBe((entries[0]?.time as number) + 10);
    expect(h.service.log.counts()).toEqual({ configuration: { 200: 2, 401: 1 }, personExternalIds: { 404: 1 } });
    expect(h.service.log.count({ operation: 'configuration' })).toBe(3);
    expect(entries.every((e) => !e.path.includes('?'))).toBe(true);
    h.service.log.reset();
    expect(h.service.log.entries()).toEqual([]);
    expect(h.service.log.count()).toBe(0);
  });
});
