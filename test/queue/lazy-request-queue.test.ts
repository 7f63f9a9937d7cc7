import { describe, expect, it } from 'vitest';
import { createManualConnectivity } from '../../src/env.js';
import { createRequestQueue } from '../../src/queue/create-request-queue.js';
import { lazyRequestQueue } from '../../src/queue/lazy-request-queue.js';
import type { QueueStats } from '../../src/queue/queue-stats.js';
import { createVirtualClock } from '../../src/testing/virtual-clock.js';
import { clientFor, observe, seededRandom } from './helpers.js';
import { createStubService } from './stub-service.js';

function setup() {
  const clock = createVirtualClock();
  const stub = createStubService({ clock, rateLimit: { perSecond: 40 } });
  const { fetch, log } = observe(stub.fetch, clock);
  let builds = 0;
  const queue = lazyRequestQueue(() => {
    builds += 1;
    return createRequestQueue({
      client: clientFor(fetch, clock),
      clock,
      connectivity: createManualConnectivity(true),
      random: seededRandom(3),
    });
  });
  return { clock, log, queue, builds: () => builds };
}

describe('lazyRequestQueue', () => {
  it('is not built by listening, idling, clearing or closing', async () => {
    const { queue, builds } = setup();
    const off = queue.on('stats', () => {});
    queue.off('request', () => {});
    off();
    await queue.onIdle();
    queue.clear();
    queue.close();
    expect(builds()).toBe(0);
  });

  it('builds once, at the first request, and hands over the listeners given before', async () => {
    const { clock, log, queue, builds } = setup();
    const seen: string[] = [];
    const stats: QueueStats[] = [];
    const twice = () => seen.push('twice');
    queue.on('request', (event) => seen.push(`request ${event.operation}`));
    queue.on('response', twice);
    queue.on('response', twice);
    const removed = queue.on('response', () => seen.push('removed'));
    removed();
    const offed = () => seen.push('offed');
    queue.on('response', offed);
    queue.off('response', offed);
    queue.on('stats', (next) => stats.push(next));
    const answer = queue.request('personExternalIds', { person_id: 1 });
    expect(builds()).toBe(1);
    const response = await clock.runUntil(answer);
    expect(response.data.id).toBe(1);
    expect(log.map((e) => e.path)).toEqual(['/3/person/1/external_ids']);
    expect(seen).toEqual(['request personExternalIds', 'twice', 'twice']);
    expect(stats.at(-1)).toMatchObject({ sent: 1, inFlight: 0, queued: 0 });
    await clock.runUntil(queue.request('personExternalIds', { person_id: 2 }));
    expect(builds()).toBe(1);
  });

  it('reads of its stats and rate changes build it, so they behave as the queue’s own', () => {
    const { queue, builds } = setup();
    expect(queue.stats).toMatchObject({ state: 'running', sent: 0, queued: 0 });
    expect(builds()).toBe(1);
    expect(() => queue.setRateLimit({ perSecond: -1 })).toThrow(TypeError);
    queue.setRateLimit({ perSecond: 5 });
    expect(queue.stats.currentRate).toBe(5);
  });

  it('closed before it was built, it refuses requests as a closed queue does', async () => {
    const { log, queue, builds } = setup();
    queue.close();
    await expect(queue.request('personExternalIds', { person_id: 1 })).rejects.toThrow(/request after close/);
    expect(builds()).toBe(1);
    expect(log).toEqual([]);
  });
});
