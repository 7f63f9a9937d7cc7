import type { LockManagerLike } from './background-lock.js';

/**
 * Whether the instance behind an outbox claim still lives, told by something no clock can move: every instance
 * holds a Web Lock of its own (`catalogue-sync:outbox-sender:<dbName>:<instance>`) from its start until `close()`,
 * and the browser frees it when the tab or worker dies. Another instance takes a `sending` row over only when that
 * lock is free: a live sender is never overtaken (its own timers bound its send), however the wall clock jumps.
 * The lock holds no data; its name carries only the random instance id.
 */
export interface SenderLiveness {
  /** Resolves once this instance holds its own lock (before its first claim: no one may find it gone meanwhile). */
  readonly ready: Promise<void>;
  /** Whether `ready` has resolved (read synchronously: a claim then starts without waiting a turn). */
  readonly held: boolean;
  /** Of the instances `ids`, those whose lock is free: gone (closed, or their page died). */
  gone(ids: Iterable<string>): Promise<Set<string>>;
  /** Frees this instance's lock (`close()`, after its sends were aborted and its claims handed back). */
  release(): void;
}

/** The lock name of one instance's life on a database. */
export function senderLockName(dbName: string, instance: string): string {
  return `catalogue-sync:outbox-sender:${dbName}:${instance}`;
}

export function holdSenderLiveness(locks: LockManagerLike, dbName: string, instance: string): SenderLiveness {
  let held = false;
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ready = new Promise<void>((granted, refused) => {
    locks
      .request(senderLockName(dbName, instance), {}, () => {
        held = true;
        granted();
        return released;
      })
      .catch(refused);
  });
  return {
    ready,
    get held() {
      return held;
    },
    async gone(ids) {
      const found = new Set<string>();
      for (const id of new Set(ids)) {
        // Taking a free lock for a moment and letting it go is the Web Locks way to ask "is anyone holding this?".
        const free = await locks.request(senderLockName(dbName, id), { ifAvailable: true }, (lock) => lock !== null);
        if (free) found.add(id);
      }
      return found;
    },
    release,
  };
}
