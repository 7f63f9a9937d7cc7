import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/api/index.js';
import { createRequestQueue, type RequestEvent, type RequestQueue } from '../../src/queue/index.js';
import {
  createFakeService,
  createVirtualClock,
  FAKE_ACCESS_TOKEN,
  type VirtualClock,
} from '../../src/testing/index.js';
import { observe, record, seededRandom } from './helpers.js';

/** The fake service in-process, with its rate limit, observed at the door; and a client for it. */
function service(clock: VirtualClock, perSecond: number, retryAfterHeader = false) {
  const fake = createFakeService({ seed: 1, scale: 'small', rateLimit: { perSecond }, retryAfterHeader, clock });
  const { fetch, log } = observe(fake.fetch, clock);
  const client = createApiClient({ baseUrl: 'https://fake.test', accessToken: FAKE_ACCESS_TOKEN, fetch, clock });
  return { client, log, fake };
}

/** `n` distinct GETs (trending pages; the fake answers pages past the end with empty results). */
function flood(queue: RequestQueue, n: number, priority: 'background' | 'prefetch' = 'background') {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      queue.request(
        'trendingTv',
        { time_window: i % 2 === 0 ? 'day' : 'week', page: Math.floor(i / 2) + 1 },
        { priority },
      ),
    ),
  );
}

describe('request queue against the fake service (virtual time)', () => {
  it('known limit: 500 requests at 40/s against 40/s → no 429, duration within 10% of 12.5 s', async () => {
    const clock = createVirtualClock();
    const { client, log } = service(clock, 40);
    const queue = createRequestQueue({ client, clock, random: seededRandom(1) });
    const results = await clock.runUntil(flood(queue, 500));
    expect(results.map((r) => r.status)).toEqual(Array(500).fill(200));
    expect(log.filter((e) => e.status === 429)).toEqual([]);
    expect(log).toHaveLength(500);
    expect(Math.abs(clock.now() - 12_500)).toBeLessThanOrEqual(1_250);
    // The client never had more than 40 starts in any (t − 1000, t].
    const times = log.map((e) => e.at);
    for (let i = 40; i < times.length; i++)
      expect((times[i] as number) - (times[i - 40] as number)).toBeGreaterThanOrEqual(1000);
    expect(queue.stats).toMatchObject({ sent: 500, rateLimited429: 0, retried: 0, inFlight: 0, queued: 0 });
  });

  it('unknown lower limit: 20/s server, 40/s configured, no Retry-After → all complete, 429s ≤ 5%', async () => {
    const clock = createVirtualClock();
    const { client, log } = service(clock, 20);
    const queue = createRequestQueue({ client, clock, random: seededRandom(2) });
    const events = record(queue);
    const results = await clock.runUntil(flood(queue, 500));
    expect(results).toHaveLength(500);
    const r429 = log.filter((e) => e.status === 429).length;
    expect(r429).toBeGreaterThan(0);
    expect(r429).toBeLessThanOrEqual(25);
    expect(queue.stats.rateLimited429).toBe(r429);
    expect(queue.stats.retried).toBe(r429);
    // The budget is still used: 500 at 20/s is 25 s; the adaptation may cost at most 20% on top.
    expect(clock.now()).toBeLessThanOrEqual(30_000);
    // The first 429 lowered the rate to what the server took (20), not to an arbitrary half.
    const first = events.find((e) => e[0] === 'rateLimited');
    expect(first?.[1]).toMatchObject({ rate: 20, retryAfterMs: undefined });
  });

  it('Retry-After: the whole queue waits exactly the announced time, not less', async () => {
    const clock = createVirtualClock();
    const { client, log } = service(clock, 20, true);
    const queue = createRequestQueue({ client, clock, random: seededRandom(3) });
    const events = record(queue);
    await clock.runUntil(flood(queue, 60));
    const limited = events.filter((e) => e[0] === 'rateLimited').map((e) => e[1]);
    expect(limited.length).toBeGreaterThan(0);
    for (const event of limited) {
      if (!('until' in event)) throw new Error('not a rateLimited event');
      expect(event.retryAfterMs).toBe(1000);
      expect(event.until).toBe(event.at + 1000);
      // Nothing reached the service in [at, until): the pause held every request, not just the refused one.
      const inPause = log.filter((e) => e.at > event.at && e.at < event.until);
      expect(inPause).toEqual([]);
    }
    // After the first 429 (the 21st request), the next request went out exactly when the pause ended.
    const first = limited[0] as { at: number; until: number };
    expect(log.filter((e) => e.at <= first.at && e.status === 200)).toHaveLength(20);
    expect(log.find((e) => e.at > first.at)?.at).toBe(first.until);
  });

  it('an interactive request queued behind 1,000 background requests starts within one interval', async () => {
    const clock = createVirtualClock();
    const { client } = service(clock, 40);
    const queue = createRequestQueue({ client, clock, random: seededRandom(4) });
    const started: RequestEvent[] = [];
    queue.on('request', (e) => started.push(e));
    const background = flood(queue, 1000);
    await clock.advance(2500);
    const queuedAt = clock.now();
    const before = started.length;
    const interactive = queue.request('popularPeople', { page: 1 }, { priority: 'interactive' });
    const response = await clock.runUntil(interactive);
    expect(response.data.results.length).toBeGreaterThan(0);
    const mine = started.find((e) => e.priority === 'interactive');
    // It is the very first start after it was queued, within one interval: background work is paced (at most
    // 4 starts per 100 ms at 40/s), so the window frees a place within 100 ms, not at the next full second.
    expect(started[before]).toBe(mine);
    expect((mine?.at ?? Number.POSITIVE_INFINITY) - queuedAt).toBeLessThanOrEqual(100);
    expect(queue.stats.queued).toBeGreaterThan(800);
    queue.clear();
    await expect(clock.runUntil(background)).rejects.toMatchObject({ name: 'AbortError' });
    await clock.runUntil(queue.onIdle());
  });

  it('background work is paced (at most 4 starts per 100 ms at 40/s); interactive bursts are not', async () => {
    const clock = createVirtualClock();
    const { client, log } = service(clock, 40);
    const queue = createRequestQueue({ client, clock, random: seededRandom(5) });
    await clock.runUntil(flood(queue, 80));
    const times = log.map((e) => e.at);
    for (let i = 4; i < times.length; i++)
      expect((times[i] as number) - (times[i - 4] as number)).toBeGreaterThanOrEqual(100);

    // Once the window has room, requests a user waits for go out together (the window still bounds them).
    await clock.advance(1000);
    const burst = Array.from({ length: 12 }, (_, i) =>
      queue.request('popularPeople', { page: i + 1 }, { priority: 'interactive' }),
    );
    const from = log.length;
    const at = clock.now();
    await clock.runUntil(Promise.all(burst));
    expect(log.slice(from).map((e) => e.at)).toEqual(Array(12).fill(at));
  });
});
