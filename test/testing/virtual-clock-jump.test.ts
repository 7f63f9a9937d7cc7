import { describe, expect, it } from 'vitest';
import { createVirtualClock } from '../../src/testing/index.js';

describe('VirtualClock.jump: the wall clock moves, pending timers keep the time they had left', () => {
  it.each([5 * 60_000, -5 * 60_000, 2 * 3_600_000, -2 * 3_600_000])('by %d ms', async (ms) => {
    const clock = createVirtualClock(1_000_000_000);
    const fired: number[] = [];
    clock.setTimeout(() => fired.push(clock.now()), 1_000);
    await clock.advance(400);
    await clock.jump(ms);
    expect(clock.now()).toBe(1_000_000_400 + ms);
    // Nothing fires by the jump itself, forward or back.
    expect(fired).toEqual([]);
    await clock.advance(599);
    expect(fired).toEqual([]);
    await clock.advance(1);
    expect(fired).toEqual([1_000_001_000 + ms]);
    expect(clock.pendingTimers()).toBe(0);
  });
});
