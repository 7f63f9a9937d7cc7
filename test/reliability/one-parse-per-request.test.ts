import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { closedAfterEach } from '../sync/catalogue-fixture.js';

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
    // The list key is another key (the list across its pages), computed once by the store's write.
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
