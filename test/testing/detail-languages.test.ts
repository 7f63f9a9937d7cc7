import { describe, expect, it } from 'vitest';
import { type Harness, harness, type Json } from './helpers.js';

/**
 * `language` on the detail answers and on videos, by the real service's rules: translated text where the fake has a
 * translation (the same text its `/translations` and its lists give), "" for translated fields where it has none,
 * genre names in the language, and videos only in the request's language unless `include_video_language` adds more.
 */

const SEEDS = [1, 4, 9];
const LANGUAGES = ['fr-FR', 'de-DE', 'es-ES', 'it-IT', 'ja-JP'];

type Page = { results: Json[] };
type Video = Json & { iso_639_1: string; published_at: string; id: string };
type Videos = { id: number; results: Video[] };
type Translations = { translations: { iso_639_1: string; data: { biography: string } }[] };
type Genre = { id: number; name: string };

async function ids(h: Harness, path: string, pages = 3): Promise<number[]> {
  const found: number[] = [];
  for (let page = 1; page <= pages; page++) {
    found.push(...(await h.json<Page>(`${path}?page=${page}`)).results.map((item) => item.id as number));
  }
  return [...new Set(found)];
}

const iso = (language: string) => language.slice(0, 2);

describe.each(SEEDS)('detail answers in a language, seed %i', (seed) => {
  it('a biography is exactly the one /translations has in that language, and "" where it has none', async () => {
    const h = harness({ seed });
    let translated = 0;
    let missing = 0;
    for (const id of await ids(h, '/3/person/popular', 2)) {
      const { translations } = await h.json<Translations>(`/3/person/${id}/translations`);
      const english = (await h.json(`/3/person/${id}`)).biography;
      expect(english).toBe(translations.find((t) => t.iso_639_1 === 'en')?.data.biography);
      for (const language of LANGUAGES) {
        const own = translations.find((t) => t.iso_639_1 === iso(language));
        const person = await h.json(`/3/person/${id}?language=${language}`);
        // Never the English text standing in for a missing translation.
        expect(person.biography, `${id} ${language}`).toBe(own?.data.biography ?? '');
        if (own === undefined) missing++;
        else if (own.data.biography !== '' && language !== 'it-IT' && language !== 'ja-JP') {
          translated++;
          expect(person.biography).not.toBe(english);
        }
      }
    }
    expect(translated).toBeGreaterThan(0);
    expect(missing).toBeGreaterThan(0);
  });

  it('a movie’s tagline is translated where its title is, and "" where the movie has no translation', async () => {
    const h = harness({ seed });
    const seen = { translated: 0, untranslated: 0, noTagline: 0 };
    for (const id of await ids(h, '/3/trending/movie/week')) {
      const english = await h.json(`/3/movie/${id}`);
      for (const language of ['fr-FR', 'de-DE', 'es-ES', 'it-IT']) {
        const movie = await h.json(`/3/movie/${id}?language=${language}`);
        const collection = movie.belongs_to_collection as Json | null;
        if (collection !== null) expect(collection.name).toBe(`${movie.title} Collection`);
        // A translated title is neither the English nor the original one; a movie's own language always has one.
        const hasTranslation = movie.title !== movie.original_title || movie.original_language === iso(language);
        if (english.tagline === '') {
          seen.noTagline++;
          expect(movie.tagline).toBe('');
        } else if (hasTranslation && language !== 'it-IT') {
          seen.translated++;
          expect(movie.tagline).not.toBe('');
          expect(movie.tagline).not.toBe(english.tagline);
        } else {
          // No translation (or none the fake has words for): the translated fields are empty, the title original.
          seen.untranslated++;
          expect(movie.tagline, `${id} ${language}`).toBe('');
          if (movie.original_language !== iso(language)) {
            expect(movie.title).toBe(movie.original_title);
            expect(movie.overview).toBe('');
          }
        }
      }
    }
    expect(seen.translated).toBeGreaterThan(3);
    expect(seen.untranslated).toBeGreaterThan(3);
    expect(seen.noTagline).toBeGreaterThan(0);
    // en-US, en and no language are the same answer.
    const [first] = await ids(h, '/3/trending/movie/week', 1);
    expect(await h.json(`/3/movie/${first}?language=en-US`)).toEqual(await h.json(`/3/movie/${first}`));
  });

  it('genre names follow the language, the same name for the same id everywhere, English where untranslated', async () => {
    const h = harness({ seed });
    const names = new Map<string, Map<number, string>>();
    const record = (language: string, genres: Genre[]) => {
      const byId = names.get(language) ?? new Map<number, string>();
      for (const genre of genres) {
        expect(byId.get(genre.id) ?? genre.name, `${language} genre ${genre.id}`).toBe(genre.name);
        byId.set(genre.id, genre.name);
      }
      names.set(language, byId);
    };
    const movies = await ids(h, '/3/trending/movie/week');
    const series = (await ids(h, '/3/discover/tv', 2)).slice(0, 30);
    for (const language of ['en-US', 'fr-FR', 'de-DE', 'es-ES', 'it-IT']) {
      for (const id of movies) {
        const movie = await h.json<{ genres: Genre[] }>(`/3/movie/${id}?language=${language}`);
        record(language, movie.genres);
      }
      for (const id of series)
        record(language, (await h.json<{ genres: Genre[] }>(`/3/tv/${id}?language=${language}`)).genres);
    }
    const english = names.get('en-US') as Map<number, string>;
    expect(names.get('it-IT')).toEqual(english);
    for (const language of ['fr-FR', 'de-DE', 'es-ES']) {
      const translated = names.get(language) as Map<number, string>;
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      const differ = [...translated].filter(([id, name]) => english.get(id) !== name);
      expect(differ.length, language).toBeGreaterThan(3);
    }
    const known: Record<string, Record<number, string>> = {
      'fr-FR': { 35: 'Comédie', 18: 'Drame', 27: 'Horreur' },
      'de-DE': { 35: 'Komödie', 18: 'Drama', 80: 'Krimi' },
      'es-ES': { 35: 'Comedia', 28: 'Acción', 27: 'Terror' },
    };
    for (const [language, expected] of Object.entries(known)) {
      for (const [id, name] of Object.entries(expected)) {
        const served = names.get(language)?.get(Number(id));
        if (served !== undefined) expect(served).toBe(name);
      }
    }
  });

  it('a series’ seasons and last episode read as season details read in that language', async () => {
    const h = harness({ seed });
    let translatedOverviews = 0;
    for (const id of (await ids(h, '/3/discover/tv', 1)).slice(0, 10)) {
      for (const language of ['fr-FR', 'es-ES', 'it-IT']) {
        const series = await h.json<Json & { seasons: Json[]; last_episode_to_air: Json }>(
          `/3/tv/${id}?language=${language}`,
        );
        for (const season of series.seasons) {
          const details = await h.json<Json & { episodes: Json[] }>(
            `/3/tv/${id}/season/${season.season_number}?language=${language}`,
          );
          expect(season.name).toBe(details.name);
          expect(season.overview).toBe(details.overview);
          if (details.overview !== '') translatedOverviews++;
          const last = series.last_episode_to_air;
          if (last.season_number === season.season_number) {
            const episode = details.episodes.find((e) => e.episode_number === last.episode_number);
            expect({ name: last.name, overview: last.overview }).toEqual({
              name: episode?.name,
              overview: episode?.overview,
            });
          }
        }
      }
    }
    expect(translatedOverviews).toBeGreaterThan(0);
  });

  it('the same seed gives the same translated details', async () => {
    const [a, b] = [harness({ seed }), harness({ seed })];
    const [movie] = await ids(a, '/3/trending/movie/week', 1);
    const [person] = await ids(a, '/3/person/popular', 1);
    for (const path of [
      `/3/movie/${movie}?language=fr-FR&append_to_response=videos`,
      `/3/person/${person}?language=de-DE`,
    ]) {
      expect(await a.json(path)).toEqual(await b.json(path));
    }
  });
});

describe.each(SEEDS)('videos and the language, seed %i', (seed) => {
  /** Every video of a movie: the request that asks for every language any of its videos has. */
  async function everyVideo(h: Harness, id: number): Promise<Video[]> {
    const all = 'en,fr,de,es,it,ja,pt,ko,zh,ru,hi,tl,null';
    return (await h.json<Videos>(`/3/movie/${id}/videos?include_video_language=${all}`)).results;
  }

  it('answer only the videos in the request’s language, English by default', async () => {
    const h = harness({ seed });
    let filtered = 0;
    let french = 0;
    for (const id of await ids(h, '/3/trending/movie/week', 2)) {
      const all = await everyVideo(h, id);
      const plain = await h.json<Videos>(`/3/movie/${id}/videos`);
      expect(await h.json<Videos>(`/3/movie/${id}/videos?language=en-US`)).toEqual(plain);
      for (const language of ['en-US', 'fr-FR', 'de-DE', 'ja-JP', 'it-IT']) {
        const answer = await h.json<Videos>(`/3/movie/${id}/videos?language=${language}`);
        expect(answer.id).toBe(id);
        // Exactly the videos in that language, in the order of the whole list (newest first).
        expect(answer.results).toEqual(all.filter((video) => video.iso_639_1 === iso(language)));
        if (answer.results.length < all.length) filtered++;
        if (language === 'fr-FR') french += answer.results.length;
      }
      const times = all.map((video) => video.published_at);
      expect(times).toEqual([...times].sort().reverse());
    }
    expect(filtered).toBeGreaterThan(5);
    expect(french).toBeGreaterThan(0);
  });

  it('include_video_language adds the languages it lists (a comma list, "null" for no language)', async () => {
    const h = harness({ seed });
    let widened = 0;
    for (const id of await ids(h, '/3/trending/movie/week', 2)) {
      const all = await everyVideo(h, id);
      // The fake's videos all have a language, as the real ones do: `null` alone adds none.
      expect(all.every((video) => video.iso_639_1.length === 2)).toBe(true);
      const cases: [string, string[]][] = [
        ['language=fr-FR&include_video_language=en', ['fr', 'en']],
        ['language=fr-FR&include_video_language=en,null', ['fr', 'en']],
        ['language=de-DE&include_video_language=fr,es', ['de', 'fr', 'es']],
        ['include_video_language=fr', ['en', 'fr']],
        ['language=fr-FR&include_video_language=null', ['fr']],
        ['language=ja-JP&include_video_language=en-US,%20de', ['ja', 'en', 'de']],
      ];
      for (const [query, languages] of cases) {
        const answer = await h.json<Videos>(`/3/movie/${id}/videos?${query}`);
        expect(answer.results, `${id} ${query}`).toEqual(all.filter((video) => languages.includes(video.iso_639_1)));
      }
      const french = await h.json<Videos>(`/3/movie/${id}/videos?language=fr-FR`);
      const both = await h.json<Videos>(`/3/movie/${id}/videos?language=fr-FR&include_video_language=en`);
      if (both.results.length > french.results.length && french.results.length > 0) widened++;
    }
    expect(widened).toBeGreaterThan(0);
  });

  it('appended videos follow the same rules as /videos', async () => {
    const h = harness({ seed });
    let appendedFrench = 0;
    for (const id of await ids(h, '/3/trending/movie/week', 1)) {
      for (const query of ['', 'language=fr-FR', 'language=fr-FR&include_video_language=en,de', 'language=es-ES']) {
        const { id: _id, ...videos } = await h.json<Videos>(`/3/movie/${id}/videos?${query}`);
        const details = await h.json<{ videos: Json }>(`/3/movie/${id}?append_to_response=videos&${query}`);
        expect(details.videos, `${id} ${query}`).toEqual(videos);
        if (query === 'language=fr-FR') {
          expect((details.videos.results as Video[]).every((video) => video.iso_639_1 === 'fr')).toBe(true);
          appendedFrench += (details.videos.results as Video[]).length;
        }
      }
    }
    expect(appendedFrench).toBeGreaterThan(0);
  });
});
