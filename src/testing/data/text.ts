import type { RecordRandom } from './random.js';
import {
  ADJECTIVES,
  FIRST_NAMES,
  LAST_NAMES,
  NOUNS,
  OVERVIEW_ACTIONS,
  OVERVIEW_OPENINGS,
  OVERVIEW_SUBJECTS,
  PLACES,
  SCRIPTS,
} from './vocabulary.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An image path in the service's shape: `/` + 27 base62 characters + `.jpg`. */
export function imageFilePath(rng: RecordRandom): string {
  let name = '/';
  for (let i = 0; i < 27; i++) name += BASE62[Math.floor(rng.next() * 62)];
  return `${name}.jpg`;
}

/** An image path, or null for records without an image (a real quirk the library must survive). */
export function maybeImage(rng: RecordRandom, nullProbability: number): string | null {
  const path = imageFilePath(rng);
  return rng.chance(nullProbability) ? null : path;
}

export function title(rng: RecordRandom): string {
  switch (rng.int(0, 4)) {
    case 0:
      return `The ${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
    case 1:
      return `${rng.pick(NOUNS)} of ${rng.pick(PLACES)}`;
    case 2:
      return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)} & ${rng.pick(NOUNS)}`;
    case 3:
      return `${rng.pick(PLACES)} ${rng.pick(NOUNS)}`;
    default:
      return `${rng.pick(ADJECTIVES)} ${rng.pick(NOUNS)}`;
  }
}

/** A name written in the language's own script, or the English title when the language is written in Latin. */
export function nativeTitle(rng: RecordRandom, language: string, englishTitle: string): string {
  const syllables = SCRIPTS[language];
  if (!syllables) return englishTitle;
  const separator = language === 'ru' || language === 'hi' || language === 'ar' ? ' ' : '';
  const parts: string[] = [];
  const count = rng.int(2, 5);
  for (let i = 0; i < count; i++) parts.push(rng.pick(syllables));
  return parts.join(separator);
}

export function personName(rng: RecordRandom): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

export function overview(rng: RecordRandom): string {
  return `${rng.pick(OVERVIEW_OPENINGS)} ${rng.pick(OVERVIEW_SUBJECTS)} ${rng.pick(OVERVIEW_ACTIONS)}.`;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a day number (days since 1970-01-01). */
export function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Day number of a `YYYY-MM-DD` string, or undefined for `""`. */
export function dayOf(date: string): number | undefined {
  return date === '' ? undefined : Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** `YYYY-MM-DD HH:MM:SS UTC`, the format of change items and auth timestamps. */
export function serviceTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
