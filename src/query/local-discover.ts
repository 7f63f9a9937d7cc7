import type { ParsedParamsOf, ResponseOf } from '../api/endpoints.js';
import type { TvSeriesSummary } from '../api/schemas/tv-series-summary.js';
import type { LocalKit } from './local-kit.js';

type DiscoverParams = ParsedParamsOf<'discoverTv'>;
type SortBy = NonNullable<DiscoverParams['sort_by']>;

function isDated(date: string | null): date is string {
  return typeof date === 'string' && date !== '';
}

function compareStrings(a: string, b: string): number {
  // Code units, like the service (DESIGN, Contracts: "Discover order"): no locale collation.
  return a < b ? -1 : a > b ? 1 : 0;
}

/** By the sort key, then by id ascending; missing dates last in both directions. */
export function discoverComparator(sortBy: SortBy): (a: TvSeriesSummary, b: TvSeriesSummary) => number {
  const [field, direction] = sortBy.split('.') as [string, 'asc' | 'desc'];
  const sign = direction === 'asc' ? 1 : -1;
  const byKey = (a: TvSeriesSummary, b: TvSeriesSummary): number => {
    switch (field) {
      case 'first_air_date': {
        const x = a.first_air_date;
        const y = b.first_air_date;
        if (!isDated(x) || !isDated(y)) return (isDated(x) ? 0 : 1) - (isDated(y) ? 0 : 1);
        return sign * compareStrings(x, y);
      }
      case 'name':
        return sign * compareStrings(a.name, b.name);
      case 'original_name':
        return sign * compareStrings(a.original_name, b.original_name);
      case 'popularity':
        return sign * (a.popularity - b.popularity);
      case 'vote_average':
        return sign * (a.vote_average - b.vote_average);
      default:
        return sign * (a.vote_count - b.vote_count);
    }
  };
  return (a, b) => byKey(a, b) || a.id - b.id;
}

/** `with_genres`: comma = every genre (AND), pipe = any genre (OR). */
function genreTest(list: string | undefined): ((ids: readonly number[]) => boolean) | undefined {
  if (list === undefined || list === '') return undefined;
  const any = list.includes('|');
  const wanted = list.split(/[,|]/).map(Number);
  return any ? (ids) => wanted.some((id) => ids.includes(id)) : (ids) => wanted.every((id) => ids.includes(id));
}

/** The discover filters the fake service honours, as one predicate (others are accepted and ignored, as there). */
export function discoverPredicate(params: DiscoverParams): (series: TvSeriesSummary) => boolean {
  const withGenres = genreTest(params.with_genres);
  const without = params.without_genres ? params.without_genres.split(/[,|]/).map(Number) : undefined;
  const gte = params['first_air_date.gte'];
  const lte = params['first_air_date.lte'];
  const year = params.first_air_date_year;
  const needsDate = gte !== undefined || lte !== undefined || year !== undefined;
  return (s) => {
    if (!params.include_adult && s.adult === true) return false;
    const date = s.first_air_date;
    if (!isDated(date) && (needsDate || !params.include_null_first_air_dates)) return false;
    if (withGenres && !withGenres(s.genre_ids)) return false;
    if (without?.some((id) => s.genre_ids.includes(id))) return false;
    if (params['vote_average.gte'] !== undefined && !(s.vote_average >= params['vote_average.gte'])) return false;
    if (params['vote_average.lte'] !== undefined && !(s.vote_average <= params['vote_average.lte'])) return false;
    if (params['vote_count.gte'] !== undefined && !(s.vote_count >= params['vote_count.gte'])) return false;
    if (params['vote_count.lte'] !== undefined && !(s.vote_count <= params['vote_count.lte'])) return false;
    if (isDated(date)) {
      if (year !== undefined && Number(date.slice(0, 4)) !== year) return false;
      if (gte !== undefined && date < gte) return false;
      if (lte !== undefined && date > lte) return false;
    }
    if (params.with_original_language !== undefined && s.original_language !== params.with_original_language) {
      return false;
    }
    return true;
  };
}

/**
 * Discover over cached series: the fake service's filters and sort orders applied to the stored rows, in the
 * service's envelope, 20 a page. A row that no longer satisfies the summary schema (a partial record) is left out.
 */
export function discoverLocally(
  rows: readonly unknown[],
  params: DiscoverParams,
  kit: Pick<LocalKit, 'pageSize' | 'tvSeriesSummary'>,
): ResponseOf<'discoverTv'> {
  const { pageSize, tvSeriesSummary } = kit;
  const matches: TvSeriesSummary[] = [];
  const test = discoverPredicate(params);
  for (const row of rows) {
    const parsed = tvSeriesSummary.safeParse(row);
    if (parsed.success && test(parsed.data)) matches.push(parsed.data);
  }
  matches.sort(discoverComparator(params.sort_by ?? 'popularity.desc'));
  const page = params.page ?? 1;
  return {
    page,
    results: matches.slice((page - 1) * pageSize, page * pageSize),
    total_pages: Math.ceil(matches.length / pageSize),
    total_results: matches.length,
  };
}
