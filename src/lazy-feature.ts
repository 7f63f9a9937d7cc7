import { NetworkError } from './errors/network-error.js';

/**
 * A feature made once, on the first call that needs it: `make` loads its module and builds it. Calls while it
 * loads share the one load. A load that fails (the chunk's request failed, a deploy replaced it) rejects that
 * call with a `NetworkError` naming the member, and is forgotten: the next call tries again.
 */
export function lazyFeature<T>(make: () => Promise<T>): (member: string) => Promise<T> {
  let made: Promise<T> | undefined;
  return (member) => {
    if (!made) {
      const attempt = make();
      made = attempt;
      attempt.catch(() => {
        if (made === attempt) made = undefined;
      });
    }
    return made.catch((cause: unknown) => {
      throw new NetworkError({ operation: member, cause });
    });
  };
}
