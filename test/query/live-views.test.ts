import { afterEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { record, settle, until } from './view-helpers.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.closeAll();
  fixture = undefined;
});

describe('store views', () => {
  it('go loading → missing (fetching) → fresh with exactly the envelope the service serves', async () => {
    fixture = oneCatalogue();
    // A later visit (the first answers' database exists): the core reads the store before it fetches. A cold
    // first visit shows the early answer instead (test/first-read/early-answer.test.ts).
    await fixture.catalogue.close();
    const catalogue = fixture.open();
    const { clock, service } = fixture;
    const view = catalogue.trendingTv({ time_window: 'day' });
    expect(view.getSnapshot()).toMatchObject({ status: 'loading', data: undefined, fetching: false });
    const rec = record(view);
    const fresh = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    const truth = endpoints.trendingTv.response.parse(
      service.control.groundTruth('trendingTv', { time_window: 'day' }),
    );
    expect(fresh.data).toEqual(truth);
    expect(Object.keys(fresh.data ?? {}).sort()).toEqual(['page', 'results', 'total_pages', 'total_results']);
    expect(fresh.updatedAt).toBe(clock.now());
    expect(fresh.error).toBeUndefined();
    expect(Object.isFrozen(fresh)).toBe(true);
    expect(Object.isFrozen(fresh.data?.results[0])).toBe(true);
    const statuses = rec.snapshots.map((s) => `${s.status}${s.fetching ? '+fetching' : ''}`);
    // The first read may come before or after the in-process fetch is stored: either way it never shows
    // `missing` without a fetch under way, and it ends fresh.
    expect(statuses[0]).toBe('loading');
    expect(statuses).toContain('missing+fetching');
    expect(statuses).not.toContain('missing');
    expect(statuses.at(-1)).toBe('fresh');
    expect(service.log.count({ operation: 'trendingTv' })).toBe(1);
    rec.stop();
  });

  it('keep the same snapshot object while nothing changes, also across unrelated writes', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock } = fixture;
    const view = catalogue.popularPeople({});
    const rec = record(view);
    const fresh = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    const emissions = rec.emissions;
    expect(view.getSnapshot()).toBe(fresh);
    await catalogue.sync.pull('trendingMovies', { time_window: 'week' });
    await clock.advance(60_000);
    await settle(clock);
    expect(view.getSnapshot()).toBe(fresh);
    expect(rec.emissions).toBe(emissions);
    // A forced re-fetch of the same page rewrites equal rows: the live query re-runs, the snapshot stays.
    await catalogue.sync.pull('popularPeople', {}, { force: true });
    await settle(clock);
    expect(view.getSnapshot().data).toBe(fresh.data);
    rec.stop();
  });

  it('share one source per request key: two views of one call, one request', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, service } = fixture;
    const a = catalogue.airingToday({});
    const b = catalogue.airingToday({ page: 1 });
    const ra = record(a);
    const rb = record(b);
    await until(clock, a, (s) => s.status === 'fresh' && !s.fetching);
    expect(b.getSnapshot()).toBe(a.getSnapshot());
    expect(service.log.count({ operation: 'airingToday' })).toBe(1);
    ra.stop();
    // b still listens: the source lives on, and b's snapshot is still live.
    expect(b.getSnapshot().status).toBe('fresh');
    rb.stop();
  });

  it('update after a pull: a view subscribed before the data exists shows it when it is stored', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, connectivity, service } = fixture;
    const seriesId = service.control.allSeries()[0]?.id as number;
    connectivity.setOnline(false);
    const view = catalogue.seasonCredits({ series_id: seriesId, season_number: 1 });
    expect(view.getSnapshot().status).toBe('loading');
    const rec = record(view);
    await until(clock, view, (s) => s.status === 'missing');
    expect(rec.last).toMatchObject({ status: 'missing', fetching: true, error: undefined });
    connectivity.setOnline(true);
    const fresh = await until(clock, view, (s) => s.status === 'fresh');
    expect(fresh.data?.id).toBeTypeOf('number');
    rec.stop();
  });
});
