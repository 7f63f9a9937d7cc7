import type { Catalogue } from './catalogue.js';
import { castRole, crewRole } from './credit-roles.js';
import { rosterPerson } from './credits-graph.js';
import { KIND } from './kinds.js';
import { recordRandom } from './random.js';
import { seasonId } from './scale.js';
import { seriesCore, seriesText } from './series.js';
import { imageFilePath } from './text.js';

/** How many people a season's cast names. */
export function seasonCastSize(cat: Catalogue, seriesIndex: number, seasonNumber: number): number {
  return recordRandom(cat.seed, KIND.credits, seriesIndex, seasonNumber).int(3, 14);
}

/** How many people a season's crew names. */
export function seasonCrewSize(cat: Catalogue, seriesIndex: number, seasonNumber: number): number {
  return recordRandom(cat.seed, KIND.credits, seriesIndex, seasonNumber, 1).int(1, 10);
}

/** The character and credit id of one cast slot of a season. */
export function seasonCastRole(cat: Catalogue, seriesIndex: number, seasonNumber: number, slot: number) {
  return castRole(recordRandom(cat.seed, KIND.credits, seriesIndex, seasonNumber, 2, slot));
}

/** The credit id, department and job of one crew slot of a season. */
export function seasonCrewRole(cat: Catalogue, seriesIndex: number, seasonNumber: number, slot: number) {
  return crewRole(recordRandom(cat.seed, KIND.credits, seriesIndex, seasonNumber, 3, slot));
}

/**
 * Cast and crew of a season: every credit names a person who exists, with that person's own fields. Who is in
 * which slot comes from the credits graph, so a person's combined credits list exactly the seasons naming them.
 */
export function seasonCredits(cat: Catalogue, seriesIndex: number, seasonNumber: number): Record<string, unknown> {
  const people = cat.sizes.people;
  const cast = Array.from({ length: seasonCastSize(cat, seriesIndex, seasonNumber) }, (_, order) => ({
    ...cat.creditPerson(rosterPerson(cat.seed, { kind: 'seasonCast', seasonNumber }, seriesIndex, order, people)),
    ...seasonCastRole(cat, seriesIndex, seasonNumber, order),
    order,
  }));
  const crew = Array.from({ length: seasonCrewSize(cat, seriesIndex, seasonNumber) }, (_, slot) => ({
    ...cat.creditPerson(rosterPerson(cat.seed, { kind: 'seasonCrew', seasonNumber }, seriesIndex, slot, people)),
    ...seasonCrewRole(cat, seriesIndex, seasonNumber, slot),
  }));
  return { cast, crew, id: seasonId(seriesIndex, seasonNumber) };
}

const POSTER_HEIGHTS = [1500, 3000, 1800, 2100, 578, 937];
const POSTER_LANGUAGES: readonly [string | null, string | null][] = [
  ['en', 'US'],
  ['en', 'US'],
  ['es', 'ES'],
  ['fr', 'FR'],
  ['de', 'DE'],
  ['pt', 'BR'],
  ['hu', 'HU'],
  [null, null],
];

/** The posters of a season; untagged posters have null languages, like the real captures. */
export function seasonImages(cat: Catalogue, seriesIndex: number, seasonNumber: number): Record<string, unknown> {
  const rng = recordRandom(cat.seed, KIND.seasonImages, seriesIndex, seasonNumber);
  const count = rng.chance(0.1) ? 0 : rng.int(1, 12);
  const label = `${seriesText(cat, seriesIndex, seriesCore(cat, seriesIndex).language).name} Season ${seasonNumber}`;
  const posters = Array.from({ length: count }, () => {
    const height = rng.pick(POSTER_HEIGHTS);
    const aspect = rng.chance(0.85) ? 0.667 : 0.68;
    const [language, country] = rng.pick(POSTER_LANGUAGES);
    const voteCount = rng.chance(0.4) ? 0 : rng.int(1, 30);
    return {
      aspect_ratio: aspect,
      height,
      iso_3166_1: country,
      iso_639_1: language,
      file_path: cat.imageLabels.note(imageFilePath(rng), label),
      vote_average: voteCount === 0 ? 0 : Math.round((5 + rng.next() * 0.6) * 1000) / 1000,
      vote_count: voteCount,
      width: Math.round(height * aspect),
    };
  });
  return { id: seasonId(seriesIndex, seasonNumber), posters };
}
