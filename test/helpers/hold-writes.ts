import type { FetchLike } from '../../src/env.js';

/**
 * Writes that reach the service (it commits them) and whose answers are then held until `release()`: a tab that
 * is "sending" a change right now, with the change already landed. `GET`s pass.
 */
export interface HeldWrites {
  wrap(fetch: FetchLike): FetchLike;
  /** Writes committed by the service whose answers wait. */
  readonly held: number;
  /** Lets every held answer (and later ones) through. */
  release(): void;
}

export function holdWrites(): HeldWrites {
  let open = false;
  let held = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    wrap: (fetch) => async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'GET' || open) return fetch(request);
      const response = await fetch(request);
      held += 1;
      await gate;
      return response;
    },
    get held() {
      return held;
    },
    release() {
      open = true;
      release();
    },
  };
}
