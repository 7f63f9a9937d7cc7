import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { recordRandom, round3 } from './random.js';
import { FIRST_DAY, LAST_DAY } from './series.js';
import { isoDay, maybeImage, nativeTitle, overview, title } from './text.js';
import { LANGUAGES, MOVIE_GENRES } from './vocabulary.js';

export interface MovieCore {
  readonly index: number;
  readonly id: number;
  readonly adult: boolean;
  readonly popularity: number;
}

export function movieCore(cat: Catalogue, index: number): MovieCore {
  const rng = recordRandom(cat.seed, KIND.movie, index);
  return {
    index,
    id: cat.movies.id(index),
    adult: rng.chance(0.02),
    popularity: round3(0.6 + 3000 * rng.next() ** 9),
  };
}

/** A movie as trending, known_for and tagged images give it; keys in the order of the real week capture. */
export function movieSummary(cat: Catalogue, index: number, mediaType: boolean): Record<string, unknown> {
  const core = movieCore(cat, index);
  const rng = recordRandom(cat.seed, KIND.movieText, index);
  const name = title(rng);
  const language = rng.pick(LANGUAGES);
  const voteCount = rng.chance(0.1) ? 0 : Math.floor(35_000 * rng.next() ** 4);
  const voteAverage = voteCount === 0 ? 0 : round3(3 + ((rng.next() + rng.next() + rng.next()) / 3) * 6.8);
  const releaseDay = Math.round(LAST_DAY - (LAST_DAY - FIRST_DAY) * rng.next() ** 2);
  const dateless = rng.chance(0.03);
  const originalTitle = nativeTitle(rng, language, name);
  return {
    adult: core.adult,
    backdrop_path: cat.imageLabels.note(maybeImage(rng, 0.1), name, 'wide'),
    id: core.id,
    title: name,
    original_title: originalTitle,
    overview: rng.chance(0.04) ? '' : overview(rng),
    poster_path: cat.imageLabels.note(maybeImage(rng, 0.05), name),
    ...(mediaType ? { media_type: 'movie' } : {}),
    original_language: language,
    genre_ids: rng.pickDistinct(MOVIE_GENRES, rng.int(1, 3)),
    popularity: core.popularity,
    release_date: dateless ? '' : isoDay(releaseDay),
    softcore: false,
    video: rng.chance(0.03),
    vote_average: voteAverage,
    vote_count: voteCount,
  };
}
