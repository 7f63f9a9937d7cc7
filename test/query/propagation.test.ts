import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../src/create-catalogue.js';
import { type OneCatalogue, oneCatalogue } from '../helpers/catalogue-world.js';
import { record, renaming, settle, until } from './view-helpers.js';

let fixture: OneCatalogue | undefined;
afterEach(async () => {
  await fixture?.closeAll();
  fixture = undefined;
});

describe('a record changed by another response', () => {
  it('re-emits every list that holds it, and no list that does not', async () => {
    const target: { id?: number; name: string; marker: string } = { name: 'Renamed Show', marker: 'vote_count.gte=0' };
    fixture = oneCatalogue({ catalogue: { wrapFetch: renaming(target) } });
    const { catalogue, clock } = fixture;
    // A and B overlap (the most popular series); C holds the least popular ones only.
    const a = catalogue.discoverTv({ sort_by: 'popularity.desc' });
    const b = catalogue.discoverTv({ sort_by: 'popularity.desc', include_adult: true });
    const c = catalogue.discoverTv({ sort_by: 'popularity.asc' });
    const recs = [a, b, c].map(record);
    for (const view of [a, b, c]) await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    await settle(clock);
    const idsOf = (v: typeof a) => v.getSnapshot().data?.results.map((r) => r.id) ?? [];
    const shared = idsOf(a).find((id) => idsOf(b).includes(id));
    expect(shared).toBeDefined();
    expect(idsOf(c)).not.toContain(shared);
    target.id = shared;
    const before = recs.map((r) => r.emissions);
    const cBefore = c.getSnapshot();

    await catalogue.sync.pull('discoverTv', { sort_by: 'popularity.desc', 'vote_count.gte': 0 });
    await until(clock, a, (s) => s.data?.results.some((r) => r.name === 'Renamed Show') === true);
    await until(clock, b, (s) => s.data?.results.some((r) => r.name === 'Renamed Show') === true);
    await settle(clock);

    expect(recs.map((r, i) => r.emissions - (before[i] as number))).toEqual([1, 1, 0]);
    expect(c.getSnapshot()).toBe(cBefore);
    // Page membership and order stay as served; only the record changed.
    expect(idsOf(a)).toEqual(recs[0]?.snapshots[before[0] as number]?.data?.results.map((r) => r.id));
    for (const r of recs) r.stop();
  });

  it('re-emits a view when its single record changes (account states)', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, service } = fixture;
    const { session_id, account_id } = service.control.createSession();
    await catalogue.setUser({ account_id, session_id });
    const seriesId = service.control.allSeries()[3]?.id as number;
    const view = catalogue.tvAccountStates({ series_id: seriesId });
    const rec = record(view);
    const first = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(first.data).toMatchObject({ id: seriesId, favorite: false, rated: false });
    service.control.setAccountState({ session_id, series_id: seriesId }, { favorite: true, rated: { value: 8 } });
    const emitted = rec.emissions;
    await view.refresh();
    const changed = await until(clock, view, (s) => s.data?.favorite === true);
    expect(changed.data).toEqual(
      service.control.groundTruth('tvAccountStates', { series_id: seriesId, session_id }) as object,
    );
    expect(rec.emissions).toBeGreaterThan(emitted);
    rec.stop();
  });

  it('flips fresh → stale at expiry on the injected clock, revalidates, and a 304 flips it back to fresh', async () => {
    fixture = oneCatalogue();
    // A later visit (the first answers' database exists): the core reads the store before it fetches. A cold
    // first visit shows the early answer instead (test/first-read/early-answer.test.ts).
    await fixture.catalogue.close();
    const catalogue = fixture.open();
    const { clock, service } = fixture;
    const view = catalogue.popularPeople({});
    const rec = record(view);
    const fresh = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    const expiry = (await databaseOf(catalogue).syncMeta.toArray())[0]?.expiresAt as number;
    await clock.advance(expiry - clock.now() - 1);
    await settle(clock);
    expect(view.getSnapshot().status).toBe('fresh');
    await clock.advance(1);
    await until(clock, view, (s) => s.status === 'stale');
    const renewed = await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    expect(service.log.count({ operation: 'popularPeople' })).toBe(2);
    expect(service.log.count({ operation: 'popularPeople', status: 304 })).toBe(1);
    // Same data object (nothing changed but freshness), later `updatedAt`.
    expect(renewed.data).toBe(fresh.data);
    expect(renewed.updatedAt).toBeGreaterThan(fresh.updatedAt as number);
    const order = rec.snapshots.map((s) => s.status).filter((s, i, all) => s !== all[i - 1]);
    expect(order).toEqual(['loading', 'missing', 'fresh', 'stale', 'fresh']);
    rec.stop();
  });

  it('stop revalidating and watching when the last listener leaves', async () => {
    fixture = oneCatalogue();
    const { catalogue, clock, service } = fixture;
    const view = catalogue.popularPeople({});
    const rec = record(view);
    await until(clock, view, (s) => s.status === 'fresh' && !s.fetching);
    rec.stop();
    await clock.advance(4 * 3_600_000);
    await settle(clock);
    expect(service.log.count({ operation: 'popularPeople' })).toBe(1);
    expect(clock.pendingTimers()).toBe(0);
  });
});
