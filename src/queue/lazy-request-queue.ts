import type { RequestQueueEvents } from './queue-events.js';
import type { RequestQueue } from './request-queue.js';

type Event = keyof RequestQueueEvents;
type Listener = (...args: never[]) => void;

/**
 * A request queue built at its first use. A new page that renders what is stored sends nothing at first, and
 * building the queue (p-queue, the limiter, the flow control, its connectivity listener) was about a tenth of
 * such a start. Listeners added before are handed over when it is built; until then it has emitted nothing,
 * holds nothing (`onIdle` resolves, `clear` has nothing to reject) and a `close` is kept for it. Everything
 * else (`request`, `stats`, a rate change, pausing) builds it first, so behaviour is the queue's own.
 */
export function lazyRequestQueue(build: () => RequestQueue): RequestQueue {
  let queue: RequestQueue | undefined;
  let closed = false;
  /** Listeners in the order given; a listener given twice is called twice, as an emitter does. */
  let waiting: [Event, Listener][] = [];

  function built(): RequestQueue {
    if (queue) return queue;
    const created = build();
    queue = created;
    for (const [event, listener] of waiting) created.on(event, listener as never);
    waiting = [];
    if (closed) created.close();
    return created;
  }

  function off(event: Event, listener: Listener): void {
    if (queue) {
      queue.off(event, listener as never);
      return;
    }
    const at = waiting.findIndex(([e, l]) => e === event && l === listener);
    if (at >= 0) waiting.splice(at, 1);
  }

  return {
    request: ((operation, params, options) => built().request(operation, params, options)) as RequestQueue['request'],
    on(event, listener) {
      if (queue) return queue.on(event, listener);
      waiting.push([event, listener as Listener]);
      return () => off(event, listener as Listener);
    },
    off: (event, listener) => off(event, listener as Listener),
    get stats() {
      return built().stats;
    },
    onIdle: () => (queue ? queue.onIdle() : Promise.resolve()),
    setRateLimit: (rateLimit) => built().setRateLimit(rateLimit),
    pause: () => built().pause(),
    resume: () => built().resume(),
    clear(reason) {
      queue?.clear(reason);
    },
    close() {
      closed = true;
      queue?.close();
    },
  };
}
