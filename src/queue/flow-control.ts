import type PQueue from 'p-queue';
import type { Clock, Random, TimerHandle } from '../env.js';
import { equalJitter } from './backoff.js';
import type { QueueState } from './queue-stats.js';
import type { RateLimiter } from './rate-limiter.js';

export interface FlowControlOptions {
  queue: PQueue;
  limiter: RateLimiter;
  clock: Clock;
  random: Random;
  online: boolean;
  /** Ceiling of the first pause after a 429 without `Retry-After`. */
  rateLimitPauseMs: number;
  maxDelayMs: number;
  /** Whether a request exempt from pacing (one a user waits for) heads the queue. */
  urgentWaiting: () => boolean;
  /** Called whenever `state()` may have changed. */
  onChange: () => void;
}

export interface RateLimitDecision {
  /** Clock time until which nothing starts (as the clock reads now: a jump of the clock later does not move it). */
  readonly until: number;
  /** Whether this 429 lowered the rate (the first of its episode). */
  readonly lowered: boolean;
}

/** One 429 pause: its length, when (by the clock) it was armed, and the timer that ends it. */
interface ArmedPause {
  readonly armedAt: number;
  readonly ms: number;
  readonly timer: TimerHandle;
}

export interface FlowControl {
  /**
   * Called synchronously as p-queue starts a task, before the next one is dequeued: records the start and, when
   * the window is now full, pauses p-queue so its dequeue loop stops right here. Returns the start's number.
   */
  onStart(): number;
  /** Something was queued or raised: an urgent request may start now, even while background work is paced. */
  kick(): void;
  /** Start `seq` ended (answer, error or abort): its place in the window frees 1000 ms from now. */
  onSettled(seq: number): void;
  /** A 429 answered start `seq`: pause the whole queue and lower the rate. */
  onRateLimited(seq: number, retryAfterMs: number | undefined): RateLimitDecision;
  /** A non-429 answer to start `seq`: if it was sent after the last 429 pause, the next 429 backs off afresh. */
  onAnswered(seq: number): void;
  setUserPaused(paused: boolean): void;
  setOnline(online: boolean): void;
  state(): QueueState;
  dispose(): void;
}

/*
 * p-queue runs (started) exactly while all of these hold, and is paused otherwise:
 *
 *   not paused by the user ─┐
 *   online ─────────────────┼──▶ running ──take()──▶ window full? ──yes──▶ paused until a place frees
 *   past the 429 pause ─────┤                                                   │
 *   the window has room ────┘◀────────── timer, or an answer arriving ─────────┘
 *
 * "Room" for background and prefetch work also means pacing (at most a tenth of the rate per 100 ms); a queue
 * headed by interactive or mutation work skips pacing, and `kick()` re-evaluates when such work arrives.
 *
 * Because a start is recorded synchronously inside p-queue's dequeue loop, pausing there stops the loop before
 * it dequeues one more: p-queue's priority order decides *which* request goes next, this decides *when*.
 *
 * The 429 pause is held by the timers armed for it, not by a clock time: the injected clock is the wall clock, which
 * jumps (a laptop waking, an NTP correction), while timers keep their durations. Read against an absolute
 * `clock.now()` deadline, a jump forward ended a pause at once (a burst of 429s) and a jump back stretched it by the
 * jump (hours of silence). Now a pause lasts its own length whatever the clock does: it ends when the last timer
 * armed for it fires, which re-evaluates. Its clock deadline is only reported (`until`), and judged like a lease
 * (`store/outbox/claim-rule.ts`): one further ahead than its own length was read under a clock since set back, and counts
 * as its length from now.
 */
export function createFlowControl(options: FlowControlOptions): FlowControl {
  const { queue, limiter, clock, random } = options;
  let userPaused = false;
  let online = options.online;
  /** The 429 pauses armed and not yet over: the queue is held while any is. */
  const pauses = new Set<ArmedPause>();
  let episodes = 0;
  let lastSeq = 0;
  let seqAtPause = 0;
  let timer: TimerHandle | undefined;
  let disposed = false;

  function schedule(ms: number): void {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    // Infinity: every place is held by a request on the wire; its settling re-evaluates, no timer needed.
    if (ms === Number.POSITIVE_INFINITY) return;
    timer = clock.setTimeout(() => {
      timer = undefined;
      evaluate();
    }, ms);
  }

  /**
   * Arms a pause of `ms` beside those armed already (the queue is held until the last one ends). Never skipped for
   * one that seems to outlast it: after a jump of the clock, what seems left of a pause is not what is.
   */
  function arm(ms: number, now: number): void {
    if (ms <= 0) return;
    const pause: ArmedPause = {
      armedAt: now,
      ms,
      timer: clock.setTimeout(() => {
        pauses.delete(pause);
        if (pauses.size === 0) evaluate();
      }, ms),
    };
    pauses.add(pause);
  }

  /**
   * What is left of the longest pause as the clock tells it (for `until`), within each pause's own length: a jump
   * back cannot make it longer. After a jump forward it may read 0 while the pause's timer still holds the queue.
   */
  function pauseLeft(now: number): number {
    let left = 0;
    for (const pause of pauses) left = Math.max(left, Math.min(pause.ms, pause.armedAt + pause.ms - now));
    return left;
  }

  function windowWait(): number {
    const wait = limiter.delay();
    return wait > 0 || options.urgentWaiting() ? wait : limiter.paceDelay();
  }

  function evaluate(): void {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    if (disposed) return;
    options.onChange();
    if (userPaused || !online || pauses.size > 0) {
      // A pause's own timer re-evaluates when it ends.
      queue.pause();
      return;
    }
    const wait = windowWait();
    if (wait > 0) {
      queue.pause();
      schedule(wait);
      return;
    }
    // Re-entrant: starting may call onStart, which may pause again and schedule the next evaluation.
    queue.start();
  }

  return {
    onStart() {
      lastSeq = limiter.take();
      const wait = windowWait();
      if (wait > 0) {
        queue.pause();
        schedule(wait);
      }
      return lastSeq;
    },
    kick() {
      if (timer !== undefined && !userPaused && online && pauses.size === 0) evaluate();
    },
    onSettled(seq) {
      limiter.settled(seq);
      evaluate();
    },
    onRateLimited(seq, retryAfterMs) {
      const now = clock.now();
      // Every request of a burst that was already on the wire may come back 429: that is one episode.
      const newEpisode = seq > seqAtPause;
      if (newEpisode) {
        episodes += 1;
        seqAtPause = lastSeq;
      }
      if (retryAfterMs !== undefined) arm(retryAfterMs, now);
      else if (newEpisode) arm(equalJitter(episodes, options.rateLimitPauseMs, options.maxDelayMs, random), now);
      const lowered = limiter.rejected(seq);
      evaluate();
      // A straggler of an episode whose pause is already over reports "now", not a time in the past.
      return { until: now + pauseLeft(now), lowered };
    },
    onAnswered(seq) {
      if (seq > seqAtPause) episodes = 0;
    },
    setUserPaused(paused) {
      userPaused = paused;
      evaluate();
    },
    setOnline(next) {
      online = next;
      evaluate();
    },
    state() {
      if (userPaused) return 'paused';
      if (!online) return 'offline';
      return pauses.size > 0 ? 'rateLimited' : 'running';
    },
    dispose() {
      disposed = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      for (const pause of pauses) clock.clearTimeout(pause.timer);
      pauses.clear();
      queue.pause();
    },
  };
}
