import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { type RecordRandom, recordRandom, round3 } from './random.js';
import { maybeImage, personName } from './text.js';
import { TRANSLATION_VOCABULARY } from './translation-vocabulary.js';
import { DEPARTMENTS, LANGUAGE_NAMES, SCRIPTS } from './vocabulary.js';

export interface PersonCore {
  readonly index: number;
  readonly id: number;
  readonly adult: boolean;
  readonly popularity: number;
  readonly gender: number;
  readonly department: string;
}

export function personCore(cat: Catalogue, index: number): PersonCore {
  const rng = recordRandom(cat.seed, KIND.person, index);
  const adult = rng.chance(0.01);
  const popularity = round3(0.1 + 400 * rng.next() ** 8);
  const g = rng.next();
  const department = rng.chance(0.7) ? 'Acting' : rng.pick(DEPARTMENTS)[0];
  return { index, id: cat.people.id(index), adult, popularity, gender: g < 0.15 ? 0 : g < 0.55 ? 1 : 2, department };
}

export interface PersonText {
  readonly name: string;
  readonly originalName: string;
  readonly profilePath: string | null;
}

export function personText(cat: Catalogue, index: number): PersonText {
  const rng = recordRandom(cat.seed, KIND.personText, index);
  const name = personName(rng);
  // Some people are known under a name in their own script: credits then show it as original_name.
  const script = rng.chance(0.15) ? SCRIPTS[rng.pick(['ja', 'ko', 'zh', 'ru'])] : undefined;
  const originalName = script ? rng.pickDistinct(script, 3).join('') : name;
  return { name, originalName, profilePath: cat.imageLabels.note(maybeImage(rng, 0.2), name) };
}

/** The person fields every credit repeats, in the real key order. */
export function creditPerson(cat: Catalogue, index: number): Record<string, unknown> {
  const core = personCore(cat, index);
  const text = personText(cat, index);
  return {
    adult: core.adult,
    gender: core.gender,
    id: core.id,
    known_for_department: core.department,
    name: text.name,
    original_name: text.originalName,
    popularity: core.popularity,
    profile_path: text.profilePath,
  };
}

/** One to three titles the person is known for, all existing and non-adult. */
function knownFor(cat: Catalogue, rng: RecordRandom): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  const count = rng.int(1, 3);
  for (let i = 0; i < count; i++) {
    const movie = rng.chance(0.6);
    const index = movie
      ? cat.nonAdultMovie(rng.int(0, cat.sizes.movies - 1))
      : cat.nonAdultSeries(rng.int(0, cat.sizes.series - 1));
    const key = `${movie}:${index}`;
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(movie ? cat.movieSummary(index, true) : cat.seriesSummary(index, true));
  }
  return items;
}

/** A person as the popular list gives them. */
export function personSummary(cat: Catalogue, index: number): Record<string, unknown> {
  const core = personCore(cat, index);
  const text = personText(cat, index);
  const rng = recordRandom(cat.seed, KIND.person, index, 1);
  return {
    adult: core.adult,
    gender: core.gender,
    id: core.id,
    known_for: knownFor(cat, rng),
    known_for_department: core.department,
    name: text.name,
    original_name: text.originalName,
    popularity: core.popularity,
    profile_path: text.profilePath,
  };
}

/** "" and null both mean "no value", sometimes side by side (FACTS §8). */
function externalId(rng: RecordRandom, value: string): string | null {
  const r = rng.next();
  return r < 0.25 ? null : r < 0.35 ? '' : value;
}

export function personExternalIds(cat: Catalogue, index: number): Record<string, unknown> {
  const rng = recordRandom(cat.seed, KIND.externalIds, index);
  const slug = personText(cat, index)
    .name.toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]+/g, '');
  return {
    id: cat.people.id(index),
    freebase_mid: externalId(rng, `/m/0${rng.hex(4)}`),
    freebase_id: externalId(rng, `/en/${slug}`),
    imdb_id: externalId(rng, `nm${String(rng.int(1, 9_999_999)).padStart(7, '0')}`),
    tvrage_id: rng.chance(0.5) ? null : rng.int(1, 99_999),
    wikidata_id: externalId(rng, `Q${rng.int(100, 99_999_999)}`),
    facebook_id: externalId(rng, slug),
    instagram_id: externalId(rng, slug),
    tiktok_id: externalId(rng, slug),
    twitter_id: externalId(rng, slug),
    youtube_id: externalId(rng, slug),
  };
}

/** A biography in the language where the fake has words for it, else the English one naming the language. */
function biographyText(name: string, language: string, english: string): string {
  const vocabulary = Object.hasOwn(TRANSLATION_VOCABULARY, language) ? TRANSLATION_VOCABULARY[language] : undefined;
  return vocabulary ? `${name} ${vocabulary.biography}` : `${name} is an actor and filmmaker (${english}).`;
}

/**
 * A person's biography in `language` (ISO 639-1), exactly as their translations give it: "" where they have no
 * translation into it, as the service answers then.
 */
export function biographyIn(cat: Catalogue, index: number, language: string): string {
  const translations = personTranslations(cat, index).translations as {
    iso_639_1: string;
    data: { biography: string };
  }[];
  return translations.find((translation) => translation.iso_639_1 === language)?.data.biography ?? '';
}

export function personTranslations(cat: Catalogue, index: number): Record<string, unknown> {
  const rng = recordRandom(cat.seed, KIND.translations, index);
  const text = personText(cat, index);
  const languages = ['en', ...rng.pickDistinct(Object.keys(LANGUAGE_NAMES).slice(1), rng.int(0, 6))];
  const withPrimary = rng.chance(0.5);
  const country: Record<string, string> = { en: 'US', pt: 'BR', zh: 'CN', ko: 'KR', ja: 'JP', hi: 'IN', ar: 'AE' };
  return {
    id: cat.people.id(index),
    translations: languages.map((language) => {
      const [native, english] = LANGUAGE_NAMES[language] ?? ['', language];
      return {
        iso_3166_1: country[language] ?? language.toUpperCase(),
        iso_639_1: language,
        name: native,
        english_name: english,
        data: {
          biography: rng.chance(0.3) ? '' : biographyText(text.name, language, english),
          name: rng.chance(0.5) ? '' : text.name,
          // In SPEC's table but absent from both real captures: sent by some records only.
          ...(withPrimary ? { primary: language === 'en' } : {}),
        },
      };
    }),
  };
}
