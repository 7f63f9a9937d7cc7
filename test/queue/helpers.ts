import { createApiClient } from '../../src/api/index.js';
import type { FetchLike, Random } from '../../src/env.js';
import type { RequestQueue, RequestQueueEvents } from '../../src/queue/index.js';

export const TOKEN = 'test-bearer-token-0123456789';

export function clientFor(fetch: FetchLike, clock: Parameters<typeof createApiClient>[0]['clock']) {
  return createApiClient({ baseUrl: 'https://fake.test', accessToken: TOKEN, fetch, clock });
}

/** mulberry32: a seeded uniform source, so jitter is the same on every run. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Recorded = { [E in keyof RequestQueueEvents]: [E, ...RequestQueueEvents[E]] }[keyof RequestQueueEvents];

/** Records every event but `stats` in order, for whole-timeline assertions. */
export function record(queue: RequestQueue): Recorded[] {
  const events: Recorded[] = [];
  const names: (keyof RequestQueueEvents)[] = ['request', 'response', 'retry', 'rateLimited', 'deduped', 'idle'];
  for (const name of names) queue.on(name, (...args: unknown[]) => events.push([name, ...args] as Recorded));
  return events;
}

export interface Observed {
  readonly at: number;
  readonly method: string;
  readonly path: string;
  readonly status: number | 'error';
}

/** Wraps any FetchLike (the fake's or the stub's) and logs what reached it, with the clock time it arrived. */
export function observe(fetch: FetchLike, clock: { now(): number }): { fetch: FetchLike; log: Observed[] } {
  const log: Observed[] = [];
  const wrapped: FetchLike = async (input, init) => {
    const request = new Request(input, init);
    const at = clock.now();
    const path = new URL(request.url).pathname;
    try {
      const response = await fetch(request);
      log.push({ at, method: request.method, path, status: response.status });
      return response;
    } catch (error) {
      log.push({ at, method: request.method, path, status: 'error' });
      throw error;
    }
  };
  return { fetch: wrapped, log };
}
