import { afterEach, describe, expect, it } from 'vitest';
import { databaseOf } from '../../../src/create-catalogue.js';
import type { FetchLike } from '../../../src/env.js';
import type { OneCatalogue } from '../../helpers/catalogue-world.js';
import { changeFixture, expectStoreMatchesFake, mutate, personWithEpisode, requestsSince } from './change-fixture.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let open: OneCatalogue | undefined;
afterEach(async () => {
  await open?.catalogue.close();
  open = undefined;
});

describe('refreshChanges past the 14-day window', () => {
  it('revalidates the season details that hold the episodes instead of polling feeds, then polls again', async () => {
    const f = await changeFixture(1);
    open = f;
    const seasons = new Set((await databaseOf(f.catalogue).episodeCursors.toArray()).map((c) => c.season_number));
    await f.clock.advance(15 * DAY);
    mutate(f, f.series[0] as number, 2);
    await f.clock.advance(MINUTE);
    const before = f.urls.length;
    const startedAt = f.clock.now();

    const result = await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));

    expect(result).toMatchObject({ fallback: f.episodes.length, polled: 0, failed: 0, remaining: 0 });
    const sent = requestsSince(f, before);
    expect(sent).toMatchObject({ episodeChanges: 0, tvChanges: 0, seasonDetails: seasons.size });
    await expectStoreMatchesFake(f, f.episodes);
    const cursors = await databaseOf(f.catalogue).episodeCursors.toArray();
    expect(cursors.every((c) => c.checkedAt >= startedAt)).toBe(true);

    // Inside the window again: the next change goes through the feed.
    await f.clock.advance(DAY);
    mutate(f, f.series[0] as number, 1);
    await f.clock.advance(MINUTE);
    const next = await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));
    expect(next).toMatchObject({ fallback: 0, patched: 1 });
    await expectStoreMatchesFake(f, f.episodes);
  });

  it('an episode held only by a tagged-images page refetches that page, and one named only by an account state its season', async () => {
    const f = await changeFixture(0);
    open = f;
    const { catalogue, clock, service } = f;
    const { personId, episode } = await personWithEpisode(f);
    const session = service.control.createSession();
    await catalogue.setUser(session);
    const other = service.control.allSeries().filter((s) => s.adult === false)[5]?.id as number;
    await clock.runUntil(
      catalogue.sync.pull('episodeAccountStates', { series_id: other, season_number: 1, episode_number: 1 }),
    );
    const named = service.control.episodeId({ series_id: other, season_number: 1, episode_number: 1 }) as number;
    expect(await databaseOf(catalogue).episodes.get(named)).toBeUndefined();
    expect(await databaseOf(catalogue).episodeCursors.get(named)).toBeDefined();
    await clock.advance(15 * DAY);
    service.control.mutateEpisode(episode.id, { name: 'Held by a page' });
    const before = f.urls.length;
    const result = await clock.runUntil(catalogue.sync.refreshChanges({ budget: 100 }));
    const paths = f.urls.slice(before).map((url) => new URL(url).pathname);
    expect(paths).toContain(`/3/person/${personId}/tagged_images`);
    expect(paths).toContain(`/3/tv/${other}/season/1`);
    expect(paths.some((p) => p.includes(`/tv/${episode.show_id}/season/`))).toBe(false);
    expect(result.failed).toBe(0);
    expect(await databaseOf(catalogue).episodes.get(episode.id)).toMatchObject({ name: 'Held by a page' });
    expect(await databaseOf(catalogue).episodes.get(named)).toBeDefined();
  });

  it('a fallback over the budget is left for the next run', async () => {
    const f = await changeFixture(1);
    open = f;
    await f.clock.advance(15 * DAY);
    const result = await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 0 }));
    expect(result).toMatchObject({ fallback: 0, remaining: f.episodes.length, requests: 0 });
  });
});

describe('refreshChanges aborted mid-run', () => {
  it('converges on the next run and applies nothing twice', async () => {
    const control: { controller?: AbortController; polls: number } = { polls: 0 };
    const wrapFetch = (fetch: FetchLike): FetchLike => {
      return async (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (/\/episode\/\d+\/changes/.test(url)) {
          control.polls += 1;
          // The third poll is on the wire when the caller gives up.
          if (control.polls === 3) control.controller?.abort(new DOMException('stop', 'AbortError'));
        }
        return fetch(input, init);
      };
    };
    const f = await changeFixture(2, { catalogue: { wrapFetch } });
    open = f;
    await f.clock.advance(60 * MINUTE);
    const changed = [...mutate(f, f.series[0] as number, 4), ...mutate(f, f.series[1] as number, 4)];
    await f.clock.advance(MINUTE);
    control.controller = new AbortController();
    const signal = control.controller.signal;

    await expect(f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000, signal }))).rejects.toThrow('stop');
    const firstRun = f.rowWrites.rows.episodes ?? 0;
    expect(firstRun).toBeLessThan(changed.length);

    const second = await f.clock.runUntil(f.catalogue.sync.refreshChanges({ budget: 1000 }));
    expect(second.failed).toBe(0);
    await expectStoreMatchesFake(f, f.episodes);
    // Every changed episode was written exactly once over both runs, and announced once.
    expect(f.rowWrites.rows.episodes).toBe(changed.length);
    expect(f.events.map((e) => e.episodeId).sort()).toEqual([...changed].sort());
  });
});
