import type { Clock } from '../env.js';

export interface RateLimiterOptions {
  clock: Clock;
  /** The configured ceiling: starts allowed per window when no 429 has been seen. */
  perSecond: number;
  /** The floor the rate never drops below. */
  minPerSecond: number;
  /** The deepest multiplicative cut on a 429 (0 < factor < 1). */
  decreaseFactor: number;
  /** Additive increase: rate regained per second without a 429, after a one-window hold. */
  recoverPerSecond: number;
}

export interface RateLimiter {
  /** Starts currently allowed in any one-second window (fractional while it recovers). */
  rate(): number;
  /**
   * Milliseconds until one more start fits in the window; 0 when one fits now; Infinity when every place is
   * held by a request still on the wire (the next `settled()` frees one).
   */
  delay(): number;
  /**
   * Milliseconds until a *paced* start fits: at most ⌈rate / 10⌉ starts in any (t − 100, t]. Background work
   * is paced so the window never fills in one burst: places then free every few tens of ms, and a request a
   * user waits for (exempt from pacing) finds one at once instead of waiting out a whole second.
   */
  paceDelay(): number;
  /**
   * Records a start now and returns its sequence number. The caller checks `delay()` first; this never refuses.
   */
  take(): number;
  /** The start numbered `seq` got its answer (or failed, or was aborted): its place frees 1000 ms from now. */
  settled(seq: number): void;
  /** Changes the configured ceiling (a tab's share of the origin's budget); a lowered rate stays at most that. */
  setPerSecond(next: number): void;
  /**
   * A 429 answered the start numbered `seq`: lowers the rate once per congestion episode (starts made before
   * the last decrease were made at the old rate and say nothing new). Returns whether it lowered.
   */
  rejected(seq: number): boolean;
}

const WINDOW_MS = 1000;
const PACE_MS = WINDOW_MS / 10;
/** The mildest cut: even when the window shows the server took nearly everything, back off by 10%. */
const MILDEST_CUT = 0.9;

interface Tick {
  readonly seq: number;
  /** When the answer arrived; undefined while the request is on the wire. */
  end: number | undefined;
}

/**
 * A sliding one-second window over the injected clock, with AIMD on top so that, against a server whose real
 * limit is lower and unknown, 429s stay rare.
 *
 * - window: the server counts *arrivals* in (t − 1000, t], and an arrival lies somewhere between the client's
 *   send and its answer. So a request holds its place from its send until 1000 ms after its answer: then the
 *   server has certainly forgotten it, whatever the latency was (over loopback, a cold first burst arrives
 *   tens of ms late, and counting from the send alone earned 429s at the next window). With instant answers
 *   (virtual time) this is exactly "at most `rate` sends in any (t − 1000, t]";
 * - decrease: on a 429 the rate is multiplied by a factor between `decreaseFactor` and 0.9, chosen by the
 *   evidence: the starts of the last window the server accepted before refusing. Against a limit of 20 with
 *   40 configured, that jumps to 20 in one step, where a fixed mild factor would need several 429 episodes
 *   and a fixed deep one would waste half the budget at every probe;
 * - increase: after holding for one window, linear at `recoverPerSecond` back to the configured rate.
 *
 * This is the one piece of rate logic written by hand (DESIGN, Contracts: "Time and the rate limit"): p-queue
 * reads global timers and cannot change `intervalCap` while running. p-queue still does concurrency, priority,
 * abort and queueing; this only says when the next start may happen.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { clock, minPerSecond, decreaseFactor, recoverPerSecond } = options;
  let perSecond = options.perSecond;
  // Requests holding a place, in send order; short (≤ rate + concurrency), so plain scans are cheapest. Both arrays
  // are compacted in place: they are trimmed before every start, and a copy each time is garbage at the sync's pace.
  const ticks: Tick[] = [];
  // Send times of the last PACE_MS, for pacing.
  const recent: number[] = [];
  const refused = new Set<number>();
  let floorRate = perSecond;
  let decreasedAt = Number.NEGATIVE_INFINITY;
  // Sequence numbers, not times, tell episodes apart: in virtual time a whole burst shares one instant.
  let lastSeq = 0;
  let seqAtDecrease = 0;

  function rateAt(now: number): number {
    if (floorRate >= perSecond) return perSecond;
    // Hold the lowered rate for one whole window first: the starts already in it were made at the old rate,
    // and climbing while they age out would earn the next 429 at once.
    const climbing = Math.max(0, now - decreasedAt - WINDOW_MS);
    return Math.min(perSecond, floorRate + (recoverPerSecond * climbing) / 1000);
  }

  function expire(now: number): void {
    backInTime(now);
    if (!ticks.some((t) => t.end !== undefined && t.end <= now - WINDOW_MS)) return;
    let kept = 0;
    for (const tick of ticks) {
      if (tick.end === undefined || tick.end > now - WINDOW_MS) ticks[kept++] = tick;
      else refused.delete(tick.seq);
    }
    ticks.length = kept;
  }

  /**
   * Times stored ahead of `now` were taken before the wall clock was set back: they count as now, so a place frees
   * a window later instead of when the clock catches up (hours, for a clock that ran ahead).
   */
  function backInTime(now: number): void {
    for (const tick of ticks) if (tick.end !== undefined && tick.end > now) tick.end = now;
    for (let i = 0; i < recent.length; i++) if ((recent[i] as number) > now) recent[i] = now;
  }

  /** Starts in the window before `seq` that the server did not refuse: what it accepted before saying no. */
  function acceptedBefore(seq: number): number {
    return ticks.filter((t) => t.seq < seq && !refused.has(t.seq)).length;
  }

  return {
    rate: () => rateAt(clock.now()),
    delay() {
      const now = clock.now();
      expire(now);
      const cap = Math.max(1, Math.floor(rateAt(now)));
      const excess = ticks.length - cap;
      if (excess < 0) return 0;
      // A place frees when the (excess + 1)-th earliest answered request leaves the window.
      const ends = ticks
        .map((t) => t.end)
        .filter((end): end is number => end !== undefined)
        .sort((a, b) => a - b);
      const freeing = ends[excess];
      return freeing === undefined ? Number.POSITIVE_INFINITY : freeing + WINDOW_MS - now;
    },
    paceDelay() {
      const now = clock.now();
      backInTime(now);
      let kept = 0;
      for (const at of recent) if (at > now - PACE_MS) recent[kept++] = at;
      recent.length = kept;
      const burst = Math.max(1, Math.ceil(rateAt(now) / (WINDOW_MS / PACE_MS)));
      const excess = recent.length - burst;
      return excess < 0 ? 0 : (recent[excess] as number) + PACE_MS - now;
    },
    take() {
      recent.push(clock.now());
      lastSeq += 1;
      ticks.push({ seq: lastSeq, end: undefined });
      return lastSeq;
    },
    setPerSecond(next) {
      perSecond = next;
      floorRate = Math.min(floorRate, next);
    },
    settled(seq) {
      const tick = ticks.find((t) => t.seq === seq);
      if (tick && tick.end === undefined) tick.end = clock.now();
    },
    rejected(seq) {
      const now = clock.now();
      expire(now);
      refused.add(seq);
      if (seq <= seqAtDecrease) return false;
      const rate = rateAt(now);
      const cut = Math.min(MILDEST_CUT, Math.max(decreaseFactor, acceptedBefore(seq) / rate));
      floorRate = Math.max(minPerSecond, rate * cut);
      decreasedAt = now;
      seqAtDecrease = lastSeq;
      return true;
    },
  };
}
