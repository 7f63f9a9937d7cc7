import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { recordRandom } from './random.js';
import { seasonId } from './scale.js';
import { seriesCore, seriesText } from './series.js';
import { imageFilePath, personName } from './text.js';
import { DEPARTMENTS } from './vocabulary.js';

/** Cast and crew of a season: every credit names a person who exists, with that person's own fields. */
export function seasonCredits(cat: Catalogue, seriesIndex: number, seasonNumber: number): Record<string, unknown> {
  const rng = recordRandom(cat.seed, KIND.credits, seriesIndex, seasonNumber);
  const people = cat.sizes.people;
  const castIndexes = rng.distinctInts(rng.int(3, 14), people);
  const cast = castIndexes.map((index, order) => ({
    ...cat.creditPerson(index),
    character: personName(rng),
    credit_id: rng.hex(24),
    order,
  }));
  const crewCount = rng.int(1, 10);
  const crew = Array.from({ length: crewCount }, () => {
    const [department, jobs] = rng.pick(DEPARTMENTS);
    return {
      ...cat.creditPerson(rng.int(0, people - 1)),
      credit_id: rng.hex(24),
      department,
      job: rng.pick(jobs),
    };
  });
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
