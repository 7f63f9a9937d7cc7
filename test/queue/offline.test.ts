import { describe, expect, it } from 'vitest';
import { createManualConnectivity } from '../../src/env.js';
import { createRequestQueue, isOfflineError } from '../../src/queue/index.js';
import { createVirtualClock } from '../../src/testing/virtual-clock.js';
import { clientFor, observe, record, seededRandom } from './helpers.js';
import { createStubService, type StubOptions } from './stub-service.js';

function setup(online: boolean, options: Partial<StubOptions> = {}) {
  const clock = createVirtualClock();
  const connectivity = createManualConnectivity(online);
  const stub = createStubService({ clock, rateLimit: { perSecond: 40 }, ...options });
  const { fetch, log } = observe(stub.fetch, clock);
  const queue = createRequestQueue({ client: clientFor(fetch, clock), clock, connectivity, random: seededRandom(3) });
  return { clock, connectivity, log, queue, events: record(queue) };
}

describe('offline', () => {
  it('pauses: requests wait (they do not fail) and go out on reconnect', async () => {
    const { clock, connectivity, log, queue } = setup(false);
    const calls = [1, 2, 3].map((id) => queue.request('personExternalIds', { person_id: id }));
    await clock.advance(60_000);
    expect(log).toEqual([]);
    expect(queue.stats).toMatchObject({ state: 'offline', queued: 3, sent: 0 });
    connectivity.setOnline(true);
    const results = await clock.runUntil(Promise.all(calls));
    expect(results.map((r) => r.data.id)).toEqual([1, 2, 3]);
    expect(log.map((e) => e.at)).toEqual([60_000, 60_000, 60_000]);
    expect(queue.stats.state).toBe('running');
  });

  it('going offline holds what is queued; what is in flight finishes', async () => {
    const { clock, connectivity, log, queue } = setup(true, { latencyMs: 100 });
    queue.pause();
    const first = queue.request('personExternalIds', { person_id: 1 });
    queue.resume();
    await clock.advance(10);
    connectivity.setOnline(false);
    const second = queue.request('personExternalIds', { person_id: 2 });
    await clock.runUntil(first);
    await clock.advance(5000);
    expect(log.map((e) => e.path)).toEqual(['/3/person/1/external_ids']);
    connectivity.setOnline(true);
    await clock.runUntil(second);
    expect(log.map((e) => e.at)).toEqual([0, 5100]);
  });

  it("offline: 'fail' rejects with OfflineError at once, and when connectivity drops while it waits", async () => {
    const { clock, connectivity, log, queue } = setup(false);
    const now = await queue.request('personExternalIds', { person_id: 1 }, { offline: 'fail' }).catch((e) => e);
    expect(isOfflineError(now)).toBe(true);
    expect(now).toMatchObject({ name: 'OfflineError', operation: 'personExternalIds' });

    connectivity.setOnline(true);
    queue.pause();
    const waiting = queue.request('personExternalIds', { person_id: 2 }, { offline: 'fail' });
    const patient = queue.request('personExternalIds', { person_id: 2 });
    connectivity.setOnline(false);
    await expect(waiting).rejects.toMatchObject({ name: 'OfflineError' });
    // The shared request still serves the caller that was willing to wait.
    queue.resume();
    connectivity.setOnline(true);
    expect((await clock.runUntil(patient)).data.id).toBe(2);
    expect(log).toHaveLength(1);
  });

  it('a send cut by going offline waits for reconnect without using up an attempt', async () => {
    const clock = createVirtualClock();
    const connectivity = createManualConnectivity(true);
    const stub = createStubService({ clock, rateLimit: false });
    let sends = 0;
    // The first send fails because the device drops off the network while it is on the wire.
    const fetch: typeof stub.fetch = async (input, init) => {
      sends += 1;
      if (sends === 1) {
        connectivity.setOnline(false);
        throw new TypeError('fetch failed');
      }
      return stub.fetch(input, init);
    };
    const queue = createRequestQueue({
      client: clientFor(fetch, clock),
      clock,
      connectivity,
      random: seededRandom(1),
      retry: { attempts: 1 },
    });
    const events = record(queue);
    const call = queue.request('personExternalIds', { person_id: 1 });
    await clock.advance(30_000);
    expect(sends).toBe(1);
    expect(queue.stats).toMatchObject({ state: 'offline', queued: 1 });
    connectivity.setOnline(true);
    expect((await clock.runUntil(call)).data.id).toBe(1);
    expect(events.map((e) => [e[0], (e[1] as { attempt?: number } | undefined)?.attempt])).toEqual([
      ['request', 1],
      ['response', 1],
      ['request', 1],
      ['response', 1],
      ['idle', undefined],
    ]);
  });

  it('with attempts: 1 and the device online, a network error is final', async () => {
    const clock = createVirtualClock();
    const fetch = async () => {
      throw new TypeError('fetch failed');
    };
    const queue = createRequestQueue({
      client: clientFor(fetch, clock),
      clock,
      connectivity: createManualConnectivity(true),
      retry: { attempts: 1 },
    });
    await expect(clock.runUntil(queue.request('personExternalIds', { person_id: 2 }))).rejects.toMatchObject({
      name: 'NetworkError',
    });
  });
});
