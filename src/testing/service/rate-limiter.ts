import { getOrCreate } from '../data/get-or-create.js';

/** What a rejected request learns: its count in the window and when the window frees a slot. */
export interface RateRejection {
  /** Requests in the window including this one (the number the 429 message quotes). */
  readonly count: number;
  /** Milliseconds until the oldest accepted request leaves the window. */
  readonly retryAfterMs: number;
}

/**
 * A sliding window per credential (`authenticate`'s principal: the token, whichever way the application presented
 * it): a request at time t is rejected when `perSecond` requests were already accepted in (t − 1000 ms, t].
 * Rejected requests are not recorded, so a client that backs off recovers at once.
 */
export class RateLimiter {
  readonly #accepted = new Map<string, number[]>();

  constructor(readonly perSecond: number) {}

  admit(key: string, now: number): RateRejection | undefined {
    const times = getOrCreate(this.#accepted, key, (): number[] => []);
    let expired = 0;
    while (expired < times.length && (times[expired] as number) <= now - 1000) expired++;
    if (expired > 0) times.splice(0, expired);
    if (times.length >= this.perSecond) {
      return { count: times.length + 1, retryAfterMs: (times[0] as number) + 1000 - now };
    }
    times.push(now);
    return undefined;
  }
}
