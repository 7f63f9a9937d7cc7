import { DISCOVER_SORTS, type DiscoverFilter, type DiscoverSort } from '../data/discover.js';
import { dayOf } from '../data/text.js';
import { languageOf } from '../data/translations.js';
import type { OperationRequest } from '../service/request.js';
import { FakeFailure, fail, validationResult } from '../service/status-codes.js';

function invalid(message: string): never {
  throw new FakeFailure(validationResult(message));
}

function numberParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : invalid(`${name} must be a number`);
}

function dayParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? dayOf(raw) : undefined;
  return day !== undefined && Number.isFinite(day) ? day : fail(23);
}

function idList(query: URLSearchParams, name: string): { mode: 'and' | 'or'; ids: number[] } | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  if (/^\d+(,\d+)*$/.test(raw)) return { mode: 'and', ids: raw.split(',').map(Number) };
  if (/^\d+(\|\d+)*$/.test(raw)) return { mode: 'or', ids: raw.split('|').map(Number) };
  return invalid(`${name} must be ids joined by "," or "|"`);
}

function booleanParam(query: URLSearchParams, name: string): boolean {
  const raw = query.get(name);
  if (raw === null || raw === '' || raw === 'false') return false;
  return raw === 'true' ? true : invalid(`${name} must be true or false`);
}

/**
 * The discover parameters the fake honours. Every other documented parameter (networks, companies, keywords,
 * watch providers, runtime, status, type, air_date, timezone…) is accepted and ignored.
 */
export function discoverFilter(req: OperationRequest): DiscoverFilter {
  const { query } = req;
  const sortBy = (query.get('sort_by') ?? 'popularity.desc') as DiscoverSort;
  if (!DISCOVER_SORTS.includes(sortBy)) invalid(`sort_by must be one of ${DISCOVER_SORTS.join(', ')}`);
  const year = numberParam(query, 'first_air_date_year');
  return {
    sortBy,
    withGenres: idList(query, 'with_genres'),
    withoutGenres: idList(query, 'without_genres')?.ids,
    voteAverageGte: numberParam(query, 'vote_average.gte'),
    voteAverageLte: numberParam(query, 'vote_average.lte'),
    voteCountGte: numberParam(query, 'vote_count.gte'),
    voteCountLte: numberParam(query, 'vote_count.lte'),
    firstAirDateYear: year === undefined ? undefined : Math.trunc(year),
    firstAirDayGte: dayParam(query, 'first_air_date.gte'),
    firstAirDayLte: dayParam(query, 'first_air_date.lte'),
    originalLanguage: query.get('with_original_language') || undefined,
    includeAdult: booleanParam(query, 'include_adult'),
    includeNullFirstAirDates: booleanParam(query, 'include_null_first_air_dates'),
    // Only a name sort depends on the language (names are served translated); the others share one cached order.
    ...(sortBy.startsWith('name.') && languageOf(query) !== 'en' ? { nameLanguage: languageOf(query) } : {}),
  };
}
