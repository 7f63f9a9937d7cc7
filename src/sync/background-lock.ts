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

/** The realm's Web Locks, or undefined where there are none. Read at call time. */
export function platformLocks(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : undefined;
}
