import { GENRE_TRANSLATIONS } from './genre-translations.js';

/** The service's genre names for the ids the generator draws (`vocabulary.ts`), as details list them. */
const NAMES: Readonly<Record<number, string>> = {
  28: 'Action',
  12: 'Adventure',
  16: 'Animation',
  35: 'Comedy',
  80: 'Crime',
  99: 'Documentary',
  18: 'Drama',
  10751: 'Family',
  14: 'Fantasy',
  36: 'History',
  27: 'Horror',
  10402: 'Music',
  9648: 'Mystery',
  10749: 'Romance',
  878: 'Science Fiction',
  10770: 'TV Movie',
  53: 'Thriller',
  10752: 'War',
  37: 'Western',
  10759: 'Action & Adventure',
  10762: 'Kids',
  10763: 'News',
  10764: 'Reality',
  10765: 'Sci-Fi & Fantasy',
  10766: 'Soap',
  10767: 'Talk',
  10768: 'War & Politics',
};

/**
 * `[{ id, name }]` for a record's `genre_ids`, in the same order, named in `language` (ISO 639-1) where the service
 * has the genre's name in it, else in English.
 */
export function genresOf(ids: readonly number[], language = 'en'): { id: number; name: string }[] {
  const translated = Object.hasOwn(GENRE_TRANSLATIONS, language) ? GENRE_TRANSLATIONS[language] : undefined;
  return ids.map((id) => ({ id, name: translated?.[id] ?? NAMES[id] ?? `Genre ${id}` }));
}
