import type { FetchLike } from '../../src/env.js';

/** A fetch that holds every request until `release()`: a refresh that is plainly in progress. */
export function gatedFetch(): { wrap: (fetch: FetchLike) => FetchLike; release(): void; readonly waiting: number } {
  let open: () => void = () => {};
  let gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let waiting = 0;
  return {
    wrap: (fetch) => async (input, init) => {
      waiting += 1;
      await gate;
      waiting -= 1;
      return fetch(input, init);
    },
    release() {
      open();
      gate = Promise.resolve();
    },
    get waiting() {
      return waiting;
    },
  };
}
