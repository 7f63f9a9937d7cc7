import { afterEach, describe, expect, it } from 'vitest';
import type { BroadcastChannelLike } from '../../src/sync/budget-channel.js';
import { createInProcessChannels } from '../../src/sync/in-process-channels.js';
import { joinRateBudget, RATE_WINDOW_MS, type RateBudget } from '../../src/sync/rate-budget.js';
import { createVirtualClock, type FakeLogEntry, type VirtualClock } from '../../src/testing/index.js';
import type { CatalogueWorld } from '../helpers/catalogue-world.js';
import { tabsWorld } from '../helpers/tabs-world.js';
import { seededRandom } from '../support/seeded-random.js';

const settle = () => new Promise((resolve) => setImmediate(resolve));

interface Member {
  readonly budget: RateBudget;
  /** Every share the member was told to use, in order. */
  readonly shares: number[];
}

/** A member of the budget, busy unless told otherwise. */
function member(
  clock: VirtualClock,
  channel: BroadcastChannelLike,
  perSecond: number,
  heartbeatMs: number | false = false,
  active = true,
): Member {
  const shares: number[] = [];
  const random = seededRandom(perSecond);
  const budget = joinRateBudget({
    perSecond,
    minPerSecond: 1,
    channel,
    clock,
    random,
    heartbeatMs,
    onShare: (share) => shares.push(share),
  });
  budget.setActive(active);
  return { budget, shares };
}

describe('rate budget leases', () => {
  it('a lone instance holds the whole rate; three split it; shares shrink at once and grow one window late', async () => {
    const clock = createVirtualClock(0);
    const open = createInProcessChannels();
    const a = member(clock, open('budget'), 30);
    await settle();
    expect([a.budget.share, a.budget.members, a.shares]).toEqual([30, 1, []]);

    const b = member(clock, open('budget'), 30);
    const c = member(clock, open('budget'), 30);
    await settle();
    for (const m of [a, b, c]) expect([m.budget.share, m.budget.members, m.budget.activeMembers]).toEqual([10, 3, 3]);
    // A went 30 → 15 (B met) → 10 (C met): never above its fair part once it knew.
    expect(a.shares).toEqual([15, 10]);

    c.budget.leave();
    await settle();
    // C may have started 10 in the last second: the others keep 10 until that window has passed.
    expect([a.budget.share, b.budget.share, a.budget.members]).toEqual([10, 10, 2]);
    await clock.advance(RATE_WINDOW_MS - 1);
    expect(a.budget.share).toBe(10);
    await clock.advance(1);
    expect([a.budget.share, b.budget.share]).toEqual([15, 15]);
    expect(a.shares).toEqual([15, 10, 15]);
    a.budget.leave();
    b.budget.leave();
  });

  it('leases only to members with work: an idle one takes nothing, and gives its part back one window after idling', async () => {
    const clock = createVirtualClock(0);
    const open = createInProcessChannels();
    const a = member(clock, open('budget'), 30);
    const sleeper = member(clock, open('budget'), 30, false, false);
    await settle();
    expect([a.budget.share, a.budget.members, a.budget.activeMembers]).toEqual([30, 2, 1]);
    // The sleeper's own share is what it may use the moment it has work: a half, beside A.
    expect(sleeper.budget.share).toBe(15);

    sleeper.budget.setActive(true);
    await settle();
    expect([a.budget.share, a.budget.activeMembers]).toEqual([15, 2]);
    sleeper.budget.setActive(false);
    await settle();
    expect(a.budget.share).toBe(15);
    await clock.advance(RATE_WINDOW_MS);
    expect(a.budget.share).toBe(30);

    // Busy again within the window: the growth is called off, nothing overshoots.
    sleeper.budget.setActive(true);
    await settle();
    sleeper.budget.setActive(false);
    await settle();
    await clock.advance(RATE_WINDOW_MS / 2);
    sleeper.budget.setActive(true);
    await settle();
    await clock.advance(RATE_WINDOW_MS);
    expect(a.shares).toEqual([15, 30, 15]);
    a.budget.leave();
    sleeper.budget.leave();
  });

  it('takes the lowest configured limit of the members as the origin’s', async () => {
    const clock = createVirtualClock(0);
    const open = createInProcessChannels();
    const a = member(clock, open('budget'), 40);
    const b = member(clock, open('budget'), 20);
    await settle();
    expect([a.budget.share, b.budget.share]).toEqual([10, 10]);
    a.budget.leave();
    b.budget.leave();
  });

  it('drops a member that went silent for three heartbeats (a crashed tab says no bye)', async () => {
    const clock = createVirtualClock(0);
    const open = createInProcessChannels();
    const a = member(clock, open('budget'), 30, 1000);
    // A tab that hangs or crashes: its timers never fire again (its own clock never moves), no `bye` is sent.
    const crashed = member(createVirtualClock(0), open('budget'), 30, 1000);
    await settle();
    expect(a.budget.share).toBe(15);
    await clock.advance(3000);
    expect(a.budget.members).toBe(2);
    await clock.advance(1000);
    expect(a.budget.members).toBe(1);
    await clock.advance(RATE_WINDOW_MS);
    expect(a.budget.share).toBe(30);
    a.budget.leave();
    expect(crashed.budget.members).toBe(2);
  });

  it('never leases less than the floor, and ignores foreign messages on the channel', async () => {
    const clock = createVirtualClock(0);
    const open = createInProcessChannels();
    const members = Array.from({ length: 5 }, () => member(clock, open('budget'), 3));
    const stranger = open('budget');
    stranger.postMessage({ protocol: 'someone-else', kind: 'hello', id: 'x', perSecond: 1 });
    stranger.postMessage({ protocol: 'catalogue-sync/budget', kind: 'hello', id: 'y', perSecond: -5 });
    await settle();
    for (const m of members) expect([m.budget.share, m.budget.members]).toEqual([1, 5]);
    for (const m of members) m.budget.leave();
  });
});

let fixture: CatalogueWorld | undefined;
afterEach(async () => {
  await fixture?.closeAll();
  fixture = undefined;
});

/** The most requests the fake took in any window of 1000 ms of its clock. */
function busiestSecond(entries: readonly FakeLogEntry[]): number {
  const times = entries.map((e) => e.time).sort((x, y) => x - y);
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= 1000) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

const SORTS = ['popularity.desc', 'vote_average.desc', 'first_air_date.desc'] as const;

/** Three instances on one database, each pulling 60 different discover pages at once. */
async function threeTabsPulling(options: { share: boolean }) {
  fixture = tabsWorld({ rateLimit: { perSecond: 30 } });
  const f = fixture;
  const tabs = SORTS.map((_, i) =>
    f.open({
      tab: `tab${i}`,
      rateLimit: { perSecond: 30, concurrency: 8 },
      retry: { attempts: 1 },
      ...(options.share ? {} : { broadcastChannel: false }),
    }),
  );
  await f.clock.flush();
  const idleRates = tabs.map((tab) => tab.queueStats.currentRate);
  const busyRates = new Set<number>();
  for (const tab of tabs) tab.on('stats', (stats) => stats.inFlight > 0 && busyRates.add(stats.currentRate));
  const started = f.clock.now();
  const pulls = tabs.flatMap((tab, i) =>
    Array.from({ length: 60 }, (_, page) =>
      tab.sync.pull('discoverTv', { sort_by: SORTS[i], page: page + 1 }).then(
        () => 'ok',
        (error: Error) => error.name,
      ),
    ),
  );
  const outcomes = await f.clock.runUntil(Promise.all(pulls));
  return {
    outcomes,
    idleRates,
    busyRates: [...busyRates].sort((x, y) => x - y),
    elapsed: f.clock.now() - started,
    log: f.service.log.entries(),
  };
}

describe('instances sharing one service', () => {
  it('three instances pulling 180 pages at once stay within the service’s 30/s: no 429, the budget used', async () => {
    const { outcomes, idleRates, busyRates, elapsed, log } = await threeTabsPulling({ share: true });
    // Idle, a third each (any may turn busy at any moment); busy together, still a third each.
    expect(idleRates).toEqual([10, 10, 10]);
    expect(busyRates[0]).toBe(10);
    expect(outcomes.filter((o) => o !== 'ok')).toEqual([]);
    expect(log.filter((e) => e.status === 429)).toEqual([]);
    expect(log).toHaveLength(180);
    expect(busiestSecond(log)).toBeLessThanOrEqual(30);
    // 180 requests at 30/s: about 6 s of virtual time, not a crawl.
    expect(elapsed).toBeGreaterThanOrEqual(5_000);
    expect(elapsed).toBeLessThan(7_000);
  });

  it('control: without the shared budget the same three instances overrun the service and meet 429s', async () => {
    const { busyRates, log } = await threeTabsPulling({ share: false });
    // Each starts at the whole rate (then the 429s drive its adaptive limiter down).
    expect(busyRates.at(-1)).toBe(30);
    expect(log.filter((e) => e.status === 429).length).toBeGreaterThan(0);
  });
});
