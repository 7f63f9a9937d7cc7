import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import { readRef, touchRead } from '../../src/store/index.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { countWrites } from '../store/store-fixtures.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.catalogue.close();
  fixture = undefined;
});

const HOUR = 3_600_000;

describe('freshness and revalidation', () => {
  it('goes missing → fresh → stale in virtual time, using the registry default without Cache-Control', async () => {
    fixture = oneCatalogue({ catalogue: { freshness: { trendingTv: 3600 } } });
    const { catalogue, clock } = fixture;
    const call = ['trendingTv', { time_window: 'day' }] as const;
    expect(await catalogue.sync.freshness(...call)).toBe('missing');
    await catalogue.sync.pull(...call);
    expect(await catalogue.sync.freshness(...call)).toBe('fresh');
    await clock.advance(HOUR - 1);
    expect(await catalogue.sync.freshness(...call)).toBe('fresh');
    await clock.advance(1);
    expect(await catalogue.sync.freshness(...call)).toBe('stale');
  });

  it('serves stale data while it revalidates in the background, then serves the new data', async () => {
    fixture = oneCatalogue({ catalogue: { freshness: { trendingTv: 60 } } });
    const { catalogue, clock, service, urls } = fixture;
    const call = ['trendingTv', { time_window: 'day' }] as const;
    const first = await catalogue.sync.ensureFresh(...call);
    expect(first.freshness).toBe('missing');
    await first.pending;
    const before = await catalogue.read(...call);
    expect(before?.results.length).toBeGreaterThan(0);

    service.control.reshuffleTrending();
    await clock.advance(61_000);
    // A slow service: the revalidation is in flight while the stale data is read.
    service.control.setFaults({ latencyMs: 5_000 });
    const second = await catalogue.sync.ensureFresh(...call);
    expect(second.freshness).toBe('stale');
    expect(second.pending).toBeDefined();
    expect(await catalogue.read(...call)).toEqual(before);
    expect(catalogue.status.state).toBe('syncing');

    await clock.runUntil(second.pending as Promise<unknown>);
    const after = await catalogue.read(...call);
    expect(after?.results.map((r) => r.id)).not.toEqual(before?.results.map((r) => r.id));
    expect(await catalogue.sync.freshness(...call)).toBe('fresh');
    expect(catalogue.status.state).toBe('idle');
    expect(urls).toHaveLength(2);

    const third = await catalogue.sync.ensureFresh(...call);
    expect(third).toEqual({ freshness: 'fresh', pending: undefined });
    expect(urls).toHaveLength(2);
  });

  it('revalidates with If-None-Match: a 304 renews freshness and writes no record and no list page', async () => {
    // The eager door: the write counter is store middleware, which goes in before the core's database opens.
    fixture = oneCatalogue({ catalogue: { freshness: { popularPeople: 60 } }, door: 'eager' });
    const { catalogue, clock, service } = fixture;
    const writes = countWrites(databaseOf(catalogue));
    const events: string[] = [];
    catalogue.on('stored', (e) => events.push(`${e.operation}:${e.outcome}`));
    await catalogue.sync.pull('popularPeople', {});
    expect(writes.rows).toMatchObject({ people: 20, listPages: 1, syncMeta: 1 });
    writes.reset();
    service.log.reset();

    await clock.advance(61_000);
    expect(await catalogue.sync.freshness('popularPeople', {})).toBe('stale');
    const result = await catalogue.sync.pull('popularPeople', {});
    expect(result).toMatchObject({ outcome: 'not-modified', reason: 'status-304' });
    expect(service.log.count({ status: 304 })).toBe(1);
    expect(writes.rows).toEqual({ syncMeta: 1 });
    expect(await catalogue.sync.freshness('popularPeople', {})).toBe('fresh');

    expect(events).toEqual(['popularPeople:stored', 'popularPeople:not-modified']);
  });

  it('without 304s (the real service may never send one) an equal ETag still writes no record', async () => {
    fixture = oneCatalogue({
      service: { conditionalRequests: false },
      catalogue: { freshness: { popularPeople: 60 } },
    });
    const { catalogue, clock, service } = fixture;
    await catalogue.sync.pull('popularPeople', {});
    const tablesWritten: string[] = [];
    for (const table of databaseOf(catalogue).tables) {
      table.hook('creating', () => {
        tablesWritten.push(table.name);
      });
      table.hook('updating', () => {
        tablesWritten.push(table.name);
      });
    }
    await clock.advance(61_000);
    const result = await catalogue.sync.pull('popularPeople', {});
    expect(result).toMatchObject({ outcome: 'not-modified', reason: 'same-etag' });
    expect(service.log.count({ status: 200 })).toBe(2);
    expect(tablesWritten).toEqual(['syncMeta']);
  });

  it('quarantines a response that fails validation, keeps the data it had, and reports it', async () => {
    fixture = oneCatalogue();
    const { catalogue, service } = fixture;
    const call = ['airingToday', {}] as const;
    await catalogue.sync.pull(...call);
    const before = await catalogue.read(...call);
    const quarantined: unknown[] = [];
    catalogue.on('quarantined', (e) => quarantined.push(e));

    service.control.setFaults({ schemaViolationRate: 1 });
    await expect(catalogue.sync.pull(...call, { force: true })).rejects.toMatchObject({
      name: 'SchemaValidationError',
    });
    expect(await catalogue.read(...call)).toEqual(before);
    const rows = await databaseOf(catalogue).quarantine.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operation: 'airingToday', requestKey: 'airingToday?language=en-US&page=1' });
    expect(rows[0]?.issues.length).toBeGreaterThan(0);
    expect(quarantined).toHaveLength(1);
    expect(catalogue.status).toMatchObject({ state: 'error', quarantined: 1, failed: 1 });
    expect(catalogue.status.lastError?.name).toBe('SchemaValidationError');

    service.control.setFaults(undefined);
    await catalogue.sync.pull(...call, { force: true });
    expect(catalogue.status.state).toBe('idle');
  });

  it('records a failed pull on the key without touching the data, and does not retry a 404', async () => {
    fixture = oneCatalogue();
    const { catalogue, urls } = fixture;
    const errors: unknown[] = [];
    catalogue.on('error', (e) => errors.push(e));
    await expect(catalogue.sync.pull('movieVideos', { movie_id: 999_999_999 })).rejects.toMatchObject({
      name: 'ServiceError',
      status: 404,
      statusCode: 34,
    });
    expect(urls).toHaveLength(1);
    expect(errors).toEqual([
      expect.objectContaining({
        operation: 'movieVideos',
        error: expect.objectContaining({ name: 'ServiceError', status: 404, statusCode: 34 }),
      }),
    ]);
    expect(await catalogue.sync.freshness('movieVideos', { movie_id: 999_999_999 })).toBe('missing');
    const meta = await databaseOf(catalogue).syncMeta.toArray();
    expect(meta[0]?.lastError?.name).toBe('ServiceError');
  });
});

describe('sync.refresh', () => {
  it('revalidates what is stale, most recently read first, within the budget, and only the current user', async () => {
    fixture = oneCatalogue({ catalogue: { freshness: { trendingTv: 60, trendingMovies: 60, popularPeople: 60 } } });
    const { catalogue, clock, service } = fixture;
    const session = service.control.createSession();
    await catalogue.setUser(session);
    await catalogue.sync.pull('trendingTv', { time_window: 'day' });
    await catalogue.sync.pull('trendingMovies', { time_window: 'day' });
    await catalogue.sync.pull('popularPeople', {});
    await catalogue.sync.pull('configuration', {}); // fresh for a day: never revalidated here
    await clock.advance(61_000);
    // Reading marks the key: popular people were looked at most recently, then trending movies.
    const marks = (requestKey: string) => [readRef('syncMeta', requestKey)];
    await touchRead(databaseOf(catalogue), marks('trendingMovies?language=en-US&page=1&time_window=day'), clock.now());
    await clock.advance(1);
    await touchRead(databaseOf(catalogue), marks('popularPeople?language=en-US&page=1'), clock.now());
    service.log.reset();

    const first = await catalogue.sync.refresh({ budget: 2 });
    expect(first).toEqual({ updated: 0, unchanged: 2, failed: 0, remaining: 1 });
    expect(service.log.entries().map((e) => e.operation)).toEqual(['popularPeople', 'trendingMovies']);

    const second = await catalogue.sync.refresh({ budget: 10 });
    expect(second).toEqual({ updated: 0, unchanged: 1, failed: 0, remaining: 0 });
    expect(service.log.entries().map((e) => e.operation)).toEqual(['popularPeople', 'trendingMovies', 'trendingTv']);
    expect(await catalogue.sync.refresh()).toEqual({ updated: 0, unchanged: 0, failed: 0, remaining: 0 });
  });

  it("leaves another user's stale entries alone: they need that user's credentials", async () => {
    fixture = oneCatalogue({ catalogue: { freshness: { tvAccountStates: 60 } } });
    const { catalogue, clock, service } = fixture;
    const alice = service.control.createSession();
    const bob = service.control.createSession();
    await catalogue.setUser(alice);
    const seriesId = (
      service.control.groundTruth('trendingTv', { time_window: 'day' }) as { results: { id: number }[] }
    ).results[0]?.id as number;
    await catalogue.sync.pull('tvAccountStates', { series_id: seriesId });
    await catalogue.setUser(bob);
    await clock.advance(61_000);
    service.log.reset();
    expect(await catalogue.sync.refresh()).toMatchObject({ updated: 0, unchanged: 0, remaining: 0 });
    expect(service.log.count()).toBe(0);
    await catalogue.setUser(alice);
    expect(await catalogue.sync.refresh()).toMatchObject({ unchanged: 1, remaining: 0 });
  });
});
