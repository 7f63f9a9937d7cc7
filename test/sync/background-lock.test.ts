import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_PROTOCOL_SUFFIX } from '../../src/catalogue-options.js';
import { backgroundLockName, createBackgroundLock, type LockManagerLike } from '../../src/sync/background-lock.js';
import { createInProcessLocks } from '../../src/sync/in-process-locks.js';
import type { CatalogueWorld } from '../helpers/catalogue-world.js';
import { gatedFetch } from '../helpers/gated-fetch.js';
import { tabsWorld } from '../helpers/tabs-world.js';

let fixture: CatalogueWorld | undefined;
afterEach(async () => {
  await fixture?.closeAll();
  fixture = undefined;
});

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Moves virtual time in small steps (the queue paces starts) until `condition` holds; fails if it never does. */
async function until(f: CatalogueWorld, condition: () => boolean): Promise<void> {
  for (let round = 0; round < 200 && !condition(); round++) await f.clock.advance(10);
  expect(condition()).toBe(true);
}

describe('the in-process lock manager (the fallback where Web Locks are missing)', () => {
  it('is exclusive per name and hands the lock to waiters in arrival order', async () => {
    const locks = createInProcessLocks();
    const timeline: string[] = [];
    const hold = (who: string, name = 'a') =>
      locks.request(name, {}, async () => {
        timeline.push(`${who}+`);
        await settle();
        timeline.push(`${who}-`);
        return who;
      });
    const results = await Promise.all([hold('1'), hold('2'), hold('3'), hold('other', 'b')]);
    expect(results).toEqual(['1', '2', '3', 'other']);
    // `b` is another lock: it ran alongside `1`; `a`'s holders never overlapped.
    expect(timeline.filter((t) => !t.startsWith('other'))).toEqual(['1+', '1-', '2+', '2-', '3+', '3-']);
    expect(timeline.indexOf('other+')).toBeLessThan(timeline.indexOf('1-'));
  });

  it('gives `null` to an ifAvailable request while held, and the lock to it once free', async () => {
    const locks = createInProcessLocks();
    let release: () => void = () => {};
    const held = locks.request('a', {}, () => new Promise<void>((resolve) => (release = resolve)));
    expect(await locks.request('a', { ifAvailable: true }, (lock) => lock)).toBeNull();
    release();
    await held;
    expect(await locks.request('a', { ifAvailable: true }, (lock) => lock)).toMatchObject({ name: 'a' });
  });

  it('releases the lock when the holder throws, and an aborted waiter leaves the queue without running', async () => {
    const locks = createInProcessLocks();
    let release: () => void = () => {};
    const failing = locks.request('a', {}, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      throw new Error('boom');
    });
    const controller = new AbortController();
    let abortedRan = false;
    const aborted = locks.request('a', { signal: controller.signal }, () => {
      abortedRan = true;
    });
    const next = locks.request('a', {}, () => 'next');
    controller.abort(new Error('changed my mind'));
    await expect(aborted).rejects.toThrow('changed my mind');
    release();
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toBe('next');
    expect(abortedRan).toBe(false);
    await expect(locks.request('a', { signal: AbortSignal.abort(new Error('late')) }, () => 1)).resolves.toBe(1);
  });
});

describe('BackgroundLock', () => {
  it('waits by default and reports a skip with `whenBusy: skip`', async () => {
    const lock = createBackgroundLock(backgroundLockName('db'), createInProcessLocks());
    expect(lock.name).toBe('catalogue-sync:background:db');
    let release: () => void = () => {};
    const first = lock.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    expect(await lock.run(async () => 'skipper', { whenBusy: 'skip' })).toEqual({ ran: false });
    const waiter = lock.run(async () => 'waiter');
    release();
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(await waiter).toEqual({ ran: true, value: 'waiter' });
  });
});

const CALLS = [
  ['trendingTv', { time_window: 'day' }],
  ['trendingTv', { time_window: 'week' }],
  ['popularPeople', {}],
] as const;
// A minute: long against a refresh, so a far timer jumped to by `runUntil` never makes entries stale twice.
const SHORT = { trendingTv: 60, popularPeople: 60 };

/** Three stored calls, then stale; returns the fixture's fetch log length at that point. */
async function storeThenStale(f: CatalogueWorld, tab: ReturnType<CatalogueWorld['open']>): Promise<number> {
  for (const [operation, params] of CALLS) await tab.sync.pull(operation, params as never);
  await f.clock.advance(60_001);
  return f.fetched.length;
}

describe('sync.refresh() under the background lock', () => {
  it('two instances refreshing at once send one set of requests: the second waits, then finds nothing stale', async () => {
    fixture = tabsWorld();
    const f = fixture;
    const a = f.open({ tab: 'a', freshness: SHORT });
    const b = f.open({ tab: 'b', freshness: SHORT });
    const mark = await storeThenStale(f, a);
    const [ra, rb] = await f.clock.runUntil(Promise.all([a.sync.refresh(), b.sync.refresh()]));
    const sent = f.fetched.slice(mark);
    expect(sent.map((s) => new URL(s.url).pathname).sort()).toEqual([
      '/3/person/popular',
      '/3/trending/tv/day',
      '/3/trending/tv/week',
    ]);
    expect(new Set(sent.map((s) => s.tab))).toEqual(new Set(['a']));
    expect(ra).toMatchObject({ unchanged: 3, failed: 0, remaining: 0 });
    expect(rb).toEqual({ updated: 0, unchanged: 0, failed: 0, remaining: 0 });
  });

  it('control: instances on their own lock managers both revalidate, so every request goes twice', async () => {
    fixture = tabsWorld();
    const f = fixture;
    const a = f.open({ tab: 'a', freshness: SHORT, locks: createInProcessLocks() });
    const b = f.open({ tab: 'b', freshness: SHORT, locks: createInProcessLocks() });
    const mark = await storeThenStale(f, a);
    await f.clock.runUntil(Promise.all([a.sync.refresh(), b.sync.refresh()]));
    expect(f.fetched.slice(mark)).toHaveLength(6);
  });

  it('never gates interactive requests: a pull goes out while another instance holds the lock', async () => {
    fixture = tabsWorld();
    const f = fixture;
    const gate = gatedFetch();
    // No timeout while held: virtual time moves on for B's pull, and a timed-out request would be retried.
    const holder = f.open({ tab: 'holder', freshness: SHORT, wrapFetch: gate.wrap, timeoutMs: 3_600_000 });
    const b = f.open({ tab: 'b', freshness: SHORT });
    const mark = await storeThenStale(f, b);
    let holderDone = false;
    const holding = holder.sync.refresh().then(() => (holderDone = true));
    await until(f, () => gate.waiting === 3);

    // B's pull is interactive: it goes out at once. B's refresh is background work: it waits for the lock.
    let pulled: string | undefined;
    void b.sync.pull('trendingMovies', { time_window: 'day' }).then((r) => (pulled = r.outcome));
    // Small steps: `runUntil` would jump to the held requests' far timeouts.
    await until(f, () => pulled !== undefined);
    expect(pulled).toBe('stored');
    let bDone = false;
    const bRefresh = b.sync.refresh().then(() => (bDone = true));
    await f.clock.flush();
    expect([holderDone, bDone]).toEqual([false, false]);

    gate.release();
    await f.clock.runUntil(Promise.all([holding, bRefresh]));
    const tabs = f.fetched.slice(mark).map((s) => `${s.tab} ${new URL(s.url).pathname}`);
    expect(tabs.sort()).toEqual([
      'b /3/trending/movie/day',
      'holder /3/person/popular',
      'holder /3/trending/tv/day',
      'holder /3/trending/tv/week',
    ]);
  });

  it('frees the lock when a refresh throws', async () => {
    fixture = tabsWorld();
    const f = fixture;
    const a = f.open({ tab: 'a', freshness: SHORT });
    const b = f.open({ tab: 'b', freshness: SHORT });
    const mark = await storeThenStale(f, a);
    await expect(a.sync.refresh({ budget: -1 })).rejects.toThrow(TypeError);
    const result = await f.clock.runUntil(b.sync.refresh());
    expect(result.unchanged).toBe(3);
    expect(f.fetched.length - mark).toBe(3);
  });

  it('takes the lock named after the database from an injected lock manager, for refresh and change feeds only', async () => {
    fixture = tabsWorld();
    const f = fixture;
    const requested: string[] = [];
    const inner = createInProcessLocks();
    const locks: LockManagerLike = {
      request: (name, options, callback) => {
        requested.push(name);
        return inner.request(name, options, callback);
      },
    };
    // The database, and so the lock, carries the language (another language is another database).
    const a = f.open({ tab: 'a', locks, dbName: 'shows', language: 'fr-FR' });
    await f.clock.runUntil(a.sync.pull('trendingTv', { time_window: 'day' }));
    await f.clock.runUntil(a.sync.ensureFresh('popularPeople', {}).then((r) => r.pending));
    // No lock yet: reads take none, and the outbox (which holds one for a sender's life) is not loaded with no change.
    expect(requested).toEqual([]);
    await f.clock.runUntil(a.sync.refresh());
    await f.clock.runUntil(a.sync.refreshChanges());
    const lock = `catalogue-sync:background:shows-fr-FR${DATABASE_PROTOCOL_SUFFIX}`;
    expect(requested).toEqual([lock, lock]);
    requested.length = 0;
    // The first change loads the outbox, which takes the instance's own life lock (it tells live senders by it).
    await f.clock.runUntil(a.setUser({ account_id: 7, session_id: 'session-7' }));
    await f.clock.runUntil(a.account.markFavorite({ media_type: 'tv', media_id: 1399, favorite: true }));
    expect(requested).toContainEqual(expect.stringMatching(/^catalogue-sync:outbox-sender:shows-fr-FR~2:i-[0-9a-z]+$/));
  });

  it('instances on different IndexedDB factories do not share the fallback lock', async () => {
    fixture = tabsWorld();
    const other = tabsWorld();
    try {
      const gate = gatedFetch();
      const holder = fixture.open({ tab: 'holder', freshness: SHORT, wrapFetch: gate.wrap });
      await storeThenStale(fixture, fixture.open({ tab: 'writer', freshness: SHORT }));
      const holding = holder.sync.refresh();
      await until(fixture, () => gate.waiting === 3);
      // Same database name, another factory: another database, so B's refresh does not wait for the holder's.
      const b = other.open({ tab: 'b', freshness: SHORT });
      await storeThenStale(other, b);
      const result = await other.clock.runUntil(b.sync.refresh());
      expect(result.unchanged).toBe(3);
      gate.release();
      await fixture.clock.runUntil(holding);
    } finally {
      await other.closeAll();
    }
  });
});

describe('coordination options', () => {
  it('refuses a lock manager without request() and a channel factory that is not a function', () => {
    const f = tabsWorld();
    expect(() => f.open({ tab: 'x', locks: {} as never })).toThrow(/locks must have a request/);
    expect(() => f.open({ tab: 'y', broadcastChannel: 'budget' as never })).toThrow(/broadcastChannel must be false/);
  });
});
