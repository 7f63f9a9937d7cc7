import type { Catalogue } from './catalogue.js';
import { KIND } from './kinds.js';
import { recordRandom, round3 } from './random.js';
import type { SeasonShape } from './scale.js';
import { isoDay, maybeImage, nativeTitle, overview, title } from './text.js';
import { COUNTRY_OF, LANGUAGES, TV_GENRES } from './vocabulary.js';

/** 1950-01-01 and 2026-10-01 as day numbers: the span first air dates are drawn from. */
export const FIRST_DAY = -7305;
export const LAST_DAY = 20727;

/** The numeric facts of a series: cheap to compute, so sort/filter columns are built from these alone. */
export interface SeriesCore {
  readonly index: number;
  readonly id: number;
  readonly adult: boolean;
  readonly popularity: number;
  readonly voteAverage: number;
  readonly voteCount: number;
  /** Day number of the first air date; undefined when the service would send `""`. */
  readonly firstAirDay: number | undefined;
  readonly genreIds: readonly number[];
  readonly language: string;
  /** Whether new episodes air weekly (then `airWeekday` is the day, 0 = Sunday). */
  readonly airing: boolean;
  readonly airWeekday: number;
}

export function seriesCore(cat: Catalogue, index: number): SeriesCore {
  const rng = recordRandom(cat.seed, KIND.series, index);
  const adult = rng.chance(0.02);
  const popularity = round3(0.6 + 2500 * rng.next() ** 9);
  const voteCount = rng.chance(0.12) ? 0 : Math.floor(30_000 * rng.next() ** 4);
  const voteAverage = voteCount === 0 ? 0 : round3(3 + ((rng.next() + rng.next() + rng.next()) / 3) * 6.8);
  const dateless = rng.chance(0.04);
  const day = Math.round(LAST_DAY - (LAST_DAY - FIRST_DAY) * rng.next() ** 2);
  const genreIds = rng.pickDistinct(TV_GENRES, rng.int(1, 3));
  const language = rng.pick(LANGUAGES);
  const airing = rng.chance(0.12);
  return {
    index,
    id: cat.series.id(index),
    adult,
    popularity,
    voteAverage,
    voteCount,
    firstAirDay: dateless ? undefined : day,
    genreIds,
    language,
    airing,
    airWeekday: rng.int(0, 6),
  };
}

export interface SeriesText {
  readonly name: string;
  readonly originalName: string;
  readonly overview: string;
  readonly posterPath: string | null;
  readonly backdropPath: string | null;
}

export function seriesText(cat: Catalogue, index: number, language: string): SeriesText {
  const rng = recordRandom(cat.seed, KIND.seriesText, index);
  const name = title(rng);
  return {
    name,
    originalName: nativeTitle(rng, language, name),
    overview: rng.chance(0.05) ? '' : overview(rng),
    posterPath: cat.imageLabels.note(maybeImage(rng, 0.05), name),
    backdropPath: cat.imageLabels.note(maybeImage(rng, 0.1), name, 'wide'),
  };
}

/**
 * A series as lists give it, keys in the order of the real captures (trending week). `mediaType` adds
 * `media_type: "tv"` (trending, known_for); airing today, discover and the watchlist leave it out.
 */
export function seriesSummary(cat: Catalogue, index: number, mediaType: boolean): Record<string, unknown> {
  const core = seriesCore(cat, index);
  const text = seriesText(cat, index, core.language);
  const country = COUNTRY_OF[core.language] ?? 'US';
  return {
    adult: core.adult,
    backdrop_path: text.backdropPath,
    id: core.id,
    name: text.name,
    original_name: text.originalName,
    overview: text.overview,
    poster_path: text.posterPath,
    ...(mediaType ? { media_type: 'tv' } : {}),
    original_language: core.language,
    genre_ids: [...core.genreIds],
    popularity: core.popularity,
    first_air_date: core.firstAirDay === undefined ? '' : isoDay(core.firstAirDay),
    softcore: false,
    vote_average: core.voteAverage,
    vote_count: core.voteCount,
    origin_country: [country],
  };
}

/** The most regular seasons a series has (season numbers run 1 to this, after the specials' 0). */
export const MAX_REGULAR_SEASONS = 9;

/** The seasons of a series (season 0 holds specials), each with its episode count. */
export function seriesSeasons(cat: Catalogue, index: number): SeasonShape[] {
  const core = seriesCore(cat, index);
  const rng = recordRandom(cat.seed, KIND.seriesShape, index);
  // 1 to MAX_REGULAR_SEASONS, as rng.next() < 1.
  const seasonCount = 1 + Math.floor(MAX_REGULAR_SEASONS * rng.next() ** 2);
  const seasons: SeasonShape[] = [];
  if (rng.chance(0.25)) seasons.push({ seasonNumber: 0, episodeCount: rng.int(1, 4), airDay: undefined });
  for (let number = 1; number <= seasonCount; number++) {
    const start = core.firstAirDay === undefined ? undefined : core.firstAirDay + (number - 1) * 364 + rng.int(0, 60);
    seasons.push({ seasonNumber: number, episodeCount: rng.int(3, 24), airDay: start });
  }
  return seasons;
}
