import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/queue/rate-limiter.js';
import { createVirtualClock } from '../../src/testing/virtual-clock.js';

function limiter(perSecond = 4) {
  const clock = createVirtualClock();
  const rl = createRateLimiter({ clock, perSecond, minPerSecond: 1, decreaseFactor: 0.5, recoverPerSecond: 1 });
  return { clock, rl };
}

describe('rate limiter: sliding window', () => {
  it('allows perSecond starts in any (t − 1000, t] and names the wait for the next', async () => {
    const { clock, rl } = limiter(4);
    for (let i = 0; i < 3; i++) {
      expect(rl.delay()).toBe(0);
      rl.settled(rl.take());
      await clock.advance(100);
    }
    // Starts at 0, 100, 200; at 300 one more fits, then the window is full until 0 ages out at 1000.
    expect(rl.delay()).toBe(0);
    rl.settled(rl.take());
    expect(rl.delay()).toBe(700);
    await clock.advance(699);
    expect(rl.delay()).toBe(1);
    await clock.advance(1);
    expect(rl.delay()).toBe(0);
    rl.settled(rl.take());
    // Now 100, 200, 300, 1000 are in the window: 100 ages out at 1100.
    expect(rl.delay()).toBe(100);
  });

  it('a request holds its place from its send until 1000 ms after its answer (the arrival lies between)', async () => {
    const { clock, rl } = limiter(2);
    const slow = rl.take();
    const fast = rl.take();
    rl.settled(fast);
    // Full, and one place is held by a request still on the wire: only an answer can free it.
    expect(rl.delay()).toBe(1000);
    await clock.advance(1000);
    expect(rl.delay()).toBe(0);
    rl.take();
    expect(rl.delay()).toBe(Number.POSITIVE_INFINITY);
    await clock.advance(300);
    rl.settled(slow);
    // The slow one answered at 1300: the server may have counted it as late as that, so it frees at 2300.
    expect(rl.delay()).toBe(1000);
  });
});

describe('rate limiter: AIMD', () => {
  it('cuts to what the server accepted in the window, bounded by decreaseFactor and 0.9', () => {
    const { rl } = limiter(40);
    const seqs = Array.from({ length: 24 }, () => rl.take());
    // The server took 20, refused the 21st and the three behind it (one episode: one cut).
    expect(rl.rejected(seqs[20] as number)).toBe(true);
    expect(rl.rate()).toBe(20);
    for (const seq of seqs.slice(21)) expect(rl.rejected(seq)).toBe(false);
    expect(rl.rate()).toBe(20);
  });

  it('never cuts deeper than decreaseFactor, nor milder than 0.9', () => {
    const deep = limiter(40);
    const first = deep.rl.take();
    deep.rl.rejected(first);
    expect(deep.rl.rate()).toBe(20);

    const mild = limiter(10);
    const seqs = Array.from({ length: 10 }, () => mild.rl.take());
    mild.rl.rejected(seqs[9] as number);
    expect(mild.rl.rate()).toBe(9);
  });

  it('holds the lowered rate one window, then climbs linearly back to the configured rate', async () => {
    const { clock, rl } = limiter(40);
    rl.rejected(rl.take());
    expect(rl.rate()).toBe(20);
    await clock.advance(1000);
    expect(rl.rate()).toBe(20);
    await clock.advance(5000);
    expect(rl.rate()).toBe(25);
    await clock.advance(60_000);
    expect(rl.rate()).toBe(40);
  });

  it('a later episode cuts again, from the recovered rate; the window cap follows the rate', async () => {
    const { clock, rl } = limiter(40);
    rl.rejected(rl.take());
    await clock.advance(3000);
    expect(rl.rate()).toBe(22);
    const seqs = Array.from({ length: 22 }, () => rl.take());
    expect(rl.delay()).toBeGreaterThan(0);
    rl.rejected(seqs[21] as number);
    // 21 of 22 accepted: a mild cut (21 / 22 > 0.9 → 0.9).
    expect(rl.rate()).toBeCloseTo(19.8, 10);
  });
});

describe('rate limiter: a wall clock set back', () => {
  it.each([5 * 60_000, 2 * 3_600_000])(
    'by %d ms holds no request longer than its window (starts stored ahead of now do not wait for the clock)',
    async (back) => {
      const { clock, rl } = limiter(4);
      for (let i = 0; i < 4; i++) rl.settled(rl.take());
      expect(rl.delay()).toBe(1000);
      expect(rl.paceDelay()).toBe(100);
      await clock.jump(-back);
      expect(rl.delay()).toBe(1000);
      expect(rl.paceDelay()).toBe(100);
      await clock.advance(999);
      expect(rl.delay()).toBe(1);
      await clock.advance(1);
      // Freed a window after the jump, not when the clock catches up: the next starts may go.
      expect(rl.delay()).toBe(0);
      expect(rl.paceDelay()).toBe(0);
    },
  );
});
