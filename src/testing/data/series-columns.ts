import type { Catalogue } from './catalogue.js';
import { getOrCreate } from './get-or-create.js';
import { seriesCore, seriesText } from './series.js';
import { seriesTranslation } from './translations.js';
import { TV_GENRES } from './vocabulary.js';

/** Marks a missing first air date in the Int32 column. */
export const NO_DAY = -0x80000000;

/**
 * The numeric facts of every series in compact typed arrays (≈ 35 bytes a series), built on the first list
 * request that needs them: discover filters and sorts, airing today and trending scan these instead of
 * generating records.
 */
export interface SeriesColumns {
  readonly count: number;
  readonly popularity: Float64Array;
  readonly voteAverage: Float64Array;
  readonly voteCount: Int32Array;
  readonly firstAirDay: Int32Array;
  /** Bit i set when the series has genre `TV_GENRES[i]`. */
  readonly genreMask: Uint32Array;
  readonly language: string[];
  readonly adult: Uint8Array;
  readonly airing: Uint8Array;
  readonly airWeekday: Uint8Array;
}

const built = new WeakMap<Catalogue, SeriesColumns>();
const names = new WeakMap<Catalogue, { name: string[]; originalName: string[] }>();
/** Names in other languages than English, by language: only built for a name sort in that language. */
const translatedNames = new WeakMap<Catalogue, Map<string, string[]>>();

export function genreBit(genreId: number): number {
  const position = TV_GENRES.indexOf(genreId);
  return position < 0 ? 0 : 2 ** position;
}

export function seriesColumns(cat: Catalogue): SeriesColumns {
  const existing = built.get(cat);
  if (existing) return existing;
  const count = cat.sizes.series;
  const columns: SeriesColumns = {
    count,
    popularity: new Float64Array(count),
    voteAverage: new Float64Array(count),
    voteCount: new Int32Array(count),
    firstAirDay: new Int32Array(count),
    genreMask: new Uint32Array(count),
    language: new Array<string>(count),
    adult: new Uint8Array(count),
    airing: new Uint8Array(count),
    airWeekday: new Uint8Array(count),
  };
  for (let i = 0; i < count; i++) {
    const core = seriesCore(cat, i);
    columns.popularity[i] = core.popularity;
    columns.voteAverage[i] = core.voteAverage;
    columns.voteCount[i] = core.voteCount;
    columns.firstAirDay[i] = core.firstAirDay ?? NO_DAY;
    columns.genreMask[i] = core.genreIds.reduce((mask, id) => mask | genreBit(id), 0);
    columns.language[i] = core.language;
    columns.adult[i] = core.adult ? 1 : 0;
    columns.airing[i] = core.airing ? 1 : 0;
    columns.airWeekday[i] = core.airWeekday;
  }
  built.set(cat, columns);
  return columns;
}

/** Names, only for the name sorts (strings cost far more than numbers, so they are built apart). */
export function seriesNames(cat: Catalogue): { name: string[]; originalName: string[] } {
  const existing = names.get(cat);
  if (existing) return existing;
  const columns = seriesColumns(cat);
  const result = { name: new Array<string>(columns.count), originalName: new Array<string>(columns.count) };
  for (let i = 0; i < columns.count; i++) {
    const text = seriesText(cat, i, columns.language[i] as string);
    result.name[i] = text.name;
    result.originalName[i] = text.originalName;
  }
  names.set(cat, result);
  return result;
}

/** The names a sort by `name` compares in `language`: the service sorts the names it serves in that language. */
export function seriesNamesIn(cat: Catalogue, language: string): string[] {
  if (language === 'en') return seriesNames(cat).name;
  const byLanguage = getOrCreate(translatedNames, cat, () => new Map<string, string[]>());
  return getOrCreate(byLanguage, language, () =>
    Array.from({ length: cat.sizes.series }, (_, i) => seriesTranslation(cat, i, language).name),
  );
}
