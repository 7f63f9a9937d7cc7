import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints, type PreparedRequest, prepareRequest } from '../../src/api/index.js';
import { createRequestQueue } from '../../src/queue/index.js';
import { createVirtualClock } from '../../src/testing/virtual-clock.js';
import { clientFor, observe, record, seededRandom } from './helpers.js';
import { createStubService } from './stub-service.js';

/** A service that takes 100 ms of virtual time per answer, so requests overlap. */
function setup(latencyMs = 100, dedupe?: boolean) {
  const clock = createVirtualClock();
  const stub = createStubService({ clock, rateLimit: { perSecond: 40 }, latencyMs });
  const { fetch, log } = observe(stub.fetch, clock);
  const queue = createRequestQueue({
    client: clientFor(fetch, clock),
    clock,
    random: seededRandom(7),
    ...(dedupe === undefined ? {} : { dedupe }),
  });
  return { clock, stub, log, queue };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('in-flight dedup', () => {
  it('50 identical concurrent GETs → one request reaches the service, all get its result', async () => {
    const { clock, stub, queue } = setup();
    const calls = Array.from({ length: 50 }, () => queue.request('personExternalIds', { person_id: 7 }));
    const results = await clock.runUntil(Promise.all(calls));
    expect(stub.received).toHaveLength(1);
    expect(new Set(results).size).toBe(1);
    expect(results[0]?.data.imdb_id).toBe('nm7');
    expect(queue.stats).toMatchObject({ sent: 1, deduped: 49 });
  });

  it('keys on canonical params: key order and id-list spelling do not matter; other params do', async () => {
    const { clock, stub, queue } = setup();
    await clock.runUntil(
      Promise.all([
        queue.request('personExternalIds', { person_id: 7, language: 'en-US' }),
        queue.request('personExternalIds', { language: 'en-US', person_id: 7 }),
        queue.request('personExternalIds', { person_id: 7, language: 'de-DE' }),
        queue.request('personExternalIds', { person_id: 7 }, { ifNoneMatch: 'W/"x"' }),
      ]),
    );
    expect(stub.received).toHaveLength(3);
  });

  it('two users never share a read: the credentials are part of the identity', async () => {
    const { clock, stub, queue } = setup();
    const states = (session_id: string) =>
      queue.request('tvAccountStates', { series_id: 1399, session_id }).catch(() => undefined);
    await clock.runUntil(Promise.all([states('sessionA0123456789'), states('sessionB0123456789')]));
    expect(stub.received).toHaveLength(2);
    await clock.runUntil(Promise.all([states('sessionA0123456789'), states('sessionA0123456789')]));
    expect(stub.received).toHaveLength(3);
    expect(queue.stats.deduped).toBe(1);
  });

  it('with dedupe: false every call is sent (a caller that single-flights its own calls)', async () => {
    const { clock, stub, queue } = setup(100, false);
    const events = record(queue);
    const calls = Array.from({ length: 3 }, () => queue.request('personExternalIds', { person_id: 7 }));
    const results = await clock.runUntil(Promise.all(calls));
    expect(results.map((r) => r.data.imdb_id)).toEqual(['nm7', 'nm7', 'nm7']);
    expect(stub.received).toHaveLength(3);
    expect(queue.stats).toMatchObject({ sent: 3, deduped: 0 });
    expect(events.filter((e) => e[0] === 'deduped')).toEqual([]);
  });

  it('dedupe must be a boolean', () => {
    const clock = createVirtualClock();
    const client = clientFor(createStubService({ clock }).fetch, clock);
    expect(() => createRequestQueue({ client, clock, dedupe: 'no' as never })).toThrow(
      'createRequestQueue: dedupe must be a boolean',
    );
  });

  it('a request made after the shared one settled is sent again (dedup is in-flight only)', async () => {
    const { clock, stub, queue } = setup();
    await clock.runUntil(queue.request('personExternalIds', { person_id: 7 }));
    await clock.runUntil(queue.request('personExternalIds', { person_id: 7 }));
    expect(stub.received).toHaveLength(2);
  });

  it('POSTs are never deduped', async () => {
    const { clock, stub, queue } = setup();
    const params = { list_id: 5, media_id: 550, session_id: 'sess0123456789' };
    await clock.runUntil(
      Promise.all([queue.request('removeListItem', params), queue.request('removeListItem', params)]),
    );
    expect(stub.received.map((r) => r.method)).toEqual(['POST', 'POST']);
    expect(queue.stats.deduped).toBe(0);
  });

  it('a deduped caller aborting does not abort the shared request while others still want it', async () => {
    const { clock, stub, queue } = setup();
    const impatient = new AbortController();
    const first = queue.request('personExternalIds', { person_id: 7 }, { signal: impatient.signal });
    const second = queue.request('personExternalIds', { person_id: 7 });
    await clock.advance(50);
    impatient.abort(new Error('view closed'));
    await expect(first).rejects.toThrow('view closed');
    const result = await clock.runUntil(second);
    expect(result.data.id).toBe(7);
    expect(stub.received).toHaveLength(1);
  });

  it('when every caller aborts, the shared request is aborted on the wire', async () => {
    const { clock, log, queue } = setup();
    const a = new AbortController();
    const b = new AbortController();
    const first = queue.request('personExternalIds', { person_id: 7 }, { signal: a.signal });
    const second = queue.request('personExternalIds', { person_id: 7 }, { signal: b.signal });
    await clock.advance(50);
    a.abort(new Error('a'));
    b.abort(new Error('b'));
    await expect(first).rejects.toThrow('a');
    await expect(second).rejects.toThrow('b');
    await clock.runUntil(queue.onIdle());
    // The fetch saw the abort (no answer logged as a status), and a new identical call sends afresh.
    expect(log.map((e) => e.status)).toEqual(['error']);
    await clock.runUntil(queue.request('personExternalIds', { person_id: 7 }));
    expect(log.map((e) => e.status)).toEqual(['error', 200]);
  });
});

describe('cancellation', () => {
  it('an already-aborted signal rejects at once; nothing is queued or sent', async () => {
    const { clock, log, queue } = setup();
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(queue.request('personExternalIds', { person_id: 1 }, { signal: controller.signal })).rejects.toThrow(
      'gone',
    );
    await clock.advance(5000);
    expect(log).toEqual([]);
    expect(queue.stats).toMatchObject({ sent: 0, queued: 0 });
  });

  it('a request aborted while queued is never sent', async () => {
    const { clock, log, queue } = setup();
    queue.pause();
    const controller = new AbortController();
    const call = queue.request('personExternalIds', { person_id: 1 }, { signal: controller.signal });
    const other = queue.request('personExternalIds', { person_id: 2 });
    await clock.advance(10);
    expect(queue.stats.queued).toBe(2);
    controller.abort(new Error('user left'));
    await expect(call).rejects.toThrow('user left');
    queue.resume();
    await clock.runUntil(other);
    expect(log.map((e) => e.path)).toEqual(['/3/person/2/external_ids']);
  });

  it('a running request is aborted: the fetch sees the abort, the caller gets the reason', async () => {
    const { clock, log, queue } = setup(500);
    const events = record(queue);
    const controller = new AbortController();
    const call = queue.request('personExternalIds', { person_id: 1 }, { signal: controller.signal });
    await clock.advance(200);
    expect(queue.stats.inFlight).toBe(1);
    controller.abort(new Error('navigated away'));
    await expect(call).rejects.toThrow('navigated away');
    await clock.runUntil(queue.onIdle());
    expect(log).toEqual([{ at: 0, method: 'GET', path: '/3/person/1/external_ids', status: 'error' }]);
    expect(events.map((e) => e[0])).toEqual(['request', 'response', 'idle']);
    expect(events[1]?.[1]).toMatchObject({ status: undefined, error: { name: 'Error' }, durationMs: 200 });
    expect(queue.stats).toMatchObject({ inFlight: 0, queued: 0, retried: 0 });
  });

  it('clear() rejects what is waiting and never sends it; what is in flight finishes', async () => {
    const { clock, log, queue } = setup(100);
    queue.pause();
    const waiting = [1, 2, 3].map((id) => queue.request('personExternalIds', { person_id: id }));
    await clock.advance(1);
    queue.clear();
    for (const call of waiting) await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    queue.resume();
    await clock.advance(1000);
    expect(log).toEqual([]);
  });
});

describe('queue.send', () => {
  it('queues a prepared request without parsing or keying it again', async () => {
    const { clock, stub, queue } = setup();
    const events = record(queue);
    const parse = vi.spyOn(endpoints.personExternalIds.params, 'check');
    const prepared = prepareRequest('personExternalIds', { person_id: 7 });
    const results = await clock.runUntil(Promise.all([queue.send(prepared), queue.send(prepared)]));
    expect(results[0]?.data.imdb_id).toBe('nm7');
    expect(parse).toHaveBeenCalledTimes(1);
    expect(stub.received).toHaveLength(1);
    expect(events.filter((e) => e[0] === 'request').map((e) => (e[1] as { key: string }).key)).toEqual([prepared.key]);
  });

  it('refuses a request not made by prepareRequest with a TypeError; nothing is queued or sent', async () => {
    const { clock, stub, queue } = setup();
    const lookAlike = {
      operation: 'personExternalIds',
      params: { person_id: 7 },
      key: 'personExternalIds?person_id=7',
    };
    await expect(queue.send(lookAlike as unknown as PreparedRequest<'personExternalIds'>)).rejects.toThrow(
      'RequestQueue.send: expected a request made by prepareRequest(operation, params)',
    );
    await clock.advance(1000);
    expect(stub.received).toEqual([]);
    expect(queue.stats).toMatchObject({ sent: 0, queued: 0 });
  });
});
