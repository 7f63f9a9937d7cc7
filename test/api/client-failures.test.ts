import { describe, expect, it } from 'vitest';
import { isNetworkError, isTimeoutError, NetworkError, TimeoutError } from '../../src/api-entry.js';
import { createVirtualClock } from '../../src/testing/virtual-clock.js';
import { createTestClient, TEST_TOKEN } from '../helpers/api-client.js';
import { rejectionOf, serializeError } from '../helpers/errors.js';
import { abortable, createRecordingFetch, neverAnswer } from '../helpers/recording-fetch.js';
import { jsonResponse } from '../helpers/responses.js';
import { readSample, responseSampleOf } from '../helpers/samples.js';

/**
 * How a request fails when it does not get a usable answer: aborts, timeouts (in virtual time), network errors, and
 * that no error ever carries the bearer token.
 */

const answerConfiguration = () => jsonResponse(responseSampleOf('configuration'), 200);

describe('aborts, timeouts and network failures', () => {
  const reason = new Error('user navigated away');

  it('a signal aborted before the call rejects with its reason and never fetches', async () => {
    const fetch = createRecordingFetch(answerConfiguration);
    const controller = new AbortController();
    controller.abort(reason);
    const error = await rejectionOf(
      createTestClient({ fetch }).request('configuration', {}, { signal: controller.signal }),
    );
    expect(error).toBe(reason);
    expect(fetch.calls).toHaveLength(0);
  });

  it('an abort while the token is being read rejects with the reason and never fetches', async () => {
    const fetch = createRecordingFetch(answerConfiguration);
    const controller = new AbortController();
    const accessToken = async () => {
      controller.abort(reason);
      return TEST_TOKEN;
    };
    const error = await rejectionOf(
      createTestClient({ fetch, accessToken }).request('configuration', {}, { signal: controller.signal }),
    );
    expect(error).toBe(reason);
    expect(fetch.calls).toHaveLength(0);
  });

  it.each([
    ['a fetch that honours the signal', abortable(neverAnswer)],
    ['a fetch that ignores the signal', neverAnswer],
  ])('an abort during the request rejects with the reason (%s)', async (_name, handler) => {
    const clock = createVirtualClock();
    const fetch = createRecordingFetch(handler);
    const controller = new AbortController();
    const pending = rejectionOf(
      createTestClient({ fetch, clock }).request('configuration', {}, { signal: controller.signal }),
    );
    await clock.flush();
    expect(fetch.calls).toHaveLength(1);
    controller.abort(reason);
    expect(await pending).toBe(reason);
    expect(fetch.calls[0]?.signal?.aborted).toBe(true);
    expect(clock.pendingTimers()).toBe(0);
  });

  it.each([
    ['a fetch that honours the signal', abortable(neverAnswer)],
    ['a fetch that ignores the signal', neverAnswer],
  ])('a fetch that never answers fails with TimeoutError after timeoutMs (%s)', async (_name, handler) => {
    const clock = createVirtualClock();
    const fetch = createRecordingFetch(handler);
    let settled = false;
    const pending = rejectionOf(createTestClient({ fetch, clock, timeoutMs: 5_000 }).request('configuration', {}));
    void pending.then(() => {
      settled = true;
    });
    await clock.advance(4_999);
    expect(settled).toBe(false);
    await clock.advance(1);
    const error = await pending;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(isTimeoutError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'TimeoutError', operation: 'configuration', timeoutMs: 5_000 });
    expect(fetch.calls[0]?.signal?.aborted).toBe(true);
  });

  it('a body that never finishes also times out', async () => {
    const clock = createVirtualClock();
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"images":'));
      },
    });
    const fetch = createRecordingFetch(() => new Response(stalled, { status: 200 }));
    const pending = rejectionOf(createTestClient({ fetch, clock, timeoutMs: 1_000 }).request('configuration', {}));
    await clock.advance(1_000);
    expect(isTimeoutError(await pending)).toBe(true);
  });

  it('a fetch that rejects with TypeError is a NetworkError whose cause is its name and scrubbed message', async () => {
    const cause = new TypeError('request to https://api.example/3/account?session_id=abc123 failed');
    const fetch = createRecordingFetch(() => Promise.reject(cause));
    const error = await rejectionOf(createTestClient({ fetch }).request('configuration', {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(isNetworkError(error)).toBe(true);
    expect(error).toMatchObject({ name: 'NetworkError', operation: 'configuration' });
    // Never the fetch's own error object: its message quotes the URL, session id and all.
    expect((error as NetworkError).cause).toEqual({ name: 'TypeError', message: 'request to [url] failed' });
  });

  it('no timer is left behind after a request completes', async () => {
    const clock = createVirtualClock();
    const fetch = createRecordingFetch(answerConfiguration);
    await createTestClient({ fetch, clock }).request('configuration', {});
    expect(clock.pendingTimers()).toBe(0);
  });
});

describe('the token never leaks into errors', () => {
  const failures: [string, () => Promise<unknown>][] = [
    [
      'NetworkError',
      () =>
        createTestClient({ fetch: createRecordingFetch(() => Promise.reject(new TypeError('fetch failed'))) }).request(
          'configuration',
          {},
        ),
    ],
    [
      'ServiceError',
      () =>
        createTestClient({
          fetch: createRecordingFetch(() =>
            jsonResponse(readSample('authentication.401.json'), 401, { 'Retry-After': '1' }),
          ),
        }).request('validateToken', {}),
    ],
    [
      'SchemaValidationError',
      () =>
        createTestClient({ fetch: createRecordingFetch(() => jsonResponse({ images: 'x' })) }).request(
          'configuration',
          {},
        ),
    ],
    [
      'InvalidParamsError',
      () => createTestClient({ fetch: createRecordingFetch() }).request('trendingTv', { time_window: 'x' } as never),
    ],
    [
      'TimeoutError',
      async () => {
        const clock = createVirtualClock();
        const pending = createTestClient({ fetch: createRecordingFetch(neverAnswer), clock, timeoutMs: 10 }).request(
          'configuration',
          {},
        );
        return clock.runUntil(pending);
      },
    ],
  ];

  it.each([
    ['a newline', 'abc\ndef-SECRET'],
    ['a NUL', 'abc\u0000SECRET'],
    ['a non-Latin-1 character', 'tök€n-SECRET'],
    ['a space', 'abc SECRET'],
  ])('a token with %s is refused with a TypeError that does not quote it', async (_name, token) => {
    const fetch = createRecordingFetch();
    expect(() => createTestClient({ fetch, accessToken: token })).toThrow(TypeError);
    const rejection = await rejectionOf(
      createTestClient({ fetch, accessToken: async () => token }).request('configuration', {}),
    );
    expect(rejection).toBeInstanceOf(TypeError);
    expect(serializeError(rejection)).not.toContain('SECRET');
    expect(fetch.calls).toHaveLength(0);
  });

  it.each(failures)('%s: message, stack and all own properties are free of the token', async (name, fail) => {
    const error = await rejectionOf(fail());
    expect((error as Error).name).toBe(name);
    const serialized = serializeError(error);
    expect(JSON.parse(serialized)).toMatchObject({ message: (error as Error).message, stack: expect.any(String) });
    expect(serialized).not.toContain(TEST_TOKEN);
  });
});
