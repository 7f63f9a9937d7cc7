import { describe, expect, it } from 'vitest';
import { createRequestQueue } from '../../src/queue/index.js';
import { createVirtualClock } from '../../src/testing/virtual-clock.js';
import { clientFor, observe, record, seededRandom } from './helpers.js';
import { createStubService } from './stub-service.js';

/**
 * The 429 pause against a wall clock that jumps (a laptop waking, an NTP correction): forward and back, by minutes
 * and by hours, at the moment of the 429 or halfway through the pause, with a server's `Retry-After` and with the
 * queue's own jittered pause. Real (monotonic) time is the virtual time the test advanced; the clock's reading moves
 * by the jump on top. No request is sent before the pause's real length has passed, even when the app keeps asking
 * (a new request re-evaluates the queue), and none is held longer than the pause plus one evaluation of the window.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** One evaluation of the rate window after the pause: at most one pacing step. */
const ONE_EVALUATION_MS = 100;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

function setup(retryAfter: string | undefined) {
  const clock = createVirtualClock(Date.UTC(2026, 10, 1));
  const stub = createStubService({
    clock,
    rateLimit: false,
    fault: ({ n }) =>
      n === 1
        ? json(
            429,
            { success: false, status_code: 25, status_message: 'over the limit' },
            retryAfter === undefined ? {} : { 'retry-after': retryAfter },
          )
        : undefined,
  });
  const { fetch, log } = observe(stub.fetch, clock);
  const queue = createRequestQueue({ client: clientFor(fetch, clock), clock, random: seededRandom(3) });
  return { clock, log, queue, events: record(queue) };
}

describe('the 429 pause does not follow the wall clock', () => {
  for (const retryAfter of ['30', undefined]) {
    for (const jump of [2 * MINUTE, 3 * HOUR, -2 * MINUTE, -3 * HOUR]) {
      for (const at of [0, 0.5]) {
        const name = `${retryAfter ? `Retry-After ${retryAfter} s` : 'no Retry-After'}; clock set ${jump > 0 ? 'forward' : 'back'} ${Math.abs(jump) / MINUTE} min ${at === 0 ? 'at the 429' : 'halfway through the pause'}`;
        it(name, async () => {
          const { clock, log, queue, events } = setup(retryAfter);
          const first = queue.request('personExternalIds', { person_id: 1 });
          await clock.flush();
          const limited = events.find((event) => event[0] === 'rateLimited')?.[1] as { at: number; until: number };
          expect(limited).toBeDefined();
          const pauseMs = limited.until - limited.at;
          if (retryAfter) expect(pauseMs).toBe(Number(retryAfter) * 1000);
          else expect(pauseMs).toBeGreaterThan(0);
          expect(queue.stats.state).toBe('rateLimited');

          // Real time passes (advance), then the clock is set (jump): its reading is off by `jump` from then on.
          await clock.advance(Math.floor(pauseMs * at));
          await clock.jump(jump);
          // The app keeps asking: each new request re-evaluates whether the queue may start.
          const second = queue.request('personExternalIds', { person_id: 2 });
          await clock.advance(1);
          expect(log).toHaveLength(1);
          expect(queue.stats.state).toBe('rateLimited');
          await clock.runUntil(Promise.all([first, second]), { maxMs: 4 * HOUR });

          // Every send after the 429, in real time (its clock reading less the jump), counted from the 429.
          const after = log.slice(1).map((entry) => entry.at - jump - limited.at);
          expect(after).toHaveLength(2);
          expect(Math.min(...after)).toBeGreaterThanOrEqual(pauseMs);
          expect(Math.max(...after)).toBeLessThanOrEqual(pauseMs + ONE_EVALUATION_MS);
          expect(queue.stats.state).toBe('running');
        });
      }
    }
  }

  it('a 429 arriving during a pause after the clock was set back: the queue waits out the longer real pause', async () => {
    const clock = createVirtualClock(Date.UTC(2026, 10, 1));
    const stub = createStubService({
      clock,
      rateLimit: false,
      fault: ({ n }) =>
        n <= 2 ? json(429, { success: false, status_code: 25 }, { 'retry-after': n === 1 ? '30' : '5' }) : undefined,
    });
    const { fetch } = observe(stub.fetch, clock);
    const start = clock.now();
    let jumped = 0;
    /** When each request was sent, in real time from the start (the clock's reading less the jump). */
    const real: number[] = [];
    // The second request's answer (a 429, Retry-After 5 s) takes 15 s of real time to arrive.
    let calls = 0;
    const slowSecond: typeof fetch = (input, init) => {
      calls += 1;
      real.push(clock.now() - jumped - start);
      if (calls !== 2) return fetch(input, init);
      return new Promise((resolve) => clock.setTimeout(() => resolve(fetch(input, init)), 15_000));
    };
    const queue = createRequestQueue({
      client: clientFor(slowSecond, clock),
      clock,
      random: seededRandom(3),
      rateLimit: { perSecond: 40, concurrency: 2 },
    });
    const first = queue.request('personExternalIds', { person_id: 1 });
    const second = queue.request('personExternalIds', { person_id: 2 });
    await clock.advance(10_000);
    await clock.jump(-HOUR);
    jumped = -HOUR;
    await clock.runUntil(Promise.all([first, second]), { maxMs: 4 * HOUR });
    // Real times of the sends: the first two at once, the 429s at 0 and 15 s, then both retries when the 30 s pause
    // of the first 429 ends (the second's 5 s pause, armed at 15 s, is shorter).
    expect(real.slice(0, 2)).toEqual([0, 0]);
    const retries = real.slice(2);
    expect(retries).toHaveLength(2);
    expect(Math.min(...retries)).toBeGreaterThanOrEqual(30_000);
    expect(Math.max(...retries)).toBeLessThanOrEqual(30_000 + ONE_EVALUATION_MS);
  });
});
