import type { ParsedParamsOf } from '../api/calls.js';
import { parseParams } from '../api/parse-params.js';
import type { CatalogueParams } from '../sync/prepare-call.js';

/**
 * The parameter checks of the local queries, made where the query is asked for (before the library has loaded,
 * too: the same `InvalidParamsError`s and `TypeError`s either way). Apart from the queries, which need Dexie.
 */

/** Local discover takes the service's filters and sort orders, validated like the service's; language is moot. */
export function localDiscoverParams(
  filters: CatalogueParams<'discoverTv'> | undefined,
): Omit<ParsedParamsOf<'discoverTv'>, 'language'> {
  const { language: _language, ...params } = parseParams('discoverTv', { ...(filters ?? {}) });
  return params;
}

/** Local search takes a string and a page from 1; returns the page. */
export function localSearchPage(text: unknown, options: { page?: number }): number {
  if (typeof text !== 'string') throw new TypeError('local.search: text must be a string');
  const page = options.page ?? 1;
  if (!(Number.isInteger(page) && page >= 1)) throw new TypeError('local.search: page must be an integer ≥ 1');
  return page;
}

/** The record table each kind of `local.summary` reads. */
export const SUMMARY_TABLES = { movie: 'movies', tv: 'tvSeries', person: 'people' } as const;

/** Checks `local.summary`'s arguments at once, as every view does its parameters. */
export function summaryArgs(kind: unknown, id: unknown): void {
  if (!Object.hasOwn(SUMMARY_TABLES, kind as string))
    throw new TypeError('local.summary: kind must be movie, tv or person');
  if (!(Number.isInteger(id) && (id as number) > 0))
    throw new TypeError('local.summary: id must be a positive integer');
}
