/**
 * The one-syncer rule (DESIGN, Contracts: "Tabs, worker, lock, budget"): every catalogue instance on a database —
 * tabs and the service worker — takes the same Web Lock before background network work (`sync.refresh()`: stale
 * revalidation, change feeds, outbox drain). Interactive requests never take it. The browser frees a lock whose
 * tab or worker dies, so a closed tab cannot wedge the others.
 */

/** The part of the Web Locks API (`navigator.locks`) the library uses. */
export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<T> | T,
  ): Promise<T>;
}

/** What `BackgroundLock.run` did: ran the work (its value), or skipped it because another instance held the lock. */
export type LockedRun<T> = { readonly ran: true; readonly value: T } | { readonly ran: false };

export interface BackgroundLockRunOptions {
  /** `wait` queues behind the holder; `skip` returns `{ ran: false }` at once when the lock is held. @default 'wait' */
  whenBusy?: 'wait' | 'skip';
  /** Aborting while waiting rejects with the signal's reason and never runs the work. */
  signal?: AbortSignal | undefined;
}

export interface BackgroundLock {
  /** The Web Lock name: one per database (`catalogue-sync:background:<dbName>`). */
  readonly name: string;
  run<T>(work: () => Promise<T>, options?: BackgroundLockRunOptions): Promise<LockedRun<T>>;
}

/** The lock name of a database: every instance on it, in any tab or worker of the origin, uses this one. */
export function backgroundLockName(dbName: string): string {
  return `catalogue-sync:background:${dbName}`;
}

export function createBackgroundLock(name: string, locks: LockManagerLike): BackgroundLock {
  return {
    name,
    async run(work, options = {}) {
      const skip = options.whenBusy === 'skip';
      const request = skip ? { ifAvailable: true } : options.signal ? { signal: options.signal } : {};
      // The callback's promise holds the lock until the work settles, and `request` settles with it.
      return locks.request(name, request, async (lock) => {
        if (lock === null) return { ran: false } as const;
        return { ran: true, value: await work() } as const;
      });
    },
  };
}

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

/** The realm's Web Locks, or undefined where there are none. Read at call time. */
export function platformLocks(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : undefined;
}
