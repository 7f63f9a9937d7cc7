import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { until } from '../query/view-helpers.js';

// Counts the request queues built, through the real factory.
const built = vi.hoisted(() => ({ queues: 0 }));
vi.mock('../../src/queue/create-request-queue.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/queue/create-request-queue.js')>();
  return {
    ...real,
    createRequestQueue: (...args: Parameters<typeof real.createRequestQueue>) => {
      built.queues += 1;
      return real.createRequestQueue(...args);
    },
  };
});

const open = closedAfterEach();

describe('a catalogue builds one request queue, at creation', () => {
  it('a start that shows what is stored sends nothing; every fetch after goes through that one queue', async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const writer = open({ catalogue: { indexedDB } });
    await writer.catalogue.sync.pull('trendingTv', { time_window: 'week' });
    await writer.catalogue.close();

    built.queues = 0;
    // The eager door: this counts the queues built at creation, which only a core there at once has.
    const { catalogue, clock, connectivity } = open({ catalogue: { indexedDB }, door: 'eager' });
    expect(built.queues).toBe(1);
    const requests: string[] = [];
    catalogue.on('request', (event) => requests.push(event.operation));
    connectivity.setOnline(false);
    const view = catalogue.trendingTv({ time_window: 'week' });
    const stop = view.subscribe(() => {});
    await until(clock, view, (s) => s.data !== undefined && s.status === 'fresh');
    await catalogue.onIdle();
    expect(requests).toEqual([]);
    expect(catalogue.queueStats).toMatchObject({ state: 'offline', sent: 0, queued: 0, inFlight: 0 });

    connectivity.setOnline(true);
    await catalogue.sync.pull('trendingTv', { time_window: 'day' });
    await catalogue.sync.pull('airingToday', {});
    expect(requests).toEqual(['trendingTv', 'airingToday']);
    expect(built.queues).toBe(1);
    expect(catalogue.queueStats).toMatchObject({ sent: 2, inFlight: 0 });
    stop();
  });
});
