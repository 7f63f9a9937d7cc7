import { describe, expect, it } from 'vitest';
import { harness, type Json } from './helpers.js';

const PATHS = [
  '/3/trending/tv/day',
  '/3/trending/movie/week?page=2',
  '/3/tv/airing_today',
  '/3/discover/tv?sort_by=name.asc&with_genres=18|35',
  '/3/person/popular?page=3',
  '/3/configuration',
];

async function bodies(seed: number, scale: 'small' | 'medium' = 'small'): Promise<string[]> {
  const h = harness({ seed, scale });
  return Promise.all(PATHS.map(async (p) => (await h.get(p)).text()));
}

describe('determinism', () => {
  it('gives byte-identical bodies for the same seed and different ones for another seed', async () => {
    const a = await bodies(7);
    expect(await bodies(7)).toEqual(a);
    const b = await bodies(8);
    for (let i = 0; i < PATHS.length - 1; i++) expect(b[i], PATHS[i]).not.toBe(a[i]);
    // The configuration does not depend on the seed.
    expect(b.at(-1)).toBe(a.at(-1));
  });

  it('keeps records identical across requests and lists (a record is a function of its id)', async () => {
    const h = harness();
    const trending = await h.json<{ results: Json[] }>('/3/trending/tv/week');
    const discover = h.service.control.allSeries();
    for (const item of trending.results) {
      const { media_type, ...rest } = item;
      expect(media_type).toBe('tv');
      expect(discover.find((s) => s.id === item.id)).toEqual(rest);
    }
  });

  it('starts the large scale at once, generating records on demand', async () => {
    const started = performance.now();
    const h = harness({ scale: 'large' });
    expect(performance.now() - started).toBeLessThan(100);
    const page = await h.json<{ total_results: number }>(
      '/3/discover/tv?include_adult=true&include_null_first_air_dates=true',
    );
    expect(page.total_results).toBe(100_000);
  });
});

describe('lists', () => {
  it('orders trending day and week differently, with media_type, and moves them on reshuffle and by period', async () => {
    const h = harness();
    const ids = async (path: string) => (await h.json<{ results: Json[] }>(path)).results.map((r) => r.id);
    const day = await ids('/3/trending/tv/day');
    const week = await ids('/3/trending/tv/week');
    expect(day).toHaveLength(20);
    expect(day).not.toEqual(week);
    for (const r of (await h.json<{ results: Json[] }>('/3/trending/movie/day')).results)
      expect(r.media_type).toBe('movie');
    h.service.control.reshuffleTrending();
    const shuffled = await ids('/3/trending/tv/day');
    expect(shuffled).not.toEqual(day);
    expect(await ids('/3/trending/tv/day')).toEqual(shuffled);
    await h.clock.advance(24 * 3_600_000);
    expect(await ids('/3/trending/tv/day')).not.toEqual(shuffled);
  });

  it('lists airing today without media_type, changing with the weekday and the timezone', async () => {
    const h = harness();
    const today = await h.json<{ results: Json[]; total_results: number }>('/3/tv/airing_today');
    expect(today.total_results).toBeGreaterThan(0);
    for (const r of today.results) expect(r).not.toHaveProperty('media_type');
    await h.clock.advance(24 * 3_600_000);
    const tomorrow = await h.json<{ results: Json[] }>('/3/tv/airing_today');
    expect(tomorrow.results.map((r) => r.id)).not.toEqual(today.results.map((r) => r.id));
    // At 20:00 UTC it is still Wednesday in New York but already Thursday in Tokyo.
    await h.clock.advance(8 * 3_600_000);
    expect((await h.json<{ results: Json[] }>('/3/tv/airing_today')).results).toEqual(tomorrow.results);
    const tokyo = await h.json<{ results: Json[] }>('/3/tv/airing_today?timezone=Asia/Tokyo');
    expect(tokyo.results.map((r) => r.id)).not.toEqual(tomorrow.results.map((r) => r.id));
    const bad = await h.get('/3/tv/airing_today?timezone=Not/AZone');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ status_code: 28 });
  });

  it('has realistic quirks: null images, empty dates, non-Latin names, no adult titles in lists', async () => {
    const h = harness({ scale: 'medium' });
    const all = h.service.control.allSeries();
    expect(all.some((s) => s.poster_path === null)).toBe(true);
    expect(all.some((s) => s.first_air_date === '')).toBe(true);
    expect(all.some((s) => /[\u0250-\uffff]/.test(s.original_name as string))).toBe(true);
    expect(all.some((s) => s.adult === true)).toBe(true);
    const pages = await Promise.all([1, 2, 3].map((p) => h.json<{ results: Json[] }>(`/3/trending/tv/week?page=${p}`)));
    for (const r of pages.flatMap((p) => p.results)) expect(r.adult).toBe(false);
  });
});

describe('cross-references hold', () => {
  it('known_for items, season credits and tagged images point at records that exist', async () => {
    const h = harness();
    const people = await h.json<{ results: Json[] }>('/3/person/popular');
    for (const person of people.results) {
      for (const item of person.known_for as Json[]) {
        const path = item.media_type === 'movie' ? `/3/movie/${item.id}/videos` : `/3/tv/${item.id}/season/1/credits`;
        expect((await h.get(path)).status, path).toBe(200);
      }
    }
    const series = h.service.control.allSeries().slice(0, 10);
    const popularById = new Map(people.results.map((p) => [p.id, p]));
    for (const s of series) {
      const credits = await h.json<{ cast: Json[]; crew: Json[]; id: number }>(`/3/tv/${s.id}/season/1/credits`);
      for (const credit of [...credits.cast, ...credits.crew]) {
        expect((await h.get(`/3/person/${credit.id}/external_ids`)).status).toBe(200);
        const popular = popularById.get(credit.id);
        if (popular) expect(popular.name).toBe(credit.name);
      }
      expect(credits.cast.map((c) => c.order)).toEqual(credits.cast.map((_, i) => i));
    }
    for (const person of people.results.slice(0, 10)) {
      const images = await h.json<{ results: Json[] }>(`/3/person/${person.id}/tagged_images`);
      for (const image of images.results) {
        const media = image.media as Json;
        if (image.media_type === 'episode') {
          const id = h.service.control.episodeId({
            series_id: media.show_id as number,
            season_number: media.season_number as number,
            episode_number: media.episode_number as number,
          });
          expect(id).toBe(media.id);
        } else {
          expect((await h.get(`/3/movie/${media.id}/videos`)).status).toBe(200);
        }
      }
    }
  });

  it('pages tagged images by 20 and answers page 0 when everything fits on one page', async () => {
    const h = harness();
    const people = await h.json<{ results: Json[] }>('/3/person/popular');
    const counts = new Map<number, number>();
    for (const person of people.results) {
      const body = await h.json<{
        id: number;
        page: number;
        total_pages: number;
        total_results: number;
        results: Json[];
      }>(`/3/person/${person.id}/tagged_images?page=1`);
      expect(body.id).toBe(person.id);
      expect(body.page).toBe(body.total_pages <= 1 ? 0 : 1);
      counts.set(person.id as number, body.total_results);
    }
    const big = [...counts].find(([, n]) => n > 20);
    expect(big).toBeDefined();
    const page2 = await h.json<{ page: number; results: Json[] }>(`/3/person/${big?.[0]}/tagged_images?page=2`);
    expect(page2.page).toBe(2);
    expect(page2.results.length).toBe(Math.min(20, (big?.[1] ?? 0) - 20));
  });
});
