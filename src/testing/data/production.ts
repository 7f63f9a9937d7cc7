import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { type RecordRandom, recordRandom } from './random.js';
import { seasonCredits } from './seasons.js';
import { imageFilePath } from './text.js';
import { COUNTRY_OF } from './vocabulary.js';

/** Companies a record names in `production_companies`; some have no logo or no country, as on the service. */
const COMPANIES = [
  { id: 1, name: 'Lanternfish Pictures', origin_country: 'US' },
  { id: 25, name: 'Twentieth Harbour', origin_country: 'US' },
  { id: 33, name: 'Universal Fake Studios', origin_country: 'US' },
  { id: 174, name: 'Warner Fictional', origin_country: 'US' },
  { id: 3268, name: 'Northlight Originals', origin_country: 'US' },
  { id: 5820, name: 'Generator Fake Entertainment', origin_country: 'GB' },
  { id: 12525, name: 'Television 360 Fake', origin_country: '' },
  { id: 104, name: 'Canal Faux', origin_country: 'FR' },
  { id: 7380, name: 'Kanal Süd Film', origin_country: 'DE' },
  { id: 882, name: 'Toho Fake', origin_country: 'JP' },
  { id: 7036, name: 'CJ Fake ENM', origin_country: 'KR' },
  { id: 2409, name: 'Estrella Producciones', origin_country: 'ES' },
] as const;

/** English names of the countries records come from (ISO 3166-1, as `production_countries` spells them). */
const COUNTRY_NAMES: Readonly<Record<string, string>> = {
  US: 'United States of America',
  GB: 'United Kingdom',
  JP: 'Japan',
  KR: 'South Korea',
  ES: 'Spain',
  FR: 'France',
  DE: 'Germany',
  IN: 'India',
  CN: 'China',
  RU: 'Russia',
  BR: 'Brazil',
  IT: 'Italy',
  PH: 'Philippines',
  EG: 'Egypt',
};

export interface Production {
  production_companies: { id: number; logo_path: string | null; name: string; origin_country: string }[];
  production_countries: { iso_3166_1: string; name: string }[];
}

function companies(rng: RecordRandom): Production['production_companies'] {
  const count = rng.chance(0.1) ? 0 : rng.int(1, 3);
  const picked = new Map<number, (typeof COMPANIES)[number]>();
  for (let i = 0; i < count; i++) {
    const company = rng.pick(COMPANIES);
    picked.set(company.id, company);
  }
  return [...picked.values()].map((company) => ({
    id: company.id,
    logo_path: rng.chance(0.3) ? null : imageFilePath(rng).replace('.jpg', '.png'),
    name: company.name,
    origin_country: company.origin_country,
  }));
}

/**
 * The companies and countries of a record of `kind` (movie or series details), from its own random stream so
 * the record's other fields stay as they were. Countries are the record's own (by its original language) and
 * its companies' countries, so the two agree; about one record in ten names no company.
 */
export function productionOf(cat: Catalogue, kind: number, index: number, originalLanguage: string): Production {
  const rng = recordRandom(cat.seed, kind, index, 1);
  const production_companies = companies(rng);
  const codes = new Set([COUNTRY_OF[originalLanguage] ?? 'US']);
  for (const company of production_companies) if (company.origin_country) codes.add(company.origin_country);
  const production_countries = [...codes]
    .sort()
    .map((code) => ({ iso_3166_1: code, name: COUNTRY_NAMES[code] ?? code }));
  return { production_companies, production_countries };
}

/**
 * A series' `created_by`: one or two people of its first season's crew (so the creators are people the fake
 * has, with their own name, gender and picture), none for about one series in seven, as on the service.
 */
export function creatorsOf(cat: Catalogue, seriesIndex: number, firstSeason: number): Record<string, unknown>[] {
  const rng = recordRandom(cat.seed, KIND.seriesDetails, seriesIndex, 2);
  if (rng.chance(0.15)) return [];
  const crew = seasonCredits(cat, seriesIndex, firstSeason).crew as Record<string, unknown>[];
  const seen = new Set<unknown>();
  return crew
    .filter((member) => !seen.has(member.id) && seen.add(member.id))
    .slice(0, rng.int(1, 2))
    .map((member) => ({
      id: member.id,
      credit_id: rng.hex(24),
      name: member.name,
      gender: member.gender,
      profile_path: member.profile_path,
    }));
}
