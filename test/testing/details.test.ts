import { describe, expect, it } from 'vitest';
import { harness, type Json } from './helpers.js';

type Credit = Json & { id: number; media_type?: string; character?: string; job?: string };
type Credits = { cast: Credit[]; crew: Credit[] };

const NOT_FOUND = {
  success: false,
  status_code: 34,
  status_message: 'The resource you requested could not be found.',
};

describe('the fake’s detail answers', () => {
  it('append only what append_to_response asks for', async () => {
    const h = harness({ seed: 3 });
    const movie = (await h.json<{ results: Json[] }>('/3/trending/movie/day')).results[0]?.id as number;
    const plain = await h.json(`/3/movie/${movie}`);
    expect(plain).not.toHaveProperty('credits');
    expect(plain).not.toHaveProperty('videos');
    const withCredits = await h.json(`/3/movie/${movie}?append_to_response=credits,reviews`);
    expect(withCredits).toHaveProperty('credits');
    expect(withCredits).not.toHaveProperty('videos');
    expect(withCredits).not.toHaveProperty('reviews');
    const both = await h.json<{ credits: Json; videos: Json }>(`/3/movie/${movie}?append_to_response=videos,credits`);
    // Appended parts carry no id of their own, as the service appends them.
    expect(Object.keys(both.credits).sort()).toEqual(['cast', 'crew']);
    expect(Object.keys(both.videos)).toEqual(['results']);
    const series = h.service.control.allSeries()[0]?.id as number;
    expect(await h.json(`/3/tv/${series}`)).not.toHaveProperty('credits');
    const person = (await h.json<{ results: Json[] }>('/3/person/popular')).results[0]?.id as number;
    expect(await h.json(`/3/person/${person}`)).not.toHaveProperty('combined_credits');
  });

  it('answer 404 with the service’s envelope for an id no record has, and keep the fixed paths beside them', async () => {
    const h = harness({ seed: 3 });
    for (const path of [
      '/3/movie/987654321',
      '/3/tv/987654321?append_to_response=credits',
      '/3/person/0',
      '/3/movie/x',
    ]) {
      const response = await h.get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual(NOT_FOUND);
    }
    // `/3/tv/airing_today`, `/3/tv/changes` and `/3/person/popular` are still the lists, not a detail of that id.
    for (const path of ['/3/tv/airing_today', '/3/tv/changes', '/3/person/popular']) {
      expect(await h.json(path), path).toHaveProperty('results');
    }
  });

  it('agree with the lists and with season details: names, posters, genres, seasons', async () => {
    const h = harness({ seed: 4 });
    const trending = (await h.json<{ results: Json[] }>('/3/trending/movie/week')).results[0] as Json;
    const movie = await h.json(`/3/movie/${trending.id}`);
    for (const field of ['title', 'original_title', 'overview', 'poster_path', 'release_date', 'vote_average'])
      expect(movie[field], field).toEqual(trending[field]);
    expect((movie.genres as { id: number }[]).map((genre) => genre.id)).toEqual(trending.genre_ids);
    const summary = h.service.control.allSeries()[2] as Json;
    const series = await h.json<Json & { seasons: Json[] }>(`/3/tv/${summary.id}`);
    expect(series.name).toBe(summary.name);
    for (const season of series.seasons) {
      const details = await h.json<Json & { episodes: unknown[] }>(
        `/3/tv/${summary.id}/season/${season.season_number}`,
      );
      expect(season).toMatchObject({ name: details.name, poster_path: details.poster_path, id: details.id });
      expect(season.episode_count).toBe(details.episodes.length);
    }
    // In another language, what lists translate is translated the same way here.
    const french = (await h.json<{ results: Json[] }>('/3/trending/movie/week?language=fr-FR')).results[0] as Json;
    expect((await h.json(`/3/movie/${trending.id}?language=fr-FR`)).title).toBe(french.title);
  });

  it('credit the same people both ways: a series’ cast is its latest season’s, and every credit is in the filmography', async () => {
    const h = harness({ seed: 1 });
    const summary = h.service.control.allSeries()[5] as Json;
    const series = await h.json<{ seasons: { season_number: number }[]; credits: Credits }>(
      `/3/tv/${summary.id}?append_to_response=credits`,
    );
    const latest = Math.max(...series.seasons.map((s) => s.season_number));
    const seasonCredits = await h.json<Credits>(`/3/tv/${summary.id}/season/${latest}/credits`);
    expect(series.credits.cast).toEqual(seasonCredits.cast);
    const movieId = (await h.json<{ results: Json[] }>('/3/trending/movie/day')).results[0]?.id as number;
    const movie = await h.json<{ credits: Credits }>(`/3/movie/${movieId}?append_to_response=credits`);
    const checks = [
      ...movie.credits.cast.map((c) => ({ person: c.id, work: movieId, media: 'movie', role: 'cast' as const, c })),
      ...movie.credits.crew.map((c) => ({ person: c.id, work: movieId, media: 'movie', role: 'crew' as const, c })),
      ...seasonCredits.cast.map((c) => ({ person: c.id, work: summary.id, media: 'tv', role: 'cast' as const, c })),
    ];
    expect(checks.length).toBeGreaterThan(3);
    for (const { person, work, media, role, c } of checks) {
      const details = await h.json<Json & { combined_credits: Credits }>(
        `/3/person/${person}?append_to_response=combined_credits`,
      );
      expect(details.name).toBe(c.name);
      const credit = details.combined_credits[role].find((item) => item.id === work && item.media_type === media);
      expect(credit, `${media} ${work} in ${person}'s ${role}`).toBeDefined();
      if (role === 'cast' && media === 'movie') expect(credit?.character).toBe(c.character);
      if (role === 'crew') expect(credit?.job).toBe(c.job);
    }
    // And the other way: each movie a person is credited on names them.
    const person = movie.credits.cast[0]?.id as number;
    const filmography = (
      await h.json<{ combined_credits: Credits }>(`/3/person/${person}?append_to_response=combined_credits`)
    ).combined_credits;
    for (const credit of filmography.cast.filter((item) => item.media_type === 'movie').slice(0, 5)) {
      const work = await h.json<{ credits: Credits }>(`/3/movie/${credit.id}?append_to_response=credits`);
      expect(work.credits.cast.map((c) => c.id)).toContain(person);
    }
  });

  it('agree with the person’s other answers: biography, IMDb id', async () => {
    const h = harness({ seed: 2 });
    const person = (await h.json<{ results: Json[] }>('/3/person/popular')).results[1] as Json;
    const details = await h.json(`/3/person/${person.id}`);
    const translations = await h.json<{ translations: { iso_639_1: string; data: { biography: string } }[] }>(
      `/3/person/${person.id}/translations`,
    );
    const externalIds = await h.json(`/3/person/${person.id}/external_ids`);
    expect(details).toMatchObject({
      name: person.name,
      profile_path: person.profile_path,
      imdb_id: externalIds.imdb_id,
    });
    expect(details.biography).toBe(translations.translations.find((t) => t.iso_639_1 === 'en')?.data.biography);
  });
});
