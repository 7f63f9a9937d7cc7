import { IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/create-api-client.js';
import type { FetchLike } from '../../src/env.js';
import { isTimeoutError } from '../../src/errors/index.js';
import { prepareCall } from '../../src/sync/prepare-call.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { BASE_URL, type CatalogueWorld, catalogueWorld } from '../helpers/catalogue-world.js';
import { record, until } from '../query/view-helpers.js';

/**
 * A cold first visit sends a view's request from the front door itself, as soon as the first answers' database
 * is known to be new (its upgrade), not after its open, an empty read and the early client's chunk: the chunk then
 * takes that response and validates it. What leaves must be exactly what the client would send.
 */

/** What happened, in order: the request, the early client's chunk running, the first answers' database open. */
const events = vi.hoisted(() => [] as string[]);
vi.mock('../../src/first-read/early-client.js', async (original) => {
  events.push('early client chunk');
  return await original();
});

let world: CatalogueWorld | undefined;
afterEach(async () => {
  await world?.closeAll();
  world = undefined;
});

/** The world's IndexedDB, noting when an open of the first answers' database succeeds. */
function notingFirstOpen(factory: IDBFactory): IDBFactory {
  return new Proxy(factory, {
    get(target, key) {
      if (key !== 'open') return Reflect.get(target, key, target);
      return (name: string, version?: number) => {
        const request = target.open(name, version);
        if (name.endsWith(':first')) request.addEventListener('success', () => events.push('first answers open'));
        return request;
      };
    },
  });
}

const noting =
  (fetch: FetchLike): FetchLike =>
  (input, init) => {
    events.push(`request ${new URL(String(input)).pathname}`);
    return fetch(input, init);
  };

describe('a cold first visit: the request leaves from the front door', () => {
  it('during the first answers database’s creation, before its open succeeds and before the early chunk runs', async () => {
    world = catalogueWorld();
    const catalogue = world.open({
      wrapFetch: noting,
      indexedDB: { indexedDB: notingFirstOpen(world.indexedDB), IDBKeyRange },
    });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    const shown = await until(world.clock, view, (s) => s.data !== undefined);
    expect(shown).toMatchObject({ status: 'fresh', error: undefined });
    // The open's success and the chunk's run come after the request, in whichever order the machine makes them.
    await vi.waitFor(() => expect(events).toContain('first answers open'));
    expect(events[0]).toBe('request /3/trending/tv/day');
    expect(events.indexOf('early client chunk')).toBeGreaterThan(0);
    expect(events.indexOf('first answers open')).toBeGreaterThan(0);
    expect(world.service.log.count({ operation: 'trendingTv' })).toBe(1);
    seen.stop();
  });

  it('exactly the request the API client sends: the same URL, method and headers', async () => {
    world = catalogueWorld();
    const catalogue = world.open();
    const view = catalogue.trendingTv({ time_window: 'week', page: 2 });
    const seen = record(view);
    await until(world.clock, view, (s) => s.data !== undefined);
    expect(world.requests).toHaveLength(1);
    const early = world.requests[0] as Request;
    let sent: Request | undefined;
    const client = createApiClient({
      baseUrl: BASE_URL,
      accessToken: FAKE_ACCESS_TOKEN,
      fetch: async (input, init) => {
        sent = new Request(input, init);
        return (world as CatalogueWorld).service.fetch(sent.clone());
      },
    });
    await client.send(
      prepareCall('trendingTv', { time_window: 'week', page: 2 }, { language: 'en-US', user: undefined }).request,
    );
    const expected = sent as Request;
    expect(early.url).toBe(expected.url);
    expect(early.method).toBe(expected.method);
    expect([...early.headers]).toStrictEqual([...expected.headers]);
    seen.stop();
  });

  it('a token read through a function: the early client sends it itself, once, and the view shows it', async () => {
    world = catalogueWorld();
    const catalogue = world.open({ accessToken: () => FAKE_ACCESS_TOKEN });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    const shown = await until(world.clock, view, (s) => s.data !== undefined);
    expect(shown.data?.results.length).toBe(20);
    await world.settle(60_000);
    expect(world.service.log.count({ operation: 'trendingTv' })).toBe(1);
    seen.stop();
  });

  it('the client’s timeout reaches the request the door sent: it is aborted, then sent again through the queue', async () => {
    world = catalogueWorld();
    const signals: (AbortSignal | undefined)[] = [];
    const hangOnce =
      (fetch: FetchLike): FetchLike =>
      (input, init) => {
        signals.push(init?.signal ?? undefined);
        if (signals.length === 1) return new Promise<Response>(() => {});
        return fetch(input, init);
      };
    const catalogue = world.open({ wrapFetch: hangOnce, timeoutMs: 5_000 });
    const view = catalogue.trendingTv({ time_window: 'day' });
    const seen = record(view);
    const shown = await until(world.clock, view, (s) => s.status === 'fresh' && !s.fetching, { maxMs: 120_000 });
    expect(shown.data?.results.length).toBe(20);
    expect(signals[0]?.aborted).toBe(true);
    expect(isTimeoutError(signals[0]?.reason)).toBe(true);
    expect(signals).toHaveLength(2);
    seen.stop();
  });
});
