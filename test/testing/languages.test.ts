import { describe, expect, it } from 'vitest';
import { harness, type Json } from './helpers.js';

interface Page {
  results: Json[];
}

interface Season {
  name: string;
  overview: string;
  episodes: Json[];
}

/** The fields that do not depend on the language: everything but the translated text. */
function withoutText(record: Json): Json {
  const { name: _name, title: _title, overview: _overview, ...rest } = record;
  return rest;
}

describe('the language parameter', () => {
  it('en-US, en and no language answer the same bytes', async () => {
    const h = harness({ seed: 2 });
    const plain = await (await h.get('/3/trending/tv/day')).text();
    expect(await (await h.get('/3/trending/tv/day?language=en-US')).text()).toBe(plain);
    expect(await (await h.get('/3/trending/tv/day?language=en')).text()).toBe(plain);
  });

  it('serves names and overviews in the language where there is a translation, else the original name and ""', async () => {
    const h = harness({ seed: 2 });
    const english = await h.json<Page>('/3/trending/tv/week');
    const french = await h.json<Page>('/3/trending/tv/week?language=fr-FR');
    expect(french.results.map(withoutText)).toEqual(english.results.map(withoutText));
    let translated = 0;
    let untranslated = 0;
    french.results.forEach((series, i) => {
      const en = english.results[i] as Json;
      if (series.name !== en.name && series.name !== series.original_name) {
        translated++;
        expect(series.overview === '' || series.overview !== en.overview).toBe(true);
      } else {
        expect(series.name).toBe(series.original_name);
        if (series.original_language !== 'fr') {
          untranslated++;
          expect(series.overview).toBe('');
        }
      }
    });
    // "Part of the catalogue": both kinds are on one page.
    expect(translated).toBeGreaterThan(3);
    expect(untranslated).toBeGreaterThan(0);
  });

  it('two languages give different names for the same record; each is seeded', async () => {
    const h = harness({ seed: 3 });
    const [en, fr, de] = await Promise.all(
      ['en-US', 'fr-FR', 'de-DE'].map((language) => h.json<Page>(`/3/trending/movie/day?language=${language}`)),
    );
    const id = (i: number) => en?.results[i]?.id;
    // Translated in both: neither the English nor the original title.
    const translated = (movie: Json | undefined, english: Json) =>
      movie?.title !== english.title && movie?.title !== english.original_title;
    const differs = (en?.results ?? []).filter(
      (movie, i) => translated(fr?.results[i], movie) && translated(de?.results[i], movie),
    );
    expect(differs.length).toBeGreaterThan(0);
    for (const movie of differs) {
      const i = en?.results.indexOf(movie) as number;
      expect(fr?.results[i]?.id).toBe(id(i));
      expect(fr?.results[i]?.title).not.toBe(de?.results[i]?.title);
      // The original title is the same in every language.
      expect(fr?.results[i]?.original_title).toBe(movie.original_title);
    }
    const again = harness({ seed: 3 });
    expect(await again.json<Page>('/3/trending/movie/day?language=fr-FR')).toEqual(fr);
  });

  it('a language the fake has no translations in serves original names and empty overviews', async () => {
    const h = harness({ seed: 1 });
    const italian = await h.json<Page>('/3/discover/tv?language=it-IT');
    for (const series of italian.results) {
      expect(series.name).toBe(series.original_name);
      if (series.original_language !== 'it') expect(series.overview).toBe('');
    }
  });

  it('translates season details: the season name, and episodes or their placeholder', async () => {
    const h = harness({ seed: 4 });
    let translated = 0;
    let placeholders = 0;
    for (const series of h.service.control.allSeries().slice(0, 12)) {
      const path = `/3/tv/${series.id}/season/1`;
      const english = await h.json<Season>(path);
      const french = await h.json<Season>(`${path}?language=fr-FR`);
      expect(french.name).toBe('Saison 1');
      expect(french.episodes.map(withoutText)).toEqual(english.episodes.map(withoutText));
      french.episodes.forEach((episode, i) => {
        if (episode.name === `Épisode ${i + 1}`) {
          placeholders++;
          expect(episode.overview).toBe('');
        } else {
          translated++;
          expect(episode.name).not.toBe(english.episodes[i]?.name);
        }
      });
    }
    expect(translated).toBeGreaterThan(0);
    expect(placeholders).toBeGreaterThan(0);
  });

  it('translates what people are known for, not their names', async () => {
    const h = harness({ seed: 1 });
    const english = await h.json<Page>('/3/person/popular');
    const spanish = await h.json<Page>('/3/person/popular?language=es-ES');
    expect(spanish.results.map((p) => p.name)).toEqual(english.results.map((p) => p.name));
    const titles = (page: Page) => page.results.flatMap((p) => (p.known_for as Json[]).map((k) => k.title ?? k.name));
    expect(titles(spanish)).not.toEqual(titles(english));
  });

  it('sorts discover by the names it serves in the language', async () => {
    const h = harness({ seed: 1 });
    const french = await h.json<Page>('/3/discover/tv?language=fr-FR&sort_by=name.asc');
    const names = french.results.map((s) => s.name as string);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const english = await h.json<Page>('/3/discover/tv?sort_by=name.asc');
    expect(names).not.toEqual(english.results.map((s) => s.name));
  });
});

describe('change feeds and languages', () => {
  it('English text changes carry iso_639_1 "en" and leave another language alone', async () => {
    const h = harness({ seed: 4 });
    const series = h.service.control.allSeries()[0]?.id as number;
    const id = h.service.control.episodeId({ series_id: series, season_number: 1, episode_number: 1 }) as number;
    const frenchBefore = await h.json<Season>(`/3/tv/${series}/season/1?language=fr-FR`);
    h.service.control.mutateEpisode(id, { name: 'Renamed in English', overview: 'A new English overview.' });
    const feed = await h.json<{ changes: { key: string; items: Json[] }[] }>(`/3/tv/episode/${id}/changes`);
    for (const key of ['name', 'overview']) {
      expect(feed.changes.find((g) => g.key === key)?.items[0]?.iso_639_1).toBe('en');
    }
    expect(await h.json<Season>(`/3/tv/${series}/season/1?language=fr-FR`)).toEqual(frenchBefore);
  });

  it('a translation change carries its language and is what that language then serves', async () => {
    const h = harness({ seed: 5 });
    const mutated = h.service.control.mutateEpisodes({ count: 40 });
    let checked = 0;
    for (const episode of mutated) {
      const feed = await h.json<{ changes: { key: string; items: Json[] }[] }>(
        `/3/tv/episode/${episode.episode_id}/changes`,
      );
      const foreign = feed.changes.find((g) => g.key === 'name')?.items.find((item) => item.iso_639_1 !== 'en');
      if (!foreign) continue;
      checked++;
      const language = { fr: 'fr-FR', de: 'de-DE', es: 'es-ES' }[foreign.iso_639_1 as string];
      const season = await h.json<Season>(
        `/3/tv/${episode.series_id}/season/${episode.season_number}?language=${language}`,
      );
      const served = season.episodes.find((e) => e.id === episode.episode_id);
      expect(served?.name).toBe(foreign.value);
      expect(['added', 'updated']).toContain(foreign.action);
      // English stays what the English changes say.
      expect(h.service.control.episode(episode.episode_id)?.name).not.toBe(foreign.value);
    }
    expect(checked).toBeGreaterThan(2);
  });
});
