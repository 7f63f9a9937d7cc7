import { EventEmitter } from 'eventemitter3';
import PQueue from 'p-queue';
import { endpoints, type OperationName, type ParamsOf } from '../api/endpoints.js';
import { assertPreparedRequest, type PreparedRequest, prepareRequest } from '../api/prepared-request.js';
import { credentialsOf } from '../api/redact-params.js';
import { isNetworkError, isServiceError } from '../errors/index.js';
import { OfflineError } from '../errors/offline-error.js';
import { fullJitter } from './backoff.js';
import { createFlowControl } from './flow-control.js';
import { type RequestQueueOptions, resolveQueueOptions } from './options.js';
import { isPriority, type Priority, priorityRank } from './priority.js';
import type { RequestInfo, RequestQueueEvents } from './queue-events.js';
import { initialQueueStats, type QueueStats } from './queue-stats.js';
import { createRateLimiter } from './rate-limiter.js';
import type { QueueRequestOptions, RequestQueue, QueueResult as Result } from './request-queue.js';
import { isRateLimitError, isRetryable } from './retry-policy.js';
import { SharedRequest } from './shared-request.js';
import { sleep } from './sleep.js';
import { summarize } from './summarize-error.js';

/** Requests someone is waiting for: exempt from pacing, so they find a free place in the window at once. */
const URGENT: readonly Priority[] = ['interactive', 'mutation'];

/**
 * The rate-aware request queue: one per catalogue instance, shared by every caller, so the whole app stays
 * within one budget. p-queue orders (priority, FIFO within one), bounds concurrency and drops aborted waiting
 * tasks; the flow control decides when the next start may happen (sliding window, 429 pause, offline, pause()).
 */
export function createRequestQueue(options: RequestQueueOptions): RequestQueue {
  const resolved = resolveQueueOptions(options);
  const { client, clock, random, connectivity, logger, retry, dedupe } = resolved;
  const emitter = new EventEmitter<RequestQueueEvents>();
  const pq = new PQueue({ concurrency: resolved.rateLimit.concurrency, autoStart: false });
  const limiter = createRateLimiter({ clock, ...resolved.rateLimit });
  const inFlightGets = new Map<string, SharedRequest<Result<OperationName>>>();
  const active = new Set<SharedRequest<Result<OperationName>>>();
  const counts = { sent: 0, retried: 0, rateLimited429: 0, deduped: 0, inFlight: 0 };
  let nextId = 1;
  let closed = false;

  const flow = createFlowControl({
    queue: pq,
    limiter,
    clock,
    random,
    online: connectivity.isOnline(),
    rateLimitPauseMs: retry.rateLimitPauseMs,
    maxDelayMs: retry.maxDelayMs,
    urgentWaiting: () => URGENT.some((priority) => pq.sizeBy({ priority: priorityRank(priority) }) > 0),
    onChange: () => publish(),
  });
  // What the catalogue shows before its queue exists, too (the first-read path): one definition of "nothing sent".
  let stats: QueueStats = initialQueueStats(connectivity.isOnline(), resolved.rateLimit.perSecond);

  function snapshot(): QueueStats {
    return {
      state: flow.state(),
      ...counts,
      // An aborted send may still be settling on the wire after its request left `active`.
      queued: Math.max(0, active.size - counts.inFlight),
      currentRate: limiter.rate(),
    };
  }

  function publish(): void {
    const next = snapshot();
    const prev = stats;
    const same = (Object.keys(next) as (keyof QueueStats)[]).every((k) => next[k] === prev[k]);
    if (same) return;
    stats = next;
    emitter.emit('stats', next);
  }

  const operations = new WeakMap<SharedRequest<Result<OperationName>>, RequestInfo>();
  const offlineError = (shared: SharedRequest<Result<OperationName>>) =>
    new OfflineError({ operation: operations.get(shared)?.operation ?? 'request' });

  const unsubscribe = connectivity.subscribe((online) => {
    if (!online) {
      for (const shared of active) if (!shared.inFlight) shared.failFast(() => offlineError(shared));
    }
    flow.setOnline(online);
  });
  flow.setOnline(connectivity.isOnline());

  function transmit<O extends OperationName>(
    shared: SharedRequest<Result<O>>,
    info: RequestInfo,
    prepared: PreparedRequest<O>,
    ifNoneMatch: string | undefined,
  ): Promise<Result<O>> {
    // Synchronous up to the client call: flow.onStart() must run inside p-queue's dequeue loop.
    const seq = flow.onStart();
    const startedAt = clock.now();
    shared.inFlight = true;
    counts.sent += 1;
    counts.inFlight += 1;
    if (info.attempt > 1) counts.retried += 1;
    emitter.emit('request', { ...info, at: startedAt });
    publish();
    const done = (status: number | undefined, error?: unknown) => {
      shared.inFlight = false;
      counts.inFlight -= 1;
      const at = clock.now();
      const event = { ...info, at, durationMs: at - startedAt, status };
      emitter.emit('response', error === undefined ? event : { ...event, error: summarize(error) });
      publish();
      // Last: freeing the place may start the next request, whose events then follow this response.
      flow.onSettled(seq);
    };
    return client.send(prepared, { signal: shared.signal, ifNoneMatch }).then(
      (response) => {
        flow.onAnswered(seq);
        done(response.status);
        return response;
      },
      (error: unknown) => {
        if (isRateLimitError(error) && isServiceError(error)) {
          counts.rateLimited429 += 1;
          const { until } = flow.onRateLimited(seq, error.retryAfterMs);
          emitter.emit('rateLimited', {
            at: clock.now(),
            until,
            retryAfterMs: error.retryAfterMs,
            rate: limiter.rate(),
          });
          logger.warn('request queue: rate limited (429)', { key: info.key, until, retryAfterMs: error.retryAfterMs });
        } else if (isServiceError(error)) {
          flow.onAnswered(seq);
        }
        done(isServiceError(error) ? error.status : undefined, error);
        throw error;
      },
    );
  }

  /** The wait before the next attempt, or undefined when the error is final. */
  function retryDelay(error: unknown, attempt: number): number | undefined {
    if (!isRetryable(error) || attempt >= retry.attempts) return undefined;
    // After a 429 the queue-wide pause holds every request, this one included.
    if (isRateLimitError(error)) return 0;
    if (isServiceError(error) && error.retryAfterMs !== undefined) return error.retryAfterMs;
    return fullJitter(attempt, retry.baseDelayMs, retry.maxDelayMs, random);
  }

  async function run<O extends OperationName>(
    shared: SharedRequest<Result<O>>,
    base: Omit<RequestInfo, 'attempt' | 'priority'>,
    prepared: PreparedRequest<O>,
    ifNoneMatch: string | undefined,
  ): Promise<Result<O>> {
    for (let attempt = 1; ; attempt += 1) {
      // A request on the wire when the queue closed fails, or its backoff ends, after `close()`: nothing will send
      // another attempt (p-queue is disposed), so it ends here instead of waiting forever and holding its caller
      // (e.g. a refresh holding the background lock another instance waits for). Found by test/reliability.
      if (closed) throw new DOMException('RequestQueue: closed before the next attempt', 'AbortError');
      if (!connectivity.isOnline()) shared.failFast(() => offlineError(shared as never));
      const info: RequestInfo = { ...base, attempt, priority: shared.priority };
      shared.taskId = `${shared.id}:${attempt}`;
      try {
        const task = pq.add(() => transmit(shared, info, prepared, ifNoneMatch), {
          priority: priorityRank(shared.priority),
          signal: shared.signal,
          id: shared.taskId,
        });
        if (URGENT.includes(shared.priority)) flow.kick();
        return await task;
      } catch (error) {
        if (shared.signal.aborted) throw shared.signal.reason;
        // A send cut by going offline is not the request's fault: it waits for connectivity without using an attempt.
        if (isNetworkError(error) && !connectivity.isOnline()) {
          attempt -= 1;
          continue;
        }
        const delayMs = retryDelay(error, attempt);
        if (delayMs === undefined) throw error;
        emitter.emit('retry', { ...info, at: clock.now(), delayMs, error: summarize(error) });
        logger.debug('request queue: retrying', { key: info.key, attempt, delayMs, error: summarize(error) });
        if (delayMs > 0) await sleep(clock, delayMs, shared.signal);
      }
    }
  }

  function raisePriority(shared: SharedRequest<Result<OperationName>>, priority: Priority): void {
    if (priorityRank(priority) <= priorityRank(shared.priority)) return;
    shared.priority = priority;
    if (shared.inFlight || shared.taskId === undefined) return;
    try {
      pq.setPriority(shared.taskId, priorityRank(priority));
      if (URGENT.includes(priority)) flow.kick();
    } catch {
      // Not in p-queue right now (backing off before a retry): the next attempt is queued at the new priority.
    }
  }

  function start<O extends OperationName>(
    prepared: PreparedRequest<O>,
    key: string | undefined,
    priority: Priority,
    ifNoneMatch: string | undefined,
  ): SharedRequest<Result<O>> {
    const { operation } = prepared;
    const shared = new SharedRequest<Result<O>>(nextId++, priority);
    const erased = shared as unknown as SharedRequest<Result<OperationName>>;
    operations.set(erased, { id: shared.id, operation, key: prepared.key, priority, attempt: 1 });
    active.add(erased);
    if (key !== undefined) inFlightGets.set(key, erased);
    const forget = () => {
      if (key !== undefined && inFlightGets.get(key) === erased) inFlightGets.delete(key);
    };
    // An aborted shared send must not be joined by a later identical call: forget it at once.
    shared.signal.addEventListener('abort', forget, { once: true });
    shared
      .start((s) => run(s, { id: shared.id, operation, key: prepared.key }, prepared, ifNoneMatch))
      .then(
        () => settle(erased, forget),
        () => settle(erased, forget),
      );
    publish();
    return shared;
  }

  function settle(shared: SharedRequest<Result<OperationName>>, forget: () => void): void {
    forget();
    active.delete(shared);
    publish();
    if (active.size === 0) emitter.emit('idle');
  }

  async function send<O extends OperationName>(
    prepared: PreparedRequest<O>,
    requestOptions: QueueRequestOptions = {},
  ): Promise<Result<O>> {
    assertPreparedRequest(prepared, 'RequestQueue.send');
    if (closed) throw new DOMException('RequestQueue: request after close()', 'AbortError');
    const { operation } = prepared;
    const priority = requestOptions.priority ?? 'interactive';
    if (!isPriority(priority)) throw new TypeError(`RequestQueue: unknown priority ${JSON.stringify(priority)}`);
    const offline = requestOptions.offline ?? 'wait';
    if (offline !== 'wait' && offline !== 'fail') throw new TypeError('RequestQueue: offline must be "wait" or "fail"');
    const { signal, ifNoneMatch } = requestOptions;
    signal?.throwIfAborted();
    if (offline === 'fail' && !connectivity.isOnline()) throw new OfflineError({ operation });

    // Identical GETs (same operation, canonical params, credentials and validator) share one send; writes never do.
    // The redacted key alone would join two users' reads: their credentials are part of the identity.
    const key =
      dedupe && endpoints[operation].method === 'GET'
        ? JSON.stringify([prepared.key, ifNoneMatch ?? null, credentialsOf(prepared.params)])
        : undefined;
    const existing = key === undefined ? undefined : inFlightGets.get(key);
    if (existing) {
      counts.deduped += 1;
      raisePriority(existing, priority);
      const info = operations.get(existing);
      emitter.emit('deduped', { id: existing.id, operation, key: info?.key ?? operation });
      publish();
      return (existing as unknown as SharedRequest<Result<O>>).join(signal, offline);
    }
    const shared = start(prepared, key, priority, ifNoneMatch);
    return shared.join(signal, offline);
  }

  async function request<O extends OperationName>(
    operation: O,
    params: ParamsOf<O>,
    requestOptions?: QueueRequestOptions,
  ): Promise<Result<O>> {
    // Invalid parameters fail here, before anything is queued or counted.
    return send(prepareRequest(operation, params), requestOptions);
  }

  function clear(reason: unknown = new DOMException('The request queue was cleared', 'AbortError')): void {
    for (const shared of [...active]) if (!shared.inFlight) shared.abort(reason);
  }

  return {
    send: send as RequestQueue['send'],
    request: request as RequestQueue['request'],
    adopt(answer) {
      const seq = flow.onStart();
      counts.sent += 1;
      publish();
      const settled = () => flow.onSettled(seq);
      void answer.then(settled, settled);
    },
    on(event, listener) {
      emitter.on(event, listener as never);
      return () => emitter.off(event, listener as never);
    },
    off(event, listener) {
      emitter.off(event, listener as never);
    },
    get stats() {
      return stats;
    },
    onIdle() {
      if (active.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => emitter.once('idle', resolve));
    },
    setRateLimit({ perSecond }) {
      if (
        !(typeof perSecond === 'number' && perSecond >= resolved.rateLimit.minPerSecond && Number.isFinite(perSecond))
      ) {
        throw new TypeError(
          `RequestQueue.setRateLimit: perSecond must be a finite number ≥ minPerSecond, got ${perSecond}`,
        );
      }
      limiter.setPerSecond(perSecond);
      flow.kick();
      publish();
    },
    pause: () => flow.setUserPaused(true),
    resume: () => flow.setUserPaused(false),
    clear,
    close() {
      closed = true;
      clear();
      unsubscribe();
      flow.dispose();
    },
  };
}
