/**
 * Why requests are not starting, if they are not: `running` (they are, within the rate), `paused` (by
 * `pause()`), `offline` (waiting for connectivity), `rateLimited` (the pause after a 429).
 */
export type QueueState = 'running' | 'paused' | 'offline' | 'rateLimited';

/** An immutable snapshot, replaced on every change: `===` means unchanged. */
export interface QueueStats {
  readonly state: QueueState;
  /** Attempts sent, retries included. */
  readonly sent: number;
  /** Attempts that were retries. */
  readonly retried: number;
  /** 429 answers received. */
  readonly rateLimited429: number;
  /** Calls that joined an identical GET in flight. */
  readonly deduped: number;
  /** Attempts on the wire now. */
  readonly inFlight: number;
  /** Requests waiting: in the queue or in a retry backoff. */
  readonly queued: number;
  /** Starts per second currently allowed (below the configured rate after a 429, recovering). */
  readonly currentRate: number;
}

/** The counters of a queue that has sent nothing yet: what a new queue starts from, and what shows before it exists. */
export function initialQueueStats(online: boolean, perSecond: number): QueueStats {
  return Object.freeze({
    state: online ? 'running' : 'offline',
    sent: 0,
    retried: 0,
    rateLimited429: 0,
    deduped: 0,
    inFlight: 0,
    queued: 0,
    currentRate: perSecond,
  });
}
