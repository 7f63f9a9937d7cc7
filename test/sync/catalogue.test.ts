import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogue, databaseOf } from '../../src/create-catalogue.js';
import type { SyncStatus } from '../../src/sync/sync-status.js';
import { FAKE_ACCESS_TOKEN } from '../../src/testing/index.js';
import { BASE_URL, type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.catalogue.close();
  fixture = undefined;
});

describe('createCatalogue', () => {
  it('validates its options once, with precise TypeErrors', () => {
    const base = { baseUrl: BASE_URL, accessToken: 'token', indexedDB: { indexedDB: new IDBFactory(), IDBKeyRange } };
    expect(() => createCatalogue({ ...base, baseUrl: '' })).toThrow(/baseUrl/);
    expect(() => createCatalogue({ ...base, accessToken: '' })).toThrow(/accessToken/);
    expect(() => createCatalogue({ ...base, language: 'english' })).toThrow(/language/);
    expect(() => createCatalogue({ ...base, rateLimit: { perSecond: 0 } })).toThrow(/perSecond/);
    expect(() => createCatalogue({ ...base, rateLimit: { concurrency: 1.5 } })).toThrow(/concurrency/);
    expect(() => createCatalogue({ ...base, freshness: { trendingTvv: 1 } as never })).toThrow(/unknown operation/);
  });

  it('loads the configuration once, then builds image URLs from it', async () => {
    fixture = oneCatalogue();
    const { catalogue, service } = fixture;
    expect(() => catalogue.imageUrl('/a.jpg', 'poster', 'w500')).toThrow(/configuration/);
    const configuration = await catalogue.configuration();
    expect(configuration.images.secure_base_url).toBe(`${BASE_URL}/t/p/`);
    await catalogue.configuration();
    expect(service.log.count({ operation: 'configuration' })).toBe(1);
    expect(catalogue.imageUrl('/a.jpg', 'poster', 'w500')).toBe(`${BASE_URL}/t/p/w500/a.jpg`);
    expect(catalogue.srcSet('/a.jpg', 'still')).toContain(`${BASE_URL}/t/p/w92/a.jpg 92w`);
    expect(() => catalogue.imageUrl('/a.jpg', 'poster', 'w1')).toThrow(/size/);
  });

  it('pauses while offline and resumes when the network returns, with a status timeline to match', async () => {
    fixture = oneCatalogue();
    const { catalogue, connectivity, clock } = fixture;
    const states: SyncStatus['state'][] = [];
    catalogue.on('status', (s) => states.push(s.state));
    // Offline once the core is there: its connectivity listener is what turns the change into a status event.
    await catalogue.auth.ready();
    connectivity.setOnline(false);
    const pull = catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    await clock.advance(10_000);
    expect(catalogue.status).toMatchObject({ state: 'paused-offline', pending: 1, online: false });
    expect(await catalogue.read('trendingMovies', { time_window: 'day' })).toBeUndefined();
    connectivity.setOnline(true);
    await clock.runUntil(pull);
    expect(states).toEqual(['paused-offline', 'paused-offline', 'syncing', 'idle']);
    expect(await catalogue.read('trendingMovies', { time_window: 'day' })).toBeDefined();
  });

  it('never puts the bearer token in a URL, an event or the database', async () => {
    fixture = oneCatalogue();
    const { catalogue, urls, service } = fixture;
    const events: unknown[] = [];
    for (const name of ['request', 'response', 'stored', 'error', 'status', 'progress'] as const) {
      catalogue.on(name, (e: unknown) => events.push(e));
    }
    await catalogue.sync.pullList('airingToday', {}, { pages: 2 });
    await catalogue.sync.pull('movieVideos', { movie_id: 999_999_999 }).catch(() => {});
    const token = FAKE_ACCESS_TOKEN;
    expect(service.log.count()).toBeGreaterThanOrEqual(2);
    expect(urls.join('\n')).not.toContain(token);
    expect(JSON.stringify(events)).not.toContain(token);
    const dump: unknown[] = [];
    for (const table of databaseOf(catalogue).tables) dump.push(await table.toArray());
    expect(JSON.stringify(dump)).not.toContain(token);
  });
});
