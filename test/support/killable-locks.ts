import type { LockManagerLike } from '../../src/sync/background-lock.js';

/**
 * One tab's view of the origin's locks, which the test can kill like the browser kills a tab: every lock the tab
 * holds is freed at once, while its code (and its pending request) stays where it was.
 */
export interface KillableLocks extends LockManagerLike {
  kill(): void;
}

export function killableLocks(shared: LockManagerLike): KillableLocks {
  let kill: () => void = () => {};
  const killed = new Promise<void>((resolve) => {
    kill = resolve;
  });
  return {
    request(name, options, callback) {
      return shared.request(name, options, (lock) => {
        const work = Promise.resolve(callback(lock));
        // The lock goes with the tab; what the callback resolves to no longer matters to anyone.
        return Promise.race([work, killed.then(() => undefined as never)]);
      });
    },
    kill,
  };
}
