import { createApiClient } from '../../src/api/index.js';
import type { FetchLike } from '../../src/env.js';
import type { RequestQueue, RequestQueueEvents } from '../../src/queue/index.js';

export const TOKEN = 'test-bearer-token-0123456789';

export function clientFor(fetch: FetchLike, clock: Parameters<typeof createApiClient>[0]['clock']) {
  return createApiClient({ baseUrl: 'https://fake.test', accessToken: TOKEN, fetch, clock });
}

export { seededRandom } from '../support/seeded-random.js';

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
