import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { createManualConnectivity } from '../../src/env.js';
import { createRequestQueue } from '../../src/queue/index.js';
import {
  createFakeService,
  createVirtualClock,
  FAKE_ACCESS_TOKEN,
  type FakeServiceOptions,
} from '../../src/testing/index.js';
import { seededRandom } from './helpers.js';

/** The queue over the in-process fake service: what the "Must show" list asks, beyond the rate scenarios. */
function setup(options: FakeServiceOptions = {}, accessToken = FAKE_ACCESS_TOKEN) {
  const clock = createVirtualClock();
  const connectivity = createManualConnectivity(true);
  const fake = createFakeService({ seed: 1, scale: 'small', clock, ...options });
  const client = createApiClient({ baseUrl: 'https://fake.test', accessToken, fetch: fake.fetch, clock });
  const queue = createRequestQueue({ client, clock, connectivity, random: seededRandom(21) });
  return { clock, connectivity, fake, queue };
}

async function somePersonId(): Promise<number> {
  const { clock, queue } = setup();
  const page = await clock.runUntil(queue.request('popularPeople', { page: 1 }));
  return page.data.results[0]?.id as number;
}

describe('Must show, against the fake service', () => {
  it('50 identical concurrent GETs → one request reaches the service', async () => {
    const { clock, fake, queue } = setup({ faults: { latencyMs: 50 } });
    const calls = Array.from({ length: 50 }, () => queue.request('trendingTv', { time_window: 'day', page: 1 }));
    const results = await clock.runUntil(Promise.all(calls));
    expect(fake.log.count()).toBe(1);
    expect(new Set(results.map((r) => r.data)).size).toBe(1);
    expect(queue.stats).toMatchObject({ sent: 1, deduped: 49 });
  });

  it('abort before sending: never sent; abort during: the request is cut', async () => {
    const { clock, fake, queue } = setup({ faults: { latencyMs: 400 } });
    queue.pause();
    const before = new AbortController();
    const queued = queue.request('trendingTv', { time_window: 'day', page: 1 }, { signal: before.signal });
    before.abort(new Error('before'));
    await expect(queued).rejects.toThrow('before');
    queue.resume();

    const during = new AbortController();
    const running = queue.request('trendingTv', { time_window: 'week', page: 1 }, { signal: during.signal });
    await clock.advance(100);
    expect(queue.stats.inFlight).toBe(1);
    during.abort(new Error('during'));
    await expect(running).rejects.toThrow('during');
    await clock.runUntil(queue.onIdle());
    await clock.advance(1000);
    // The fake saw only the second request (it logs a request when it answers: the cut one never completes).
    expect(fake.log.entries().filter((e) => e.path.endsWith('/day'))).toEqual([]);
    expect(queue.stats).toMatchObject({ sent: 1, inFlight: 0, queued: 0, retried: 0 });
  });

  it('offline: requests wait, then go out on reconnect', async () => {
    const { clock, connectivity, fake, queue } = setup();
    connectivity.setOnline(false);
    const call = queue.request('trendingTv', { time_window: 'day', page: 2 });
    await clock.advance(120_000);
    expect(fake.log.count()).toBe(0);
    expect(queue.stats).toMatchObject({ state: 'offline', queued: 1 });
    connectivity.setOnline(true);
    expect((await clock.runUntil(call)).status).toBe(200);
    expect(fake.log.entries().map((e) => e.time)).toEqual([120_000]);
  });

  it('no retry on 401 (bad token) or 404 (unknown record)', async () => {
    const bad = setup({}, 'not-the-fake-token');
    await expect(bad.clock.runUntil(bad.queue.request('trendingTv', { time_window: 'day' }))).rejects.toMatchObject({
      name: 'ServiceError',
      status: 401,
    });
    expect(bad.fake.log.count()).toBe(1);

    const missing = setup();
    await expect(
      missing.clock.runUntil(missing.queue.request('personExternalIds', { person_id: 999_999_999 })),
    ).rejects.toMatchObject({ name: 'ServiceError', status: 404, statusCode: 34 });
    expect(missing.fake.log.count()).toBe(1);
    expect(missing.queue.stats.retried).toBe(0);
  });

  it('no retry on a schema violation', async () => {
    const person = await somePersonId();
    const { clock, fake, queue } = setup({ faults: { operations: { personExternalIds: { schemaViolationRate: 1 } } } });
    await expect(clock.runUntil(queue.request('personExternalIds', { person_id: person }))).rejects.toMatchObject({
      name: 'SchemaValidationError',
    });
    expect(fake.log.count()).toBe(1);
  });

  it('retries the fake’s 5xx and resets until an answer comes', async () => {
    const { clock, fake, queue } = setup({ faults: { errorRate: 0.5, resetRate: 0.2, seed: 3 } });
    const calls = Array.from({ length: 20 }, (_, i) =>
      queue.request('trendingTv', { time_window: 'day', page: i + 1 }).then(
        (r) => r.status,
        (e: { name: string }) => e.name,
      ),
    );
    const outcomes = await clock.runUntil(Promise.all(calls));
    const failures = fake.log.entries().filter((e) => e.status !== 200).length;
    expect(failures).toBeGreaterThan(0);
    expect(queue.stats.retried).toBeGreaterThan(0);
    // Each of the 20 either succeeded or ran out of its 4 attempts; sends = 20 + retries.
    expect(queue.stats.sent).toBe(20 + queue.stats.retried);
    expect(outcomes.filter((o) => o === 200).length).toBeGreaterThan(10);
  });
});
