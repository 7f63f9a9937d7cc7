import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import { defaultOutboxLeaseMs } from '../../src/defaults.js';
import type { FetchLike } from '../../src/env.js';
import { createInProcessLocks } from '../../src/sync/in-process-locks.js';
import { OUTBOX_MAX_BACKOFF_MS } from '../../src/sync/outbox-claims.js';
import { createVirtualClock } from '../../src/testing/index.js';
import { type StoryWorld, storyWorld } from '../helpers/story-world.js';
import { HeldSends } from '../reliability/support/held-sends.js';
import { killableLocks } from '../support/killable-locks.js';

// Wall-clock jumps (a laptop waking, an NTP correction) around claims, sends and backoffs: the virtual clock's
// `jump` moves `now()` while pending timers keep the time they had left, as real timers do.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** The stories' catalogues make 2 attempts of 30 s each: their default lease. */
const LEASE_MS = defaultOutboxLeaseMs(2, 30_000);
/** How often a waiting instance looks again (the outbox's poll). */
const POLL_MS = 1_000;

let story: StoryWorld;
afterEach(async () => {
  await story.closeAll();
});

/** The favorite values of the writes that reached the service, in arrival order, with the tab that sent each. */
function writeRecorder() {
  const writes: { tab: string; favorite: boolean }[] = [];
  const wrap =
    (tab: string): ((fetch: FetchLike) => FetchLike) =>
    (fetch) =>
    async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'GET') {
        const body = (await request.clone().json()) as { favorite?: boolean };
        writes.push({ tab, favorite: body.favorite === true });
      }
      return fetch(request);
    };
  return { writes, wrap };
}

const favorite = (value: boolean) => ({ media_type: 'tv' as const, media_id: story.series, favorite: value });

describe.each([
  { jump: 5 * MINUTE, correct: false },
  { jump: 2 * HOUR, correct: false },
  { jump: 2 * HOUR, correct: true },
  { jump: -5 * MINUTE, correct: false },
  { jump: -2 * HOUR, correct: true },
])('the clock jumps by $jump ms while tab A sends (set right again after: $correct)', ({ jump, correct }) => {
  it("tab B never sends A's row meanwhile; the take-back lands after it: the service keeps what the user meant", async () => {
    story = storyWorld();
    const held = new HeldSends();
    const recorder = writeRecorder();
    const a = await story.open((fetch) => held.wrap(recorder.wrap('a')(fetch)));
    const b = await story.open(recorder.wrap('b'));
    await a.setUser(story.session);
    await b.setUser(story.session);
    await story.world.clock.runUntil(a.sync.pull('tvAccountStates', { series_id: story.series }));
    // A's write leaves A and has not reached the service yet (a slow network): it lands whenever it gets there.
    held.arm(false);
    await a.account.markFavorite(favorite(true));
    await story.until(() => held.caught);
    await story.world.clock.jump(jump);
    await story.world.settle(5 * POLL_MS);
    // The user takes the favorite back in B: a new row behind A's (A's may land).
    expect((await b.account.markFavorite(favorite(false))).outcome).toBe('queued');
    await story.world.settle(5 * POLL_MS);
    if (correct) await story.world.clock.jump(-jump);
    await story.world.settle(5 * POLL_MS);
    // Nothing of B reached the service while A's send was live.
    expect(recorder.writes).toEqual([]);
    held.releaseAll();
    await story.world.clock.runUntil(Promise.all([a.outbox.drain(), b.outbox.drain()]), { maxMs: LEASE_MS });
    expect(recorder.writes).toEqual([
      { tab: 'a', favorite: true },
      { tab: 'b', favorite: false },
    ]);
    expect(story.truth().favorite).toBe(false);
    expect(await databaseOf(b).outbox.count()).toBe(0);
    expect(await b.read('tvAccountStates', { series_id: story.series })).toMatchObject({ favorite: false });
  });
});

describe('a claim made while the clock ran ahead', () => {
  it.each([5 * MINUTE, 2 * HOUR])(
    'its tab dies once the clock is set right (%d ms back): the row is sent within a lease, not when the clock catches up',
    async (ahead) => {
      story = storyWorld();
      const recorder = writeRecorder();
      const held = new HeldSends();
      const locks = createInProcessLocks();
      const aLocks = killableLocks(locks);
      // A claims under a clock `ahead` of the corrected one, and dies mid-send (its clock stops, its locks go; its
      // held request, like a dead tab's, never goes anywhere).
      const aClock = createVirtualClock(story.world.clock.now() + ahead);
      const a = await story.open((fetch) => held.wrap(recorder.wrap('a')(fetch)), { clock: aClock, locks: aLocks });
      const b = await story.open(recorder.wrap('b'), { locks });
      await a.setUser(story.session);
      held.arm(false);
      await a.account.markFavorite(favorite(true));
      await story.until(() => held.caught);
      const [row] = await databaseOf(b).outbox.toArray();
      expect(row?.claim?.leaseUntil).toBeGreaterThan(story.world.clock.now() + ahead);
      aLocks.kill();
      const diedAt = story.world.clock.now();
      await story.world.clock.runUntil(b.outbox.drain(), { maxMs: LEASE_MS + OUTBOX_MAX_BACKOFF_MS });
      expect(story.world.clock.now() - diedAt).toBeLessThanOrEqual(LEASE_MS + OUTBOX_MAX_BACKOFF_MS);
      expect(recorder.writes).toEqual([{ tab: 'b', favorite: true }]);
      expect(story.truth().favorite).toBe(true);
    },
  );
});

describe('a backoff set while the clock ran ahead', () => {
  it.each([5 * MINUTE, 2 * HOUR])(
    'is over once the clock is set right (%d ms back) while its timer is pending: the change goes within the longest backoff',
    async (ahead) => {
      story = storyWorld();
      let failing = true;
      const recorder = writeRecorder();
      const flaky = (fetch: FetchLike): FetchLike => {
        const recorded = recorder.wrap('a')(fetch);
        return async (input, init) => {
          const request = new Request(input, init);
          if (failing && request.method !== 'GET') throw new TypeError('fetch failed');
          return recorded(request);
        };
      };
      const a = await story.open(flaky);
      await a.setUser(story.session);
      await story.world.clock.jump(ahead);
      await a.account.markFavorite(favorite(true));
      // Every attempt of the queue failed: the outcome is unknown, the row backs off from the clock ahead.
      await story.until(async () => {
        const [row] = await databaseOf(a).outbox.toArray();
        return row?.state === 'pending' && row.notBefore !== undefined;
      });
      failing = false;
      await story.world.clock.jump(-ahead);
      const setRightAt = story.world.clock.now();
      // No `refresh()`, no new change: the drain's own timers find the backoff over.
      await story.world.clock.runUntil(a.outbox.drain(), { maxMs: OUTBOX_MAX_BACKOFF_MS + POLL_MS });
      expect(story.world.clock.now() - setRightAt).toBeLessThanOrEqual(OUTBOX_MAX_BACKOFF_MS + POLL_MS);
      expect(recorder.writes).toEqual([{ tab: 'a', favorite: true }]);
      expect(story.truth().favorite).toBe(true);
    },
  );

  it.each([5 * MINUTE, 2 * HOUR])(
    'a forward jump of %d ms during a backoff sends the change once, not twice',
    async (ahead) => {
      story = storyWorld();
      let failing = true;
      const recorder = writeRecorder();
      const flaky = (fetch: FetchLike): FetchLike => {
        const recorded = recorder.wrap('a')(fetch);
        return async (input, init) => {
          const request = new Request(input, init);
          if (failing && request.method !== 'GET') throw new TypeError('fetch failed');
          return recorded(request);
        };
      };
      const a = await story.open(flaky);
      const b = await story.open(recorder.wrap('b'));
      await a.setUser(story.session);
      await b.setUser(story.session);
      await a.account.markFavorite(favorite(true));
      await story.until(async () => (await databaseOf(a).outbox.toArray())[0]?.notBefore !== undefined);
      failing = false;
      await story.world.clock.jump(ahead);
      await story.world.clock.runUntil(Promise.all([a.outbox.drain(), b.outbox.drain()]), { maxMs: POLL_MS * 5 });
      expect(recorder.writes).toHaveLength(1);
      expect(story.truth().favorite).toBe(true);
    },
  );
});
