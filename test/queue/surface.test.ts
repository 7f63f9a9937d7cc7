import { describe, expect, it } from 'vitest';
import type { Logger } from '../../src/env.js';
import { createRequestQueue, type QueueStats, type RequestEvent } from '../../src/queue/index.js';
import { createVirtualClock } from '../../src/testing/virtual-clock.js';
import { clientFor, record, seededRandom, TOKEN } from './helpers.js';
import { createStubService } from './stub-service.js';

function setup(options: { concurrency?: number; logger?: Logger; latencyMs?: number } = {}) {
  const clock = createVirtualClock();
  const stub = createStubService({ clock, rateLimit: { perSecond: 40 }, latencyMs: options.latencyMs ?? 10 });
  const queue = createRequestQueue({
    client: clientFor(stub.fetch, clock),
    clock,
    random: seededRandom(9),
    rateLimit: { concurrency: options.concurrency ?? 8 },
    ...(options.logger ? { logger: options.logger } : {}),
  });
  return { clock, stub, queue };
}

describe('priorities', () => {
  it('interactive > mutation > prefetch > background, FIFO within one', async () => {
    const { clock, stub, queue } = setup({ concurrency: 1 });
    queue.pause();
    const order = [
      ['background', 1],
      ['prefetch', 2],
      ['background', 3],
      ['mutation', 4],
      ['interactive', 5],
      ['prefetch', 6],
      ['interactive', 7],
    ] as const;
    const calls = order.map(([priority, id]) => queue.request('personExternalIds', { person_id: id }, { priority }));
    queue.resume();
    await clock.runUntil(Promise.all(calls));
    expect(stub.received.map((r) => Number(r.path.split('/')[3]))).toEqual([5, 7, 4, 2, 6, 1, 3]);
  });

  it('a deduped interactive caller raises the waiting shared request to its priority', async () => {
    const { clock, stub, queue } = setup({ concurrency: 1 });
    queue.pause();
    const calls = [
      queue.request('personExternalIds', { person_id: 1 }, { priority: 'background' }),
      queue.request('personExternalIds', { person_id: 2 }, { priority: 'prefetch' }),
      queue.request('personExternalIds', { person_id: 1 }, { priority: 'interactive' }),
    ];
    queue.resume();
    await clock.runUntil(Promise.all(calls));
    expect(stub.received.map((r) => r.path)).toEqual(['/3/person/1/external_ids', '/3/person/2/external_ids']);
  });
});

describe('events, stats and idle', () => {
  it('stats is an immutable snapshot replaced on change, announced by a stats event', async () => {
    const { clock, queue } = setup();
    const seen: QueueStats[] = [];
    const stop = queue.on('stats', (s) => seen.push(s));
    const before = queue.stats;
    expect(Object.isFrozen(before) || before === queue.stats).toBe(true);
    const call = queue.request('personExternalIds', { person_id: 1 });
    expect(queue.stats).not.toBe(before);
    expect(before).toMatchObject({ sent: 0, queued: 0 });
    await clock.runUntil(call);
    expect(seen.at(-1)).toBe(queue.stats);
    expect(queue.stats).toMatchObject({ state: 'running', sent: 1, inFlight: 0, queued: 0, currentRate: 40 });
    const settled = queue.stats;
    stop();
    await clock.runUntil(queue.request('personExternalIds', { person_id: 2 }));
    expect(seen.at(-1)).toBe(settled);
  });

  it('onIdle resolves at once when idle, else when the last request settles; idle is emitted once', async () => {
    const { clock, queue } = setup({ latencyMs: 300 });
    let resolved = false;
    await queue.onIdle();
    const events = record(queue);
    void queue.request('personExternalIds', { person_id: 1 });
    void queue.request('personExternalIds', { person_id: 2 });
    const idle = queue.onIdle().then(() => {
      resolved = true;
    });
    await clock.advance(299);
    expect(resolved).toBe(false);
    await clock.runUntil(idle);
    expect(clock.now()).toBe(300);
    expect(events.filter((e) => e[0] === 'idle')).toHaveLength(1);
  });

  it('pause() holds new requests (state paused), resume() sends them', async () => {
    const { clock, stub, queue } = setup();
    queue.pause();
    const call = queue.request('personExternalIds', { person_id: 1 });
    await clock.advance(5000);
    expect(stub.received).toEqual([]);
    expect(queue.stats.state).toBe('paused');
    queue.resume();
    await clock.runUntil(call);
    expect(stub.received).toHaveLength(1);
  });

  it('events and logs never carry the token, session ids or request tokens', async () => {
    const logged: unknown[] = [];
    const logger: Logger = {
      debug: (m, c) => logged.push([m, c]),
      info: (m, c) => logged.push([m, c]),
      warn: (m, c) => logged.push([m, c]),
      error: (m, c) => logged.push([m, c]),
    };
    const clock = createVirtualClock();
    let n = 0;
    const stub = createStubService({
      clock,
      rateLimit: false,
      // One 429 and one 503 on the way, so rateLimited, retry and their logs all fire.
      fault: () => {
        n += 1;
        if (n === 1) return new Response(JSON.stringify({ status_code: 25 }), { status: 429 });
        if (n === 2) return new Response(JSON.stringify({ status_code: 11 }), { status: 503 });
        return undefined;
      },
    });
    const queue = createRequestQueue({ client: clientFor(stub.fetch, clock), clock, logger, random: seededRandom(1) });
    const events: unknown[] = [];
    for (const name of ['request', 'response', 'retry', 'rateLimited', 'deduped', 'idle', 'stats'] as const) {
      queue.on(name, (...args: unknown[]) => events.push([name, ...args]));
    }
    const session = 'SeSsIoN0123456789abcdef';
    await clock.runUntil(
      Promise.all([
        queue.request('removeListItem', { list_id: 5, media_id: 550, session_id: session }),
        queue.request('tvAccountStates', { series_id: 1399, session_id: session }).catch(() => undefined),
        queue.request('tvAccountStates', { series_id: 1399, session_id: session }).catch(() => undefined),
        queue.request('createSession', { request_token: 'ReQuEsTtOkEn0123456789' }).catch(() => undefined),
      ]),
    );
    const text = JSON.stringify([events, logged]);
    expect(events.length).toBeGreaterThan(10);
    expect(text).toContain('session_id=%5Bredacted%5D');
    for (const secret of [session, 'ReQuEsTtOkEn0123456789', TOKEN]) expect(text).not.toContain(secret);
    const keys = events
      .filter((e) => (e as unknown[])[0] === 'request')
      .map((e) => ((e as unknown[])[1] as RequestEvent).key);
    expect(keys).toContain('removeListItem?list_id=5&media_id=550&session_id=%5Bredacted%5D');
  });

  it('setRateLimit() changes the budget while running (a tab’s share of the origin)', async () => {
    const { clock, stub, queue } = setup({ latencyMs: 0 });
    queue.setRateLimit({ perSecond: 5 });
    expect(queue.stats.currentRate).toBe(5);
    const calls = Array.from({ length: 10 }, (_, i) =>
      queue.request('personExternalIds', { person_id: i + 1 }, { priority: 'interactive' }),
    );
    await clock.runUntil(Promise.all(calls));
    expect(stub.received.map((r) => r.at)).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000]);
    expect(() => queue.setRateLimit({ perSecond: 0 })).toThrow(TypeError);
  });

  it('close() rejects waiting requests and refuses new ones', async () => {
    const { clock, queue } = setup();
    queue.pause();
    const waiting = queue.request('personExternalIds', { person_id: 1 });
    queue.close();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    await expect(queue.request('personExternalIds', { person_id: 1 })).rejects.toMatchObject({
      name: 'AbortError',
      message: 'RequestQueue: request after close()',
    });
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('options', () => {
  const clock = createVirtualClock();
  const client = clientFor(createStubService({ clock }).fetch, clock);
  it.each([
    [{ rateLimit: { perSecond: 0 } }, 'rateLimit.perSecond must be > 0'],
    [{ rateLimit: { perSecond: Number.NaN } }, 'rateLimit.perSecond must be > 0'],
    [{ rateLimit: { concurrency: 1.5 } }, 'rateLimit.concurrency must be an integer ≥ 1'],
    [{ rateLimit: { decreaseFactor: 1 } }, 'rateLimit.decreaseFactor must be in (0, 1)'],
    [{ rateLimit: { perSecond: 2, minPerSecond: 3 } }, 'minPerSecond exceeds perSecond'],
    [{ retry: { attempts: 0 } }, 'retry.attempts must be an integer ≥ 1'],
    [{ retry: { maxDelayMs: -1 } }, 'retry.maxDelayMs must be > 0'],
  ])('%j → TypeError', (options, message) => {
    expect(() => createRequestQueue({ client, clock, ...options })).toThrow(TypeError);
    expect(() => createRequestQueue({ client, clock, ...options })).toThrow(message);
  });

  it('refuses a missing client, an unknown priority or offline mode', async () => {
    expect(() => createRequestQueue({} as never)).toThrow(TypeError);
    const queue = createRequestQueue({ client, clock });
    await expect(queue.request('personExternalIds', { person_id: 1 }, { priority: 'urgent' as never })).rejects.toThrow(
      TypeError,
    );
    await expect(queue.request('personExternalIds', { person_id: 1 }, { offline: 'maybe' as never })).rejects.toThrow(
      TypeError,
    );
    queue.close();
  });
});
