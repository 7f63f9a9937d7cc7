import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../../src/create-catalogue.js';
import { type OneCatalogue, oneCatalogue } from '../../helpers/catalogue-world.js';
import { changeFixture, expectStoreMatchesFake, mutate } from './change-fixture.js';

let open: OneCatalogue | undefined;
afterEach(async () => {
  await open?.catalogue.close();
  open = undefined;
});

function firstSeries(f: OneCatalogue): number {
  return f.service.control.allSeries().find((s) => s.adult === false)?.id as number;
}

describe('catalogue.track', () => {
  it('track.series fetches every season until the service answers 404, and every episode gets a cursor', async () => {
    const f = oneCatalogue();
    open = f;
    const series = firstSeries(f);
    const result = await f.clock.runUntil(f.catalogue.track.series(series));
    expect(result.seasons[0]).toBe(1);
    expect(result.seasons).toEqual(result.seasons.map((_, i) => i + 1));
    const cursors = await databaseOf(f.catalogue).episodeCursors.where('series_id').equals(series).toArray();
    expect(cursors).toHaveLength(result.episodes);
    expect(new Set(cursors.map((c) => c.season_number))).toEqual(new Set(result.seasons));
    expect(cursors.every((c) => c.checkedAt > 0 && c.applied.length === 0)).toBe(true);
    // The season views read back from the store, episodes included.
    const season = await f.catalogue.read('seasonDetails', { series_id: series, season_number: 1 });
    expect(season?.episodes.map((e) => e.id)).toEqual(
      cursors.filter((c) => c.season_number === 1).map((c) => c.episode_id),
    );
  });

  it('track.series with explicit seasons fetches only those', async () => {
    const f = oneCatalogue();
    open = f;
    const series = firstSeries(f);
    const result = await f.clock.runUntil(f.catalogue.track.series(series, { seasons: [1] }));
    expect(result.seasons).toEqual([1]);
    expect(f.urls.filter((u) => u.includes(`/3/tv/${series}/season/`))).toHaveLength(1);
  });

  it('track.episode fetches an episode not stored yet with its season, and refuses one it cannot place', async () => {
    const f = oneCatalogue();
    open = f;
    const series = firstSeries(f);
    const id = f.service.control.episodeId({ series_id: series, season_number: 1, episode_number: 2 }) as number;
    await expect(f.catalogue.track.episode(id)).rejects.toThrow(TypeError);
    await expect(f.catalogue.track.episode(0)).rejects.toThrow(/positive integer/);
    await f.clock.runUntil(f.catalogue.track.episode(id, { series_id: series, season_number: 1 }));
    expect(await databaseOf(f.catalogue).episodeCursors.get(id)).toMatchObject({ episode_id: id, series_id: series });
    const before = f.urls.length;
    await f.catalogue.track.episode(id);
    expect(f.urls.length).toBe(before);
  });

  it('refreshChanges validates its budget', async () => {
    const f = oneCatalogue();
    open = f;
    await expect(f.catalogue.sync.refreshChanges({ budget: -1 })).rejects.toThrow(/budget/);
    await expect(f.catalogue.sync.refreshChanges({ budget: 1.5 })).rejects.toThrow(/budget/);
  });

  it('sync.refresh() applies change feeds before revalidating what is stale', async () => {
    const f = await changeFixture(1);
    open = f;
    await f.clock.advance(3_600_000);
    const changed = mutate(f, f.series[0] as number, 2);
    await f.clock.advance(60_000);
    await f.clock.runUntil(f.catalogue.sync.refresh({ budget: 50 }));
    expect(f.rowWrites.rows.episodes).toBe(2);
    expect(new Set(f.events.map((e) => e.episodeId))).toEqual(new Set(changed));
    await expectStoreMatchesFake(f, f.episodes);
  });
});
