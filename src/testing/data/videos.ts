import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { type RecordRandom, recordRandom } from './random.js';
import { TRANSLATION_VOCABULARY } from './translation-vocabulary.js';
import { languageOf } from './translations.js';
import { COUNTRY_OF, VIDEO_TYPES } from './vocabulary.js';

const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SIZES = [360, 480, 720, 1080, 2160];
/** Languages a movie's other videos are in, besides its original language's. */
const VIDEO_LANGUAGES = ['fr', 'de', 'es', 'it', 'ja', 'pt', 'ko'];

type Video = Record<string, unknown> & { iso_639_1: string; published_at: string };

/** One video published `published` ms since the epoch; the draws keep the order the English videos always had. */
function video(rng: RecordRandom, published: number, language: string, country: string): Video {
  const type = rng.pick(VIDEO_TYPES);
  let key = '';
  for (let i = 0; i < 11; i++) key += KEY_CHARS[Math.floor(rng.next() * KEY_CHARS.length)];
  const label = language === 'en' ? type : (TRANSLATION_VOCABULARY[language]?.video ?? type);
  return {
    iso_639_1: language,
    iso_3166_1: country,
    name: `${label} ${rng.int(1, 3)}`,
    key,
    site: rng.chance(0.95) ? 'YouTube' : 'Vimeo',
    size: rng.pick(SIZES),
    type,
    official: rng.chance(0.8),
    published_at: new Date(published).toISOString(),
    id: rng.hex(24),
  };
}

/** `count` videos newest first, each published up to 400 hours before the previous one. */
function timeline(rng: RecordRandom, count: number, language: () => string): Video[] {
  let published = Date.UTC(2024, 0, 1) - rng.int(0, 3650) * 86_400_000;
  return Array.from({ length: count }, () => {
    published -= rng.int(1, 400) * 3_600_000 + rng.int(0, 3_599_999);
    const iso = language();
    return video(rng, published, iso, COUNTRY_OF[iso] ?? iso.toUpperCase());
  });
}

/**
 * Every video of a movie in every language, newest first like the real service; `published_at` is ISO 8601 with
 * milliseconds. The English videos come from the stream they always came from; the others (in the movie's original
 * language more often than not) from a stream of their own, so an English answer is what it always was.
 */
export function movieVideos(cat: Catalogue, movieIndex: number): Record<string, unknown> {
  const rng = recordRandom(cat.seed, KIND.videos, movieIndex);
  const english = timeline(rng, rng.chance(0.15) ? 0 : rng.int(1, 8), () => 'en');
  const other = recordRandom(cat.seed, KIND.videos, movieIndex, 1);
  const original = cat.movieSummary(movieIndex, false).original_language as string;
  const pickLanguage = () => (original !== 'en' && other.chance(0.5) ? original : other.pick(VIDEO_LANGUAGES));
  const localized = timeline(other, other.chance(0.4) ? 0 : other.int(1, 5), pickLanguage);
  const newestFirst = (a: Video, b: Video) =>
    a.published_at < b.published_at ? 1 : a.published_at > b.published_at ? -1 : 0;
  const results = [...english, ...localized].sort(newestFirst);
  return { id: cat.movies.id(movieIndex), results };
}

/**
 * The languages (ISO 639-1) whose videos a request gets: its `language` (English by default) and those that
 * `include_video_language` adds, a comma list where `null` stands for videos with no language.
 */
export function videoLanguages(query: URLSearchParams): ReadonlySet<string> {
  const extra = (query.get('include_video_language') ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)
    .map((item) => (item === 'null' ? item : (item.split('-')[0] as string)));
  return new Set([languageOf(query), ...extra]);
}

/** A videos answer (`{ id?, results }`) with only the videos in `languages`, as the service filters them. */
export function videosIn<T extends { results?: unknown }>(body: T, languages: ReadonlySet<string>): T {
  const results = (body.results as Video[]).filter((item) => languages.has(item.iso_639_1 || 'null'));
  return { ...body, results };
}
