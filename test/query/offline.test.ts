import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { closedAfterEach } from '../helpers/closed-after-each.js';
import { record, settle, until } from './view-helpers.js';

const open = closedAfterEach();

const HOUR = 3_600_000;

describe('views offline', () => {
  it('render stored data at once with its status and no error, then revalidate when the network returns', async () => {
    const indexedDB = { indexedDB: new IDBFactory(), IDBKeyRange };
    const first = open({ catalogue: { indexedDB } });
    await first.catalogue.sync.pull('trendingTv', { time_window: 'week' });
    await first.catalogue.sync.pull('airingToday', {});
    await first.catalogue.close();

    // A new instance on the same database (a reload), offline, two hours later.
    const { catalogue, clock, connectivity, service } = open({ catalogue: { indexedDB } });
    connectivity.setOnline(false);
    await clock.advance(2 * HOUR);
    const stale = catalogue.trendingTv({ time_window: 'week' });
    const missing = catalogue.trendingMovies({ time_window: 'week' });
    const recs = [record(stale), record(missing)];
    const shown = await until(clock, stale, (s) => s.status !== 'loading');
    expect(shown).toMatchObject({ status: 'stale', error: undefined, fetching: true });
    expect(shown.data?.results).toHaveLength(20);
    expect(await until(clock, missing, (s) => s.status !== 'loading')).toMatchObject({
      status: 'missing',
      data: undefined,
      error: undefined,
      fetching: true,
    });
    // Waiting offline is a pause, not a failure: still no error a minute on, and nothing reached the service.
    await clock.advance(60_000);
    await settle(clock);
    expect(stale.getSnapshot()).toMatchObject({ status: 'stale', error: undefined });
    expect(missing.getSnapshot()).toMatchObject({ status: 'missing', error: undefined });
    expect(service.log.count()).toBe(0);

    connectivity.setOnline(true);
    expect(await until(clock, stale, (s) => s.status === 'fresh' && !s.fetching)).toMatchObject({ error: undefined });
    expect(await until(clock, missing, (s) => s.status === 'fresh' && !s.fetching)).toMatchObject({ error: undefined });
    for (const r of recs) r.stop();
  });

  it('unsubscribing the last listener cancels its queued fetch once the grace ends: the request never reaches the service', async () => {
    const { catalogue, clock, connectivity, service } = open();
    connectivity.setOnline(false);
    const view = catalogue.seasonImages({ series_id: service.control.allSeries()[1]?.id as number, season_number: 1 });
    const rec = record(view);
    await until(clock, view, (s) => s.status === 'missing' && s.fetching);
    rec.stop();
    // Within the grace (`VIEW_GRACE_MS`, 5 s) the key waits for a view to come back; after it, nobody wants the fetch.
    await clock.advance(6_000);
    connectivity.setOnline(true);
    await clock.advance(10_000);
    await settle(clock);
    expect(service.log.count({ operation: 'seasonImages' })).toBe(0);
    expect(catalogue.queueStats).toMatchObject({ queued: 0 });
  });

  it('a queued fetch another view of the same key still wants is not cancelled', async () => {
    const { catalogue, clock, connectivity, service } = open();
    connectivity.setOnline(false);
    const a = catalogue.popularPeople({ page: 2 });
    const b = catalogue.popularPeople({ page: 2 });
    const ra = record(a);
    const rb = record(b);
    await until(clock, a, (s) => s.status === 'missing' && s.fetching);
    ra.stop();
    connectivity.setOnline(true);
    await until(clock, b, (s) => s.status === 'fresh' && !s.fetching);
    expect(service.log.count({ operation: 'popularPeople' })).toBe(1);
    rb.stop();
  });

  it('a failure that waiting will not fix shows as the error, with the status it has', async () => {
    const { catalogue, clock } = open();
    const view = catalogue.movieVideos({ movie_id: 999_999_999 });
    const rec = record(view);
    const failed = await until(clock, view, (s) => s.error !== undefined && !s.fetching && s.status !== 'loading');
    expect(failed.status).toBe('missing');
    expect((failed.error as { name: string }).name).toBe('ServiceError');
    rec.stop();
  });
});
