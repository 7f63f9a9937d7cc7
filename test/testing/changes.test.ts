import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/api/endpoints.js';
import { type Harness, harness, type Json } from './helpers.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Changes {
  changes: { key: string; items: Json[] }[];
}

function firstEpisode(h: Harness, index = 0): number {
  const seriesId = h.service.control.allSeries()[index]?.id as number;
  return h.service.control.episodeId({ series_id: seriesId, season_number: 1, episode_number: 1 }) as number;
}

describe('episode change feeds', () => {
  it('records mutations in the real shape: grouped by key, newest first, 24-hex ids, service time format', async () => {
    const h = harness();
    const id = firstEpisode(h);
    const before = h.service.control.episode(id);
    h.service.control.mutateEpisode(id, { name: 'First', overview: '' });
    await h.clock.advance(HOUR);
    h.service.control.mutateEpisode(id, { name: 'Second', runtime: 99 });
    const body = await h.json<Changes>(`/3/tv/episode/${id}/changes`);
    expect(endpoints.episodeChanges.response.safeParse(body).success).toBe(true);
    // Groups come newest first: name and runtime changed last (same second), overview an hour earlier.
    const keys = body.changes.map((g) => g.key);
    expect(keys.slice(0, 2).sort()).toEqual(['name', 'runtime']);
    expect(keys.slice(2)).toEqual(before?.overview === '' ? [] : ['overview']);
    const names = body.changes.find((g) => g.key === 'name')?.items ?? [];
    expect(names.map((i) => i.value)).toEqual(['Second', 'First']);
    expect(names[0]).toMatchObject({ action: 'updated', original_value: 'First', iso_639_1: 'en' });
    expect(names[1]).toMatchObject({ action: 'updated', original_value: before?.name });
    for (const item of names) {
      expect(item.id).toMatch(/^[0-9a-f]{24}$/);
      expect(item.time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    }
    expect(names[0]?.time).toBe('2026-03-10 13:00:00 UTC');
    expect(h.service.control.episode(id)).toMatchObject({ name: 'Second', runtime: 99 });
  });

  it('uses added for a value that was empty, deleted for one that becomes empty, and images for stills', async () => {
    const h = harness();
    const id = firstEpisode(h);
    h.service.control.mutateEpisode(id, { production_code: '' });
    h.service.control.mutateEpisode(id, { production_code: '101' });
    h.service.control.mutateEpisode(id, { still_path: '/new.jpg' });
    const body = await h.json<Changes>(`/3/tv/episode/${id}/changes`);
    const codes = body.changes.find((g) => g.key === 'production_code')?.items ?? [];
    expect(codes[0]).toEqual(expect.objectContaining({ action: 'added', value: '101' }));
    expect(codes[0]).not.toHaveProperty('original_value');
    const images = body.changes.find((g) => g.key === 'images')?.items ?? [];
    expect(images[0]?.value).toEqual({ still: { file_path: '/new.jpg', iso_639_1: null } });
    expect(body.changes.some((g) => g.key === 'still_path')).toBe(false);
  });

  it('serves the last 24 hours by default and start_date/end_date windows of up to 14 days', async () => {
    const h = harness();
    const id = firstEpisode(h);
    h.service.control.mutateEpisode(id, { name: 'Old' }); // 2026-03-10 12:00
    await h.clock.advance(3 * DAY); // 2026-03-13 12:00
    h.service.control.mutateEpisode(id, { name: 'New' });
    const recent = await h.json<Changes>(`/3/tv/episode/${id}/changes`);
    expect(recent.changes[0]?.items.map((i) => i.value)).toEqual(['New']);
    const wide = await h.json<Changes>(`/3/tv/episode/${id}/changes?start_date=2026-03-01&end_date=2026-03-14`);
    expect(wide.changes[0]?.items.map((i) => i.value)).toEqual(['New', 'Old']);
    const early = await h.json<Changes>(`/3/tv/episode/${id}/changes?start_date=2026-03-09&end_date=2026-03-10`);
    expect(early.changes[0]?.items.map((i) => i.value)).toEqual(['Old']);
    await h.clock.advance(2 * DAY);
    expect(await h.json<Changes>(`/3/tv/episode/${id}/changes`)).toEqual({ changes: [] });
  });

  it('answers 422 code 20 for windows longer than 14 days and 400 code 23 for a bad date', async () => {
    const h = harness();
    const id = firstEpisode(h);
    const long = await h.get(`/3/tv/episode/${id}/changes?start_date=2026-02-01&end_date=2026-02-16`);
    expect(long.status).toBe(422);
    expect(await long.json()).toEqual({
      success: false,
      status_code: 20,
      status_message: 'Invalid date range: Should be a range no longer than 14 days.',
    });
    expect(long.headers.get('etag')).toBeNull();
    expect((await h.get(`/3/tv/episode/${id}/changes?start_date=2026-02-01&end_date=2026-02-15`)).status).toBe(200);
    // start_date alone runs to today (2026-03-10).
    expect((await h.get(`/3/tv/episode/${id}/changes?start_date=2026-02-20`)).status).toBe(422);
    const bad = await h.get(`/3/tv/episode/${id}/changes?start_date=2026-13-01`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status_code: 23 });
  });

  it('mutates seeded-random episodes and shows the new values wherever the episode is embedded', async () => {
    const h = harness();
    const people = await h.json<{ results: Json[] }>('/3/person/popular?page=1');
    let found: { person: number; episode: Json } | undefined;
    for (const person of people.results) {
      const images = await h.json<{ results: Json[] }>(`/3/person/${person.id}/tagged_images`);
      const still = images.results.find((r) => r.media_type === 'episode');
      if (still) found = { person: person.id as number, episode: still.media as Json };
      if (found) break;
    }
    expect(found).toBeDefined();
    const episode = found?.episode as Json;
    const id = h.service.control.episodeId({
      series_id: episode.show_id as number,
      season_number: episode.season_number as number,
      episode_number: episode.episode_number as number,
    });
    expect(id).toBe(episode.id);
    h.service.control.mutateEpisode(id as number, { name: 'Renamed', vote_average: 9.5 });
    const images = await h.json<{ results: Json[] }>(`/3/person/${found?.person}/tagged_images`);
    const embedded = images.results.find((r) => (r.media as Json).id === id)?.media as Json;
    expect(embedded).toMatchObject({ name: 'Renamed', vote_average: 9.5 });
    // vote_average is not a change key: it changes silently.
    const changes = await h.json<Changes>(`/3/tv/episode/${id}/changes`);
    expect(changes.changes.map((g) => g.key)).toEqual(['name']);

    const mutated = h.service.control.mutateEpisodes({ count: 5 });
    expect(mutated).toHaveLength(5);
    for (const m of mutated) {
      expect(
        h.service.control.episodeId({
          series_id: m.series_id,
          season_number: m.season_number,
          episode_number: m.episode_number,
        }),
      ).toBe(m.episode_id);
      const feed = await h.json<Changes>(`/3/tv/episode/${m.episode_id}/changes`);
      const visible = m.keys.filter((k) => k !== 'vote_average').map((k) => (k === 'still_path' ? 'images' : k));
      for (const key of visible) expect(feed.changes.map((g) => g.key)).toContain(key);
    }
  });

  it('moves time over HTTP control and through a virtual clock alike', async () => {
    const h = harness();
    const before = h.service.control.now();
    await h.service.control.advanceTime(5000);
    expect(h.service.control.now()).toBe(before + 5000);
    expect(h.clock.now()).toBe(before + 5000);
    const response = await h.service.fetch('http://fake.test/__fake/advance', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 1000 }),
    });
    expect(await response.json()).toEqual({ now: before + 6000 });
  });
});
