import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../../src/create-catalogue.js';
import { FAKE_ACCESS_TOKEN } from '../../../src/testing/index.js';
import { BASE_URL, type OneCatalogue } from '../../helpers/catalogue-world.js';
import { record, until } from '../../query/view-helpers.js';
import { changeFixture, drive, expectStoreMatchesFake, mutate, requestsSince } from './change-fixture.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let open: OneCatalogue | undefined;
afterEach(async () => {
  await open?.catalogue.close();
  open = undefined;
});

describe('sync.refreshChanges', () => {
  it('mutate k of n tracked episodes: the store equals the fake for all n and exactly k episode rows are written', async () => {
    const f = await changeFixture(3);
    open = f;
    const n = f.episodes.length;
    expect(n).toBeGreaterThan(20);
    await f.clock.advance(HOUR);
    const changed = mutate(f, f.series[0] as number, 4);
    expect(changed).toHaveLength(4);
    await f.clock.advance(MINUTE);
    const before = f.urls.length;

    const result = await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));

    await expectStoreMatchesFake(f, f.episodes);
    expect(f.rowWrites.rows.episodes).toBe(4);
    expect(result).toMatchObject({ patched: 4, failed: 0, remaining: 0, fallback: 0 });
    expect(new Set(f.events.map((e) => e.episodeId))).toEqual(new Set(changed));
    // Asked top-down (series list → series feed → season feeds), only the changed episodes were polled.
    const sent = requestsSince(f, before);
    expect(sent.episodeChanges).toBe(4);
    expect(sent.tvChanges).toBe(1);
    expect(sent.total).toBeLessThanOrEqual(1 + 1 + 4 + 4);
    expect(result.quiet).toBe(n - 4);
    expect(result.requests).toBe(sent.total);
  });

  it('live views showing a patched episode re-emit with the patch, without a refetch', async () => {
    const f = await changeFixture(1);
    open = f;
    const series_id = f.series[0] as number;
    const view = f.catalogue.seasonDetails({ series_id, season_number: 1 });
    const seen = record(view);
    await until(f.clock, view, (s) => s.status === 'fresh');
    const episodes = view.getSnapshot().data?.episodes ?? [];
    const target = episodes[1]?.id as number;
    await f.clock.advance(HOUR);
    f.service.control.mutateEpisode(target, { name: 'Seen on screen', overview: '' });
    await f.clock.advance(MINUTE);
    const emissions = seen.emissions;
    const before = f.urls.length;
    await drive(f.clock, f.catalogue.sync.refreshChanges({ budget: 100 }));
    const snapshot = await until(f.clock, view, (s) => s.data?.episodes[1]?.name === 'Seen on screen');
    expect(snapshot.data?.episodes[1]).toMatchObject({ id: target, overview: '' });
    expect(snapshot.status).toBe('fresh');
    expect(seen.emissions).toBeGreaterThan(emissions);
    // Patched in place: the season itself was not fetched again.
    expect(f.urls.slice(before).some((url) => new URL(url).pathname === `/3/tv/${series_id}/season/1`)).toBe(false);
    seen.stop();
  });

  it('applying the same feeds again changes nothing and writes no episode', async () => {
    const f = await changeFixture(2);
    open = f;
    await f.clock.advance(HOUR);
    mutate(f, f.series[1] as number, 3);
    await f.clock.advance(MINUTE);
    await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));
    const events = f.events.length;
    f.rowWrites.reset();
    // Same day, same windows: every item comes back and is recognised as applied.
    const again = await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));
    expect(again.patched).toBe(0);
    expect(f.rowWrites.rows.episodes ?? 0).toBe(0);
    expect(f.events).toHaveLength(events);
    await expectStoreMatchesFake(f, f.episodes);
  });

  it('polls the most recently read episodes first within the budget, and the rest on the next run', async () => {
    const f = await changeFixture(1);
    open = f;
    await f.clock.advance(HOUR);
    const series_id = f.series[0] as number;
    const changed = [1, 2, 3].map((episode_number) => {
      const id = f.service.control.episodeId({ series_id, season_number: 1, episode_number }) as number;
      f.service.control.mutateEpisode(id, { name: `Renamed ${episode_number}` });
      return id;
    });
    await f.clock.advance(MINUTE);
    const last = changed[2] as number;
    await databaseOf(f.catalogue).readMarks.put({ ref: `episodes/${last}`, lastReadAt: f.clock.now() });
    // Budget 4: series list, series feed, season feed, then one poll: the episode read last.
    const first = await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 4 }));
    expect(first.requests).toBe(4);
    expect(f.events.map((e) => e.episodeId)).toEqual([last]);
    expect(first.remaining).toBe(2);
    await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));
    await expectStoreMatchesFake(f, f.episodes);
    expect(new Set(f.events.map((e) => e.episodeId))).toEqual(new Set(changed));
  });

  it('ignores change items in another language than the instance (the fake adds some to mutation rounds)', async () => {
    const f = await changeFixture(2);
    open = f;
    await f.clock.advance(HOUR);
    const changed = [...mutate(f, f.series[0] as number, 8), ...mutate(f, f.series[1] as number, 8)];
    let foreign = 0;
    for (const id of changed) {
      const response = await f.service.fetch(`${BASE_URL}/3/tv/episode/${id}/changes`, {
        headers: { authorization: `Bearer ${FAKE_ACCESS_TOKEN}` },
      });
      const body = (await response.json()) as { changes: { items: { iso_639_1?: string }[] }[] };
      foreign += body.changes.flatMap((g) => g.items).filter((i) => i.iso_639_1 && i.iso_639_1 !== 'en').length;
    }
    expect(foreign).toBeGreaterThan(0);
    await f.clock.advance(MINUTE);
    await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));
    await expectStoreMatchesFake(f, f.episodes);
  });
});
