import type { Clock, TimerHandle } from '../env.js';

/**
 * A clock whose time moves only when a test moves it: the library and the fake service both take it, so
 * rate windows, backoffs, freshness and change windows are tested in virtual time without faking globals
 * (vitest's fake timers would also fake `setImmediate`, which fake-indexeddb needs).
 */
export interface VirtualClock extends Clock {
  /** Moves time forward by `ms`, firing due timers in order and letting their promise chains settle. */
  advance(ms: number): Promise<void>;
  /**
   * Runs virtual time forward until `promise` settles: settles real work first, then jumps to the next timer.
   * Rejects when nothing is pending and the promise cannot settle (a deadlock), or after `maxMs` of virtual time.
   */
  runUntil<T>(promise: Promise<T>, options?: { maxMs?: number }): Promise<T>;
  /**
   * Sets the wall clock forward (`ms` > 0) or back (`ms` < 0) at once, like a laptop waking or an NTP correction:
   * `now()` moves by `ms`, while pending timers keep the time they had left (real timers run on a monotonic
   * source). Fires nothing by itself.
   */
  jump(ms: number): Promise<void>;
  /** Lets pending promise chains and real macrotasks (IndexedDB, in-process fetch) settle. */
  flush(): Promise<void>;
  /** Timers not yet fired. */
  pendingTimers(): number;
}

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

// setImmediate where it exists (Node: fake-indexeddb schedules its work with it), else a zero-delay timer.
// These are real timers on purpose: they let real asynchronous work settle between virtual steps.
const schedule: (fn: () => void) => void =
  typeof (globalThis as { setImmediate?: unknown }).setImmediate === 'function'
    ? (fn) => (globalThis as unknown as { setImmediate: (fn: () => void) => void }).setImmediate(fn)
    : (fn) => globalThis.setTimeout(fn, 0);
/** Macrotask rounds without any timer after which `runUntil` calls a promise stuck (about a second of real time). */
const IDLE_ROUNDS = 100_000;

const macrotask = () => new Promise<void>((resolve) => schedule(resolve));

export function createVirtualClock(start = 0): VirtualClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, Timer>();

  function nextTimer(): Timer | undefined {
    let best: Timer | undefined;
    for (const timer of timers.values()) {
      // Equal times fire in creation order, like real timers.
      if (!best || timer.at < best.at || (timer.at === best.at && timer.id < best.id)) best = timer;
    }
    return best;
  }

  async function flush(rounds = 4): Promise<void> {
    for (let i = 0; i < rounds; i++) await macrotask();
  }

  async function fire(timer: Timer): Promise<void> {
    timers.delete(timer.id);
    now = Math.max(now, timer.at);
    timer.fn();
    await flush(2);
  }

  const clock: VirtualClock = {
    now: () => now,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.set(id, { id, at: now + Math.max(0, Number.isFinite(ms) ? ms : 0), fn });
      return id;
    },
    clearTimeout(handle: TimerHandle) {
      timers.delete(handle as number);
    },
    async advance(ms) {
      const target = now + ms;
      await flush(2);
      for (let timer = nextTimer(); timer && timer.at <= target; timer = nextTimer()) await fire(timer);
      now = target;
      await flush(2);
    },
    async jump(ms) {
      now += ms;
      for (const timer of timers.values()) timer.at += ms;
      await flush(2);
    },
    async runUntil(promise, options = {}) {
      const limit = now + (options.maxMs ?? 3_600_000);
      let settled = false;
      let value: unknown;
      let failure: unknown;
      let failed = false;
      promise.then(
        (v) => {
          settled = true;
          value = v;
        },
        (e) => {
          settled = true;
          failed = true;
          failure = e;
        },
      );
      for (;;) {
        await flush();
        if (settled) break;
        const timer = nextTimer();
        if (!timer) {
          // Real work (IndexedDB, streams) may still be in flight: a fake-indexeddb transaction over many rows
          // takes hundreds of macrotasks. Keep settling until it ends, a timer appears, or it is plainly stuck.
          for (let round = 0; round < IDLE_ROUNDS && !settled && !nextTimer(); round++) await flush(1);
          if (settled) break;
          if (!nextTimer()) throw new Error('VirtualClock.runUntil: nothing pending and the promise has not settled');
          continue;
        }
        if (timer.at > limit)
          throw new Error(`VirtualClock.runUntil: not settled within ${options.maxMs ?? 3_600_000} ms`);
        await fire(timer);
      }
      if (failed) throw failure;
      return value as Awaited<typeof promise>;
    },
    flush: () => flush(),
    pendingTimers: () => timers.size,
  };
  return clock;
}
