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
