import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { openApiExample } from '../helpers/samples.js';
import { type Harness, harness, type Json, readSample } from './helpers.js';
import { compareWithShape, nullPaths, shapeOf } from './shape.js';

const DAY = 86_400_000;

function episodeOf(h: Harness, seriesIndex: number, season = 1, episode = 1): { series: number; episode: number } {
  const series = h.service.control.allSeries().filter((s) => s.adult === false)[seriesIndex]?.id as number;
  const id = h.service.control.episodeId({ series_id: series, season_number: season, episode_number: episode });
  return { series, episode: id as number };
}

describe('GET /3/tv/changes', () => {
  it('lists the series whose episodes changed in the window, newest first, in the real shape', async () => {
    const h = harness();
    const a = episodeOf(h, 0);
    const b = episodeOf(h, 1);
    h.service.control.mutateEpisode(a.episode, { name: 'A' });
    await h.clock.advance(60_000);
    h.service.control.mutateEpisode(b.episode, { name: 'B' });
    const body = await h.json<{ results: Json[]; total_results: number; total_pages: number; page: number }>(
      '/3/tv/changes',
    );
    expect(body.results).toEqual([
      { id: b.series, adult: false },
      { id: a.series, adult: false },
    ]);
    expect(body).toMatchObject({ page: 1, total_pages: 1, total_results: 2 });
    expect(endpoints.tvChanges.response.safeParse(body).success).toBe(true);
    const sample = readSample('tv-changes.tmdblib-list.json');
    // `softcore` is in the capture only: the fake serves the OpenAPI's `{ id, adult }` items.
    const { results: _r, ...envelope } = sample as Json;
    expect(
      compareWithShape({ ...body, results: [] }, shapeOf({ ...envelope, results: [] }), nullPaths([sample])),
    ).toEqual([]);
  });

  it('honours the window (24 h by default, start_date up to 14 days) and pages 100 ids at a time', async () => {
    const h = harness();
    const old = episodeOf(h, 0);
    h.service.control.mutateEpisode(old.episode, { name: 'Old' });
    await h.clock.advance(3 * DAY);
    expect((await h.json<{ results: Json[] }>('/3/tv/changes')).results).toEqual([]);
    const wide = await h.json<{ results: Json[] }>('/3/tv/changes?start_date=2026-03-09');
    expect(wide.results.map((r) => r.id)).toEqual([old.series]);
    expect((await h.get('/3/tv/changes?start_date=2026-02-01&end_date=2026-02-20')).status).toBe(422);
    h.service.control.mutateEpisodes({ count: 130 });
    const first = await h.json<{ results: Json[]; total_pages: number; total_results: number }>('/3/tv/changes');
    expect(first.results).toHaveLength(100);
    expect(first.total_pages).toBe(Math.ceil(first.total_results / 100));
    const second = await h.json<{ results: Json[] }>('/3/tv/changes?page=2');
    expect(second.results).toHaveLength(first.total_results - 100);
  });
});

describe('GET /3/tv/{series_id}/season/{season_number}', () => {
  it('serves the season with its episodes as they are now, in the OpenAPI shape', async () => {
    const h = harness();
    const { series, episode } = episodeOf(h, 2);
    h.service.control.mutateEpisode(episode, { name: 'Renamed', runtime: 31 });
    const body = await h.json<{ episodes: Json[] }>(`/3/tv/${series}/season/1`);
    expect(endpoints.seasonDetails.response.safeParse(body).success).toBe(true);
    const example = openApiExample('/3/tv/{series_id}/season/{season_number}');
    expect(
      compareWithShape(
        body,
        shapeOf(example),
        new Set([
          '.air_date',
          '.poster_path',
          '.networks[].logo_path',
          '.episodes[].still_path',
          '.episodes[].runtime',
        ]),
      ),
    ).toEqual([]);
    const first = body.episodes[0] as Json;
    expect(first).toMatchObject({ id: episode, name: 'Renamed', runtime: 31, show_id: series, season_number: 1 });
    const truth = h.service.control.episode(episode) as unknown as Json;
    for (const key of ['air_date', 'overview', 'production_code', 'still_path', 'vote_average', 'vote_count']) {
      expect(first[key], key).toEqual(truth[key]);
    }
    expect((await h.get(`/3/tv/${series}/season/99`)).status).toBe(404);
  });
});

describe('series and season change feeds', () => {
  it('a series feed points at the changed seasons, a season feed at the changed episodes, in the spec shape', async () => {
    const h = harness();
    const { series, episode } = episodeOf(h, 3, 1, 2);
    const untouched = episodeOf(h, 4);
    h.service.control.mutateEpisode(episode, { overview: 'New overview' });
    h.service.control.mutateEpisode(untouched.episode, { name: 'Elsewhere' });
    const seriesFeed = await h.json<{ changes: { key: string; items: Json[] }[] }>(`/3/tv/${series}/changes`);
    expect(endpoints.seriesChanges.response.safeParse(seriesFeed).success).toBe(true);
    expect(seriesFeed.changes.map((g) => g.key)).toEqual(['season']);
    const seasonItem = seriesFeed.changes[0]?.items[0] as Json;
    expect(seasonItem).toMatchObject({ action: 'updated', value: { season_number: 1 } });
    const seasonId = (seasonItem.value as Json).season_id as number;

    const seasonFeed = await h.json<{ changes: { key: string; items: Json[] }[] }>(`/3/tv/season/${seasonId}/changes`);
    const spec = readSample('extra/tv-season-changes.spec.json') as { changes: { items: Json[] }[] };
    expect(compareWithShape(seasonFeed, shapeOf(spec), new Set())).toEqual([]);
    expect(seasonFeed.changes[0]?.items.map((i) => i.value)).toEqual([{ episode_id: episode, episode_number: 2 }]);

    await h.clock.advance(2 * DAY);
    expect(await h.json(`/3/tv/${series}/changes`)).toEqual({ changes: [] });
    expect(await h.json(`/3/tv/season/${seasonId}/changes`)).toEqual({ changes: [] });
    expect((await h.get('/3/tv/season/1/changes')).status).toBe(404);
  });
});
