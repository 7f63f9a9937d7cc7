import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { isInvalidParamsError } from '../../src/errors/index.js';
import { createRequestQueue } from '../../src/queue/index.js';
import { createVirtualClock } from '../../src/testing/virtual-clock.js';
import { clientFor, observe, record, seededRandom } from './helpers.js';
import { createStubService, type StubOptions } from './stub-service.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function setup(fault: StubOptions['fault'], seed = 11, retry = {}) {
  const clock = createVirtualClock();
  const stub = createStubService({ clock, rateLimit: false, fault });
  const { fetch, log } = observe(stub.fetch, clock);
  const random = seededRandom(seed);
  const queue = createRequestQueue({ client: clientFor(fetch, clock), clock, random, retry });
  return { clock, log, queue, events: record(queue) };
}

/** The first `failures` requests fail as `make()` says, then the service answers normally. */
const failFirst = (failures: number, make: () => Response | 'throw') => (r: { n: number }) => {
  if (r.n > failures) return undefined;
  const answer = make();
  if (answer === 'throw') throw new TypeError('fetch failed');
  return answer;
};

describe('retry', () => {
  it.each([
    [401, { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' }],
    [404, { status_code: 34, status_message: 'The resource you requested could not be found.' }],
    [422, { errors: ['page must be less than or equal to 500'] }],
  ])('no retry on %i', async (status, body) => {
    const { clock, log, queue } = setup(() => json(status, { success: false, ...body }));
    const call = queue.request('personExternalIds', { person_id: 1 });
    await expect(clock.runUntil(call)).rejects.toMatchObject({ name: 'ServiceError', status });
    expect(log).toHaveLength(1);
    expect(queue.stats).toMatchObject({ sent: 1, retried: 0 });
  });

  it('no retry on a schema error', async () => {
    const { clock, log, queue } = setup(() => json(200, { id: 'not a number' }));
    await expect(clock.runUntil(queue.request('personExternalIds', { person_id: 1 }))).rejects.toMatchObject({
      name: 'SchemaValidationError',
    });
    expect(log).toHaveLength(1);
  });

  it('invalid params throw InvalidParamsError before anything is queued', async () => {
    const { clock, log, queue, events } = setup(() => undefined);
    const call = queue.request('personExternalIds', { person_id: -3 });
    const error = await call.catch((e: unknown) => e);
    expect(isInvalidParamsError(error)).toBe(true);
    await clock.advance(1000);
    expect(log).toEqual([]);
    expect(events).toEqual([]);
    expect(queue.stats).toMatchObject({ sent: 0, queued: 0 });
  });

  it.each([500, 502, 503, 504])('retries %i with full-jitter backoff, then succeeds', async (status) => {
    const { clock, log, queue, events } = setup(failFirst(2, () => json(status, { status_code: 11 })));
    const result = await clock.runUntil(queue.request('personExternalIds', { person_id: 1 }));
    expect(result.data.id).toBe(1);
    expect(log.map((e) => e.status)).toEqual([status, status, 200]);
    const retries = events.filter((e) => e[0] === 'retry').map((e) => e[1] as { attempt: number; delayMs: number });
    // Attempt n waits uniformly below min(30 s, 500 ms × 2^(n−1)): the seeded random fixes the exact values.
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    expect(retries[0]?.delayMs).toBeLessThan(500);
    expect(retries[1]?.delayMs).toBeLessThan(1000);
    // Each retry left exactly its announced delay after the failure.
    expect((log[1]?.at ?? 0) - (log[0]?.at ?? 0)).toBe(retries[0]?.delayMs);
    expect((log[2]?.at ?? 0) - (log[1]?.at ?? 0)).toBe(retries[1]?.delayMs);
    expect(queue.stats).toMatchObject({ sent: 3, retried: 2 });
  });

  it('retries network errors and timeouts', async () => {
    const network = setup(failFirst(1, () => 'throw'));
    await network.clock.runUntil(network.queue.request('personExternalIds', { person_id: 1 }));
    expect(network.log.map((e) => e.status)).toEqual(['error', 200]);

    const clock = createVirtualClock();
    let n = 0;
    const hanging = createStubService({ clock, rateLimit: false });
    const client = createApiClient({
      baseUrl: 'https://fake.test',
      accessToken: 'test-bearer-token-0123456789',
      clock,
      timeoutMs: 2000,
      fetch: (input, init) => (++n === 1 ? new Promise(() => {}) : hanging.fetch(input, init)),
    });
    const queue = createRequestQueue({ client, clock, random: seededRandom(1) });
    const events = record(queue);
    await clock.runUntil(queue.request('personExternalIds', { person_id: 1 }));
    expect(events.find((e) => e[0] === 'retry')?.[1]).toMatchObject({ error: { name: 'TimeoutError' }, at: 2000 });
  });

  it('gives up after `attempts` sends with the last error; backoff ceilings double up to maxDelayMs', async () => {
    const { clock, log, queue, events } = setup(() => json(503, { status_code: 11 }), 5, {
      attempts: 6,
      baseDelayMs: 1000,
      maxDelayMs: 4000,
    });
    await expect(clock.runUntil(queue.request('personExternalIds', { person_id: 1 }))).rejects.toMatchObject({
      name: 'ServiceError',
      status: 503,
    });
    expect(log).toHaveLength(6);
    const delays = events.filter((e) => e[0] === 'retry').map((e) => (e[1] as { delayMs: number }).delayMs);
    const ceilings = [1000, 2000, 4000, 4000, 4000];
    expect(delays).toHaveLength(5);
    delays.forEach((d, i) => {
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(ceilings[i] as number);
    });
    // Same seed, same delays: the jitter is deterministic.
    const again = setup(() => json(503, { status_code: 11 }), 5, { attempts: 6, baseDelayMs: 1000, maxDelayMs: 4000 });
    await again.clock.runUntil(again.queue.request('personExternalIds', { person_id: 1 })).catch(() => {});
    expect(again.events.filter((e) => e[0] === 'retry').map((e) => (e[1] as { delayMs: number }).delayMs)).toEqual(
      delays,
    );
  });

  it('a 503 with Retry-After waits exactly that long', async () => {
    const { clock, log, queue } = setup(failFirst(1, () => json(503, { status_code: 11 }, { 'retry-after': '7' })));
    await clock.runUntil(queue.request('personExternalIds', { person_id: 1 }));
    expect(log.map((e) => e.at)).toEqual([0, 7000]);
  });

  it('attempts: 1 turns retries off', async () => {
    const { clock, log, queue } = setup(() => json(500, { status_code: 11 }), 1, { attempts: 1 });
    await expect(clock.runUntil(queue.request('personExternalIds', { person_id: 1 }))).rejects.toMatchObject({
      status: 500,
    });
    expect(log).toHaveLength(1);
  });

  it('a 429 without Retry-After pauses the whole queue with equal jitter, and the retry goes through the queue', async () => {
    const { clock, log, queue, events } = setup(
      failFirst(1, () => json(429, { success: false, status_code: 25, status_message: 'over the limit' })),
    );
    await clock.runUntil(queue.request('personExternalIds', { person_id: 1 }));
    const kinds = events.map((e) => e[0]);
    expect(kinds).toEqual(['request', 'rateLimited', 'response', 'retry', 'request', 'response', 'idle']);
    const limited = events[1]?.[1] as { at: number; until: number; rate: number };
    // First episode: between half and all of rateLimitPauseMs (250).
    expect(limited.until).toBeGreaterThanOrEqual(125);
    expect(limited.until).toBeLessThan(250);
    expect(limited.rate).toBe(20);
    expect(events[3]?.[1]).toMatchObject({ attempt: 1, delayMs: 0, error: { status: 429, statusCode: 25 } });
    expect(log.map((e) => e.at)).toEqual([0, limited.until]);
    expect(queue.stats).toMatchObject({ rateLimited429: 1, retried: 1, sent: 2 });
  });
});
