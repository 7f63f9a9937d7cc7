import type { VirtualClock } from '../../src/testing/index.js';

/**
 * Settles `promise` moving virtual time in small steps. `runUntil` jumps to the next timer as soon as a few
 * macrotasks pass, which lands on a far deadline (a budget, a timeout) while fake IndexedDB is still working.
 */
export async function stepUntil<T>(
  clock: VirtualClock,
  promise: Promise<T>,
  stepMs = 10,
  maxSteps = 1_000,
): Promise<T> {
  let done = false;
  const tracked = promise.finally(() => {
    done = true;
  });
  for (let step = 0; step < maxSteps && !done; step++) await clock.advance(stepMs);
  if (!done) throw new Error(`stepUntil: not settled within ${stepMs * maxSteps} ms of virtual time`);
  return tracked;
}
