import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, until } from '../query/view-helpers.js';

/**
 * One request through the catalogue (`sync.pull` → engine → queue → client → the fake service) is validated once
 * and keyed once: the params schema's `check`, `storeRequestKey` and the transport `requestKey` are counted
 * through the real functions. The transport key is `requestKey` called from anywhere but inside the store's own key
 * functions (`storeRequestKey`, `listKeyOf`), which build their keys with it.
 */
const keys = vi.hoisted(() => ({
  store: [] as unknown[][],
  list: [] as unknown[][],
  transport: [] as unknown[][],
  /** Inside a store key function: its `requestKey` call is that key's, not a transport key. */
  depth: 0,
}));

vi.mock('../../src/store/store-keys.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/store/store-keys.js')>();
  const counted =
    <A extends unknown[]>(calls: unknown[][], key: (...args: A) => string) =>
    (...args: A): string => {
      calls.push(args);
      keys.depth += 1;
      try {
        return key(...args);
      } finally {
        keys.depth -= 1;
      }
    };
  return {
    ...real,
    storeRequestKey: counted(keys.store, real.storeRequestKey),
    listKeyOf: counted(keys.list, real.listKeyOf),
  };
});

vi.mock('../../src/api/build-request.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/api/build-request.js')>();
  return {
    ...real,
    requestKey: (...args: Parameters<typeof real.requestKey>) => {
      if (keys.depth === 0) keys.transport.push(args);
      return real.requestKey(...args);
    },
  };
});

const open = closedAfterEach();

function resetCounts(): void {
  keys.store.length = 0;
  keys.list.length = 0;
  keys.transport.length = 0;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('one parse and one key computation per request', () => {
  it('a pull parses its params once, computes its store key once and its transport key once', async () => {
    const { catalogue, urls } = open();
    const parse = vi.spyOn(endpoints.trendingTv.params, 'check');
    resetCounts();

    const result = await catalogue.sync.pull('trendingTv', { time_window: 'day' });

    expect(result.outcome).toBe('stored');
    expect(urls).toHaveLength(1);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(keys.store).toEqual([['trendingTv', { time_window: 'day', language: 'en-US' }, undefined]]);
    expect(keys.transport).toEqual([['trendingTv', { time_window: 'day', language: 'en-US' }]]);
    // The list key is another key (the list across its pages), computed once with the others (the prepared call).
    expect(keys.list).toEqual([['trendingTv', { time_window: 'day', language: 'en-US' }]]);
    expect(result.requestKey).toBe('trendingTv?language=en-US&page=1&time_window=day');
  });

  it('two concurrent pulls of one key send one HTTP request: one single-flight, in the engine', async () => {
    const { catalogue, urls } = open();
    const deduped: unknown[] = [];
    catalogue.on('deduped', (event) => deduped.push(event));
    const parse = vi.spyOn(endpoints.trendingTv.params, 'check');
    resetCounts();

    const [first, second] = await Promise.all([
      catalogue.sync.pull('trendingTv', { time_window: 'day' }),
      catalogue.sync.pull('trendingTv', { time_window: 'day' }),
    ]);

    expect(urls).toEqual(['http://127.0.0.1:8787/3/trending/tv/day?language=en-US']);
    expect(second).toBe(first);
    // Each call is validated and keyed (once each); the second joins the first's pull before the queue.
    expect(parse).toHaveBeenCalledTimes(2);
    expect(keys.store).toHaveLength(2);
    expect(keys.transport).toHaveLength(2);
    expect(catalogue.queueStats).toMatchObject({ sent: 1, deduped: 0 });
    expect(deduped).toEqual([]);
  });
});

const PARAMS = { time_window: 'week' } as const;
const SENT = { time_window: 'week', language: 'en-US' };
/** A catalogue through the door users get: the main entry's `createCatalogue`, its core arriving by import. */
function openMain() {
  const world = open({ dbName: 'one-parse-main-entry' });
  resetCounts();
  return world;
}

describe('one parse and one key computation per view, through the main entry', () => {
  it("one view's trip (made before the core arrives, read, fetched, stored, shown) parses once and keys once", async () => {
    const { catalogue, clock, urls } = openMain();
    const parse = vi.spyOn(endpoints.trendingTv.params, 'check');
    const view = catalogue.trendingTv(PARAMS);
    for (let i = 0; i < 5; i++) view.getSnapshot();
    const recorder = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    for (let i = 0; i < 5; i++) view.getSnapshot();
    recorder.stop();
    // Closing waits for the answer shown to be kept as the next page load's first answer: part of the trip.
    await catalogue.close();
    expect(urls).toHaveLength(1);
    expect(parse).toHaveBeenCalledTimes(1);
    expect(keys.store).toEqual([['trendingTv', SENT, undefined]]);
    expect(keys.transport).toEqual([['trendingTv', SENT]]);
    // Read live (before and after the write) and written: every step takes the key from the prepared call.
    expect(keys.list).toEqual([['trendingTv', SENT]]);
  });

  it('a view made after the core arrived is keyed once too, and its handle is the one made before', async () => {
    const { catalogue, clock } = openMain();
    const before = catalogue.trendingTv(PARAMS);
    await catalogue.auth.ready();
    expect(catalogue.trendingTv(PARAMS)).toBe(before);
    const parse = vi.spyOn(endpoints.trendingTv.params, 'check');
    resetCounts();
    const view = catalogue.trendingTv({ time_window: 'day' });
    const recorder = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    recorder.stop();
    await catalogue.close();
    expect(parse).toHaveBeenCalledTimes(1);
    expect(keys.store).toHaveLength(1);
    expect(keys.transport).toHaveLength(1);
    expect(keys.list).toHaveLength(1);
  });

  it('a pages view prepares page 1 once per handle, however often getSnapshot() is called', async () => {
    const { catalogue, clock } = openMain();
    const parse = vi.spyOn(endpoints.trendingTv.params, 'check');
    const pages = catalogue.pages('trendingTv', PARAMS);
    // React calls getSnapshot on every render, before it subscribes and while subscribed.
    for (let i = 0; i < 20; i++) pages.getSnapshot();
    const recorder = record(pages);
    await until(clock, pages, (s) => s.status === 'fresh' && !s.fetching);
    for (let i = 0; i < 20; i++) pages.getSnapshot();
    recorder.stop();
    for (let i = 0; i < 20; i++) pages.getSnapshot();
    expect(parse).toHaveBeenCalledTimes(1);
    expect(keys.store).toEqual([['trendingTv', { ...SENT, page: 1 }, undefined]]);
    expect(keys.list).toHaveLength(1);
    // The same list asked for again is the same handle (found by its key, so that call is validated again).
    expect(catalogue.pages('trendingTv', PARAMS)).toBe(pages);
  });
});
