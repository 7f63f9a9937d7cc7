import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type BackgroundCatalogue,
  installBackgroundRefresh,
  isBudgetExceededError,
  isPageMessage,
  PROTOCOL,
} from '../../src/sw/index.js';
import type { RefreshOptions, RefreshResult } from '../../src/sync/sync-engine.js';
import { createVirtualClock, type VirtualClock } from '../../src/testing/index.js';
import type { CatalogueWorld } from '../helpers/catalogue-world.js';
import { stepUntil } from '../helpers/step-until.js';
import { tabsWorld } from '../helpers/tabs-world.js';
import { FakeWorkerScope } from './fake-worker-scope.js';

/** Resolves once `condition` holds, checking on every macrotask (drive it with `stepUntil`). */
async function until(condition: () => boolean): Promise<void> {
  for (let round = 0; !condition(); round++) {
    if (round > 100_000) throw new Error('until: the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const RESULT: RefreshResult = { updated: 2, unchanged: 1, failed: 0, remaining: 0 };

/** A catalogue whose refresh is recorded and answered by hand. */
function stubCatalogue(answer: (options?: RefreshOptions) => Promise<RefreshResult> = async () => RESULT) {
  const calls: (RefreshOptions | undefined)[] = [];
  const catalogue = {
    sync: {
      refresh: (options?: RefreshOptions) => {
        calls.push(options);
        return answer(options);
      },
    },
  } as unknown as BackgroundCatalogue;
  return { catalogue, calls };
}

function install(clock: VirtualClock, createCatalogue: () => BackgroundCatalogue | Promise<BackgroundCatalogue>) {
  const scope = new FakeWorkerScope();
  const handle = installBackgroundRefresh(scope, { createCatalogue, tag: 'refresh', budgetMs: 5_000, clock });
  return { scope, handle };
}

/** A reply port: what the worker posts to it, in order. */
function port() {
  const received: unknown[] = [];
  return { received, postMessage: (message: unknown) => received.push(message) };
}

describe('installBackgroundRefresh: events', () => {
  it('runs sync.refresh inside waitUntil for its tag, and tells every client when the run is done', async () => {
    const clock = createVirtualClock(1_000);
    const { catalogue, calls } = stubCatalogue();
    const create = vi.fn(() => catalogue);
    const { scope, handle } = install(clock, create);

    expect(scope.dispatch('sync', { tag: 'other-tag' }).claimed).toBe(false);
    const sync = scope.dispatch('sync', { tag: 'refresh' });
    expect(sync.claimed).toBe(true);
    expect(await sync.settled).toEqual({ ok: true });
    const periodic = scope.dispatch('periodicsync', { tag: 'refresh' });
    expect(await periodic.settled).toEqual({ ok: true });

    expect(create).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal).toBeInstanceOf(AbortSignal);
    const runs = scope.broadcasts.map((m) => (m as { run: { trigger: string } }).run.trigger);
    expect(runs).toEqual(['sync', 'periodicsync']);
    expect(scope.broadcasts[0]).toEqual({
      protocol: PROTOCOL,
      type: 'run-finished',
      run: { trigger: 'sync', startedAt: 1_000, finishedAt: 1_000, outcome: 'done', result: RESULT },
    });
    expect(handle.status()).toMatchObject({
      tag: 'refresh',
      running: false,
      runs: 2,
      lastRun: { trigger: 'periodicsync' },
    });
    expect(clock.pendingTimers()).toBe(0);

    handle.uninstall();
    expect(scope.listenerCount()).toBe(0);
  });

  it('answers refresh-now and status on the message port, or to the sending client; ignores other messages', async () => {
    const clock = createVirtualClock(0);
    const { catalogue } = stubCatalogue();
    const { scope } = install(clock, () => catalogue);

    const reply = port();
    await scope.dispatch('message', { data: { protocol: PROTOCOL, type: 'refresh-now', id: 7 }, ports: [reply] })
      .settled;
    expect(reply.received).toEqual([
      {
        protocol: PROTOCOL,
        type: 'refreshed',
        id: 7,
        run: { trigger: 'message', startedAt: 0, finishedAt: 0, outcome: 'done', result: RESULT },
      },
    ]);

    const client = port();
    await scope.dispatch('message', { data: { protocol: PROTOCOL, type: 'status', id: 8 }, ports: [], source: client })
      .settled;
    expect(client.received).toEqual([
      {
        protocol: PROTOCOL,
        type: 'status',
        id: 8,
        status: { tag: 'refresh', running: false, runs: 1, lastRun: expect.objectContaining({ trigger: 'message' }) },
      },
    ]);

    for (const data of [
      'refresh-now',
      { type: 'refresh-now', id: 1 },
      { protocol: PROTOCOL, type: 'refresh-later', id: 1 },
      { protocol: PROTOCOL, type: 'status', id: 'one' },
      { protocol: PROTOCOL, type: 'status', id: 1.5 },
    ]) {
      expect(isPageMessage(data)).toBe(false);
      expect(scope.dispatch('message', { data, ports: [port()] }).claimed).toBe(false);
    }
  });

  it('runs one refresh at a time: events during a run share it', async () => {
    const clock = createVirtualClock(0);
    let finish: (result: RefreshResult) => void = () => {};
    const { catalogue, calls } = stubCatalogue(() => new Promise((resolve) => (finish = resolve)));
    const { scope, handle } = install(clock, () => catalogue);
    const reply = port();
    const sync = scope.dispatch('sync', { tag: 'refresh' });
    const message = scope.dispatch('message', {
      data: { protocol: PROTOCOL, type: 'refresh-now', id: 1 },
      ports: [reply],
    });
    await clock.flush();
    expect(handle.status().running).toBe(true);
    finish(RESULT);
    await Promise.all([sync.settled, message.settled]);
    expect(calls).toHaveLength(1);
    expect(reply.received[0]).toMatchObject({ type: 'refreshed', run: { trigger: 'sync', outcome: 'done' } });
    expect(handle.status()).toMatchObject({ running: false, runs: 1 });
  });

  it('stops at budgetMs: the refresh is aborted, a sync rejects (the browser retries it), a periodic sync does not', async () => {
    const clock = createVirtualClock(0);
    const signals: AbortSignal[] = [];
    const { catalogue } = stubCatalogue((options) => {
      if (options?.signal) signals.push(options.signal);
      return new Promise(() => {});
    });
    const { scope } = install(clock, () => catalogue);
    const sync = scope.dispatch('sync', { tag: 'refresh' });
    await clock.advance(4_999);
    expect(signals[0]?.aborted).toBe(false);
    await clock.advance(1);
    expect(signals[0]?.aborted).toBe(true);
    const settled = await sync.settled;
    expect(settled).toMatchObject({ ok: false, error: { message: 'background sync timed-out' } });
    expect(isBudgetExceededError((scope.broadcasts.at(-1) as { run: { error: unknown } }).run.error)).toBe(true);
    expect(scope.broadcasts.at(-1)).toMatchObject({
      run: {
        trigger: 'sync',
        outcome: 'timed-out',
        startedAt: 0,
        finishedAt: 5_000,
        error: { name: 'BudgetExceededError' },
      },
    });

    const periodic = scope.dispatch('periodicsync', { tag: 'refresh' });
    await clock.advance(5_000);
    expect(await periodic.settled).toEqual({ ok: true });
    expect(scope.broadcasts.at(-1)).toMatchObject({ run: { trigger: 'periodicsync', outcome: 'timed-out' } });
  });

  it('reports a failed creation or refresh as plain data, and creates the catalogue again on the next event', async () => {
    const clock = createVirtualClock(0);
    const { catalogue } = stubCatalogue();
    let attempts = 0;
    const { scope } = install(clock, () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('no IndexedDB here');
      return catalogue;
    });
    const reply = port();
    await scope.dispatch('message', { data: { protocol: PROTOCOL, type: 'refresh-now', id: 1 }, ports: [reply] })
      .settled;
    expect(reply.received[0]).toMatchObject({
      type: 'refreshed',
      run: { outcome: 'failed', error: { name: 'TypeError', message: 'no IndexedDB here' } },
    });
    expect(await scope.dispatch('sync', { tag: 'refresh' }).settled).toEqual({ ok: true });
    expect(await scope.dispatch('sync', { tag: 'refresh' }).settled).toEqual({ ok: true });
    expect(attempts).toBe(2);
  });

  it('validates its options with TypeErrors', () => {
    const scope = new FakeWorkerScope();
    const create = () => stubCatalogue().catalogue;
    expect(() => installBackgroundRefresh(scope, {} as never)).toThrow(/createCatalogue must be a function/);
    expect(() => installBackgroundRefresh(scope, { createCatalogue: create, tag: '' })).toThrow(TypeError);
    expect(() => installBackgroundRefresh(scope, { createCatalogue: create, budgetMs: 0 })).toThrow(/budgetMs/);
    expect(() => installBackgroundRefresh(scope, { createCatalogue: create, budgetMs: Number.NaN })).toThrow(TypeError);
    expect(scope.listenerCount()).toBe(0);
  });
});

let fixture: CatalogueWorld | undefined;
afterEach(async () => {
  await fixture?.closeAll();
  fixture = undefined;
});

describe('the worker and a page on one database', () => {
  it('a sync event makes the worker revalidate what is stale; the page’s live view follows, the page sends nothing', async () => {
    fixture = tabsWorld();
    const f = fixture;
    const page = f.open({ tab: 'page', freshness: { trendingTv: 1 } });
    const { scope } = install(f.clock, () => f.open({ tab: 'worker', freshness: { trendingTv: 1 } }));
    await f.clock.runUntil(page.sync.pull('trendingTv', { time_window: 'day' }));
    const view = page.local.discoverTv({});
    const stop = view.subscribe(() => {});
    const total = () => view.getSnapshot().data?.total_results ?? 0;
    await stepUntil(
      f.clock,
      until(() => total() > 0),
    );
    const before = total();

    f.service.control.reshuffleTrending();
    await f.clock.advance(1_001);
    const mark = f.fetched.length;
    const sync = scope.dispatch('sync', { tag: 'refresh' });
    expect(await stepUntil(f.clock, sync.settled)).toEqual({ ok: true });
    expect(scope.broadcasts.at(-1)).toMatchObject({ run: { outcome: 'done', result: { updated: 1, failed: 0 } } });
    expect(f.fetched.slice(mark).map((r) => r.tab)).toEqual(['worker']);
    // The worker wrote the store; the page's view emitted it (no reload, no request of its own).
    await stepUntil(
      f.clock,
      until(() => total() > before),
    );
    expect(total()).toBeGreaterThan(before);
    const truth = f.service.control.groundTruth('trendingTv', { time_window: 'day', language: 'en-US' }) as {
      results: { id: number }[];
    };
    const stored = await page.read('trendingTv', { time_window: 'day' });
    expect(stored?.results.map((r) => r.id)).toEqual(truth.results.map((r) => r.id));
    stop();
  });

  it('the worker waits for a page’s refresh (one syncer), then finds nothing stale', async () => {
    fixture = tabsWorld();
    const f = fixture;
    const page = f.open({ tab: 'page', freshness: { trendingTv: 1 } });
    const { scope } = install(f.clock, () => f.open({ tab: 'worker', freshness: { trendingTv: 1 } }));
    await f.clock.runUntil(page.sync.pull('trendingTv', { time_window: 'day' }));
    await f.clock.advance(1_001);
    const mark = f.fetched.length;
    const pageRefresh = page.sync.refresh();
    const sync = scope.dispatch('sync', { tag: 'refresh' });
    const [fromPage] = await stepUntil(f.clock, Promise.all([pageRefresh, sync.settled]));
    expect(fromPage).toMatchObject({ unchanged: 1 });
    expect(scope.broadcasts.at(-1)).toMatchObject({
      run: { outcome: 'done', result: { updated: 0, unchanged: 0, failed: 0, remaining: 0 } },
    });
    expect(f.fetched.slice(mark).map((r) => r.tab)).toEqual(['page']);
  });
});
