import { discoverTvSortBy } from '../../api/schemas/params.js';
import type { Catalogue } from './catalogue.js';
import { getOrCreate } from './get-or-create.js';
import { genreBit, NO_DAY, type SeriesColumns, seriesColumns, seriesNames, seriesNamesIn } from './series-columns.js';

/** The sort orders discover/tv documents: the registry's own list, so the fake and the client never disagree. */
export const DISCOVER_SORTS = discoverTvSortBy.options;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];

/** The discover parameters the fake honours, already parsed. */
export interface DiscoverFilter {
  sortBy: DiscoverSort;
  /** Comma = every genre (AND), pipe = any genre (OR). */
  withGenres?: { mode: 'and' | 'or'; ids: number[] } | undefined;
  withoutGenres?: number[] | undefined;
  voteAverageGte?: number | undefined;
  voteAverageLte?: number | undefined;
  voteCountGte?: number | undefined;
  voteCountLte?: number | undefined;
  firstAirDateYear?: number | undefined;
  /** Day numbers (days since 1970-01-01). */
  firstAirDayGte?: number | undefined;
  firstAirDayLte?: number | undefined;
  originalLanguage?: string | undefined;
  includeAdult: boolean;
  includeNullFirstAirDates: boolean;
  /** The language names are sorted in, for a `name` sort in another language than English only. */
  nameLanguage?: string | undefined;
}

/** Orders by sort (`<sort>` in English, `<sort>|<language>` for a name sort in another language). */
const permutations = new WeakMap<Catalogue, Map<string, Uint32Array>>();

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares two series by the sort key only (0 on a tie); missing dates sort last in both directions. */
function keyComparator(cat: Catalogue, sort: DiscoverSort, language: string): (a: number, b: number) => number {
  const columns = seriesColumns(cat);
  const [field, direction] = sort.split('.') as [string, 'asc' | 'desc'];
  const sign = direction === 'asc' ? 1 : -1;
  switch (field) {
    case 'first_air_date': {
      const days = columns.firstAirDay;
      return (a, b) => {
        const x = days[a] as number;
        const y = days[b] as number;
        if (x === NO_DAY || y === NO_DAY) return (x === NO_DAY ? 1 : 0) - (y === NO_DAY ? 1 : 0);
        return sign * (x - y);
      };
    }
    case 'name':
    case 'original_name': {
      const values = field === 'name' ? seriesNamesIn(cat, language) : seriesNames(cat).originalName;
      return (a, b) => sign * compareStrings(values[a] as string, values[b] as string);
    }
    default: {
      const values: ArrayLike<number> =
        field === 'popularity'
          ? columns.popularity
          : field === 'vote_average'
            ? columns.voteAverage
            : columns.voteCount;
      return (a, b) => sign * ((values[a] as number) - (values[b] as number));
    }
  }
}

/**
 * Every series index in the order of a sort: by the key, then by id ascending (DESIGN Contracts). `language` only
 * matters to a `name` sort.
 */
export function discoverOrder(cat: Catalogue, sort: DiscoverSort, language = 'en'): Uint32Array {
  const cache = getOrCreate(permutations, cat, () => new Map<string, Uint32Array>());
  const key = language === 'en' ? sort : `${sort}|${language}`;
  const existing = cache.get(key);
  if (existing) return existing;
  const compare = keyComparator(cat, sort, language);
  // Index order is id order, so the tie-break is the index.
  const order = Uint32Array.from({ length: cat.sizes.series }, (_, i) => i).sort((a, b) => compare(a, b) || a - b);
  cache.set(key, order);
  return order;
}

function yearOf(day: number): number {
  return new Date(day * 86_400_000).getUTCFullYear();
}

export function matchesDiscover(columns: SeriesColumns, i: number, filter: DiscoverFilter): boolean {
  if (!filter.includeAdult && columns.adult[i]) return false;
  const day = columns.firstAirDay[i] as number;
  if (day === NO_DAY && !filter.includeNullFirstAirDates) return false;
  const mask = columns.genreMask[i] as number;
  if (filter.withGenres) {
    const bits = filter.withGenres.ids.map(genreBit);
    const ok = filter.withGenres.mode === 'and' ? bits.every((b) => b !== 0 && mask & b) : bits.some((b) => mask & b);
    if (!ok) return false;
  }
  if (filter.withoutGenres?.some((id) => mask & genreBit(id))) return false;
  const average = columns.voteAverage[i] as number;
  const votes = columns.voteCount[i] as number;
  if (filter.voteAverageGte !== undefined && !(average >= filter.voteAverageGte)) return false;
  if (filter.voteAverageLte !== undefined && !(average <= filter.voteAverageLte)) return false;
  if (filter.voteCountGte !== undefined && !(votes >= filter.voteCountGte)) return false;
  if (filter.voteCountLte !== undefined && !(votes <= filter.voteCountLte)) return false;
  // A date filter can only match a series that has a date.
  const dated = filter.firstAirDateYear !== undefined || filter.firstAirDayGte !== undefined;
  if ((dated || filter.firstAirDayLte !== undefined) && day === NO_DAY) return false;
  if (filter.firstAirDateYear !== undefined && yearOf(day) !== filter.firstAirDateYear) return false;
  if (filter.firstAirDayGte !== undefined && day < filter.firstAirDayGte) return false;
  if (filter.firstAirDayLte !== undefined && day > filter.firstAirDayLte) return false;
  if (filter.originalLanguage !== undefined && columns.language[i] !== filter.originalLanguage) return false;
  return true;
}

const matchCache = new WeakMap<Catalogue, Map<string, Uint32Array>>();
/** Filters whose full match list is kept: paging through one filter then costs a slice per page. */
const CACHED_FILTERS = 8;

/** Every match of a filter, in order (cached for the most recent filters: the data behind them never changes). */
function discoverMatches(cat: Catalogue, filter: DiscoverFilter): Uint32Array {
  const cache = getOrCreate(matchCache, cat, () => new Map<string, Uint32Array>());
  const key = JSON.stringify(filter);
  const existing = cache.get(key);
  if (existing) {
    // Re-insert: Map order is the recency order the eviction below relies on.
    cache.delete(key);
    cache.set(key, existing);
    return existing;
  }
  const columns = seriesColumns(cat);
  const matches: number[] = [];
  for (const i of discoverOrder(cat, filter.sortBy, filter.nameLanguage))
    if (matchesDiscover(columns, i, filter)) matches.push(i);
  const result = Uint32Array.from(matches);
  cache.set(key, result);
  if (cache.size > CACHED_FILTERS) cache.delete(cache.keys().next().value as string);
  return result;
}

/** One page of discover: the series indexes on it and the total number of matches. */
export function discoverPage(
  cat: Catalogue,
  filter: DiscoverFilter,
  page: number,
  pageSize: number,
): { indexes: number[]; total: number } {
  const matches = discoverMatches(cat, filter);
  return { indexes: [...matches.subarray((page - 1) * pageSize, page * pageSize)], total: matches.length };
}
