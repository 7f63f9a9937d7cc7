import type { LockManagerLike } from './background-lock.js';

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The lock request was aborted', 'AbortError');
}

/**
 * Exclusive locks within one JavaScript realm, with the Web Locks semantics the library relies on: FIFO waiters,
 * `ifAvailable` (the callback gets `null` when held), `signal` (a waiter leaves the queue). The fallback where Web
 * Locks are missing (Node, old browsers): it coordinates the instances of this realm only, which is all there is
 * to coordinate in Node. A holder that never settles keeps the lock: unlike a closed tab, nothing frees it.
 */
export function createInProcessLocks(): LockManagerLike {
  const waiters = new Map<string, (() => void)[]>();
  const held = new Set<string>();

  function release(name: string): void {
    const queue = waiters.get(name);
    const next = queue?.shift();
    if (queue && queue.length === 0) waiters.delete(name);
    if (next) next();
    else held.delete(name);
  }

  async function hold<T>(name: string, callback: (lock: unknown) => Promise<T> | T): Promise<T> {
    try {
      return await callback({ name, mode: 'exclusive' });
    } finally {
      release(name);
    }
  }

  return {
    request(name, options, callback) {
      if (!held.has(name)) {
        held.add(name);
        return hold(name, callback);
      }
      if (options.ifAvailable) return Promise.resolve().then(() => callback(null));
      const signal = options.signal;
      if (signal?.aborted) return Promise.reject(abortReason(signal));
      return new Promise((resolve, reject) => {
        const queue = waiters.get(name) ?? [];
        waiters.set(name, queue);
        const onAbort = () => {
          const at = queue.indexOf(grant);
          if (at >= 0) queue.splice(at, 1);
          if (signal) reject(abortReason(signal));
        };
        // The lock passes straight from the releasing holder to this waiter: `held` stays set in between.
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          hold(name, callback).then(resolve, reject);
        };
        queue.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
