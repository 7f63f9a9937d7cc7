import type { Catalogue } from './catalogue.js';
import { generatedEpisodeFields } from './episodes.js';
import { KIND } from './kinds.js';
import { hashString, type RecordRandom, recordRandom, unit } from './random.js';
import { episodeId, type SeasonShape } from './scale.js';
import { seriesCore, seriesText } from './series.js';
import { TRANSLATION_VOCABULARY, type TranslationVocabulary, titlePhrase } from './translation-vocabulary.js';

/**
 * The fake's translations (DESIGN, Contracts: "Language"). English is the primary text every record has, served
 * exactly as before for `en-*`. French, German and Spanish translations exist for part of the catalogue, drawn
 * from `(seed, record, language)`; a record without one is served as the service serves it: its original-language
 * name and an empty overview. Other languages have no translations at all.
 */

/** Share of series and movies translated into each language: "part of the catalogue", like the real one. */
const TRANSLATED_SHARE = 0.6;
/** Share of a translated series' episodes that are translated too (the rest show "Épisode 3"). */
const TRANSLATED_EPISODE_SHARE = 0.8;

const RECORD = { series: 1, movie: 2, episode: 3, season: 4 } as const;

/** The ISO 639-1 part of a `language` parameter (`fr-FR` → `fr`); no parameter means the default, English. */
export function languageOf(query: URLSearchParams): string {
  const raw = query.get('language');
  return raw ? (raw.split('-')[0] as string).toLowerCase() : 'en';
}

export interface Translation {
  readonly name: string;
  readonly overview: string;
}

function vocabularyOf(language: string): TranslationVocabulary | undefined {
  return Object.hasOwn(TRANSLATION_VOCABULARY, language) ? TRANSLATION_VOCABULARY[language] : undefined;
}

/** The text of a record's translation; drawn apart from whether it has one (`hasShare`). */
function streamOf(cat: Catalogue, record: number, id: number, language: string): RecordRandom {
  return recordRandom(cat.seed, KIND.translation, record, id, hashString(language), 1);
}

/** Whether a record is among the seeded `share` translated into `language`. */
function hasShare(cat: Catalogue, record: number, id: number, language: string, share: number): boolean {
  return unit(cat.seed, KIND.translation, record, id, hashString(language), 0) < share;
}

export function translatedTitle(rng: RecordRandom, vocabulary: TranslationVocabulary): string {
  return titlePhrase(vocabulary, rng.pick(vocabulary.nouns), rng.pick(vocabulary.adjectives));
}

function translatedOverview(rng: RecordRandom, vocabulary: TranslationVocabulary): string {
  return `${rng.pick(vocabulary.openings)} ${rng.pick(vocabulary.subjects)} ${rng.pick(vocabulary.actions)}.`;
}

/**
 * A series' or movie's text in `language`. Its own language is always "translated" (its original name); otherwise a
 * seeded share has a translation. An English overview that is empty stays empty in every language.
 */
function recordTranslation(
  cat: Catalogue,
  record: number,
  id: number,
  language: string,
  original: { language: string; name: string; overview: string },
): Translation {
  const vocabulary = vocabularyOf(language);
  const rng = streamOf(cat, record, id, language);
  const own = original.language === language;
  if (!own && (!vocabulary || !hasShare(cat, record, id, language, TRANSLATED_SHARE))) {
    return { name: original.name, overview: '' };
  }
  const name = own || !vocabulary ? original.name : translatedTitle(rng, vocabulary);
  const overview = original.overview === '' || !vocabulary ? '' : translatedOverview(rng, vocabulary);
  return { name, overview };
}

/** A series summary (or any record with the series' `id`, `name`, `original_name`, `overview`) in `language`. */
export function localizeSeries(cat: Catalogue, record: Record<string, unknown>, language: string) {
  if (language === 'en') return record;
  const index = cat.series.index(record.id as number);
  if (index === undefined) return record;
  const text = seriesTranslation(cat, index, language);
  return { ...record, name: text.name, overview: text.overview };
}

/** A series' name and overview in `language` (English: the primary text). */
export function seriesTranslation(cat: Catalogue, index: number, language: string): Translation {
  const core = seriesCore(cat, index);
  const text = seriesText(cat, index, core.language);
  if (language === 'en') return { name: text.name, overview: text.overview };
  const original = { language: core.language, name: text.originalName, overview: text.overview };
  return recordTranslation(cat, RECORD.series, core.id, language, original);
}

/** A movie summary in `language`: `title` and `overview` change, `original_title` stays. */
export function localizeMovie(cat: Catalogue, record: Record<string, unknown>, language: string) {
  if (language === 'en') return record;
  const original = {
    language: record.original_language as string,
    name: record.original_title as string,
    overview: record.overview as string,
  };
  const text = recordTranslation(cat, RECORD.movie, record.id as number, language, original);
  return { ...record, title: text.name, overview: text.overview };
}

/** An item of `known_for` (a movie or a series, by `media_type`) in `language`. */
export function localizeKnownFor(cat: Catalogue, record: Record<string, unknown>, language: string) {
  return record.media_type === 'movie' ? localizeMovie(cat, record, language) : localizeSeries(cat, record, language);
}

/** Whether a movie has a translation into `language`: its own language always has one (as `localizeMovie`). */
function movieTranslated(cat: Catalogue, id: number, originalLanguage: string, language: string): boolean {
  return (
    vocabularyOf(language) !== undefined &&
    (originalLanguage === language || hasShare(cat, RECORD.movie, id, language, TRANSLATED_SHARE))
  );
}

/**
 * A movie's tagline in `language`. Taglines are translated text: a movie without a translation has "" (never the
 * English one), and one whose English tagline is "" has none in any language. Drawn from a stream of its own so
 * that the title and overview stay what every list shows.
 */
export function movieTagline(cat: Catalogue, movie: Record<string, unknown>, english: string, language: string) {
  if (language === 'en') return english;
  const vocabulary = vocabularyOf(language);
  const id = movie.id as number;
  if (!vocabulary || english === '' || !movieTranslated(cat, id, movie.original_language as string, language)) {
    return '';
  }
  return recordRandom(cat.seed, KIND.translation, RECORD.movie, id, hashString(language), 2).pick(vocabulary.taglines);
}

function seriesTranslated(cat: Catalogue, seriesIndex: number, language: string): boolean {
  const core = seriesCore(cat, seriesIndex);
  return (
    vocabularyOf(language) !== undefined &&
    (core.language === language || hasShare(cat, RECORD.series, core.id, language, TRANSLATED_SHARE))
  );
}

/** What the service shows for an episode without a translation: its number, in the language (`Épisode 3`). */
function episodePlaceholder(language: string, episodeNumber: number): string {
  return `${vocabularyOf(language)?.episode ?? 'Episode'} ${episodeNumber}`;
}

/** A season's name in `language` (`Saison 2`, `Especiales`). */
function seasonName(language: string, seasonNumber: number): string {
  const vocabulary = vocabularyOf(language);
  if (seasonNumber === 0) return vocabulary?.specials ?? 'Specials';
  return `${vocabulary?.season ?? 'Season'} ${seasonNumber}`;
}

/**
 * An episode's translation in `language` (not English), or undefined when it has none and the service shows the
 * placeholder. A translation change recorded by `mutateEpisodes` (`cat.translationOverrides`) wins. Whether there is
 * an overview follows the generated English one, never a mutated one: an English change must not change another
 * language's text, since a client of that language ignores the English change items.
 */
export function episodeTranslation(
  cat: Catalogue,
  seriesIndex: number,
  season: SeasonShape,
  episodeNumber: number,
  language: string,
): Translation | undefined {
  const id = episodeId(seriesIndex, season.seasonNumber, episodeNumber);
  const override = cat.translationOverrides.get(`${language}:${id}`);
  const vocabulary = vocabularyOf(language);
  const translated =
    vocabulary !== undefined &&
    seriesTranslated(cat, seriesIndex, language) &&
    hasShare(cat, RECORD.episode, id, language, TRANSLATED_EPISODE_SHARE);
  if (!translated) return override ? { name: override.name, overview: '' } : undefined;
  const rng = streamOf(cat, RECORD.episode, id, language);
  const name = translatedTitle(rng, vocabulary);
  const english = generatedEpisodeFields(cat, seriesIndex, season, episodeNumber).overview;
  const overview = english === '' ? '' : translatedOverview(rng, vocabulary);
  return { name: override?.name ?? name, overview };
}

/** An episode object (season details, a series' `last_episode_to_air`) in `language`. */
export function localizeEpisode(
  cat: Catalogue,
  seriesIndex: number,
  season: SeasonShape,
  record: Record<string, unknown>,
  language: string,
): Record<string, unknown> {
  if (language === 'en') return record;
  const episodeNumber = record.episode_number as number;
  const text = episodeTranslation(cat, seriesIndex, season, episodeNumber, language);
  return {
    ...record,
    name: text?.name ?? episodePlaceholder(language, episodeNumber),
    overview: text?.overview ?? '',
  };
}

/** A season's details in `language`: its name, its overview (when the series is translated) and its episodes. */
export function localizeSeasonDetails(
  cat: Catalogue,
  seriesIndex: number,
  season: SeasonShape,
  body: Record<string, unknown>,
  language: string,
): Record<string, unknown> {
  if (language === 'en') return body;
  const text = seasonTranslation(cat, seriesIndex, season.seasonNumber, body.overview as string, language);
  const episodes = (body.episodes as Record<string, unknown>[]).map((episode) =>
    localizeEpisode(cat, seriesIndex, season, episode, language),
  );
  return { ...body, episodes, ...text };
}

/**
 * A season's name and overview in `language` (not English), as season details and the series' `seasons` both show
 * them: the overview when the series is translated and the English one is not "".
 */
export function seasonTranslation(
  cat: Catalogue,
  seriesIndex: number,
  seasonNumber: number,
  englishOverview: string,
  language: string,
): Translation {
  const vocabulary = vocabularyOf(language);
  const translated = vocabulary !== undefined && seriesTranslated(cat, seriesIndex, language);
  // Seasons have no id codec of their own: the stream is keyed by the series index and the season number.
  const rng = recordRandom(cat.seed, KIND.translation, RECORD.season, seriesIndex, seasonNumber, hashString(language));
  const overview = translated && englishOverview !== '' ? translatedOverview(rng, vocabulary) : '';
  return { name: seasonName(language, seasonNumber), overview };
}
