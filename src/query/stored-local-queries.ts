import type { ParsedParamsOf, ResponseOf } from '../api/endpoints.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { discoverLocally } from './local-discover.js';
import type { LocalKit } from './local-kit.js';
import { type LocalSearchResult, searchLocally } from './local-search.js';

/*
 * Local discover and search over the stored records: a chunk of its own on the main entry (`lazy-features.ts`),
 * loaded when the first of their views is subscribed to. A visit that shows the service's answers never runs
 * them; `catalogue.local.summary` (a detail screen's placeholder) is one read, and stays in the core. Each is a
 * view's querier: it runs inside the view's live query, so the reads below are what the view re-runs on.
 */

/** Local discover: the stored series, filtered and sorted as the service would. */
export async function discoverStored(
  db: CatalogueDatabase,
  params: Omit<ParsedParamsOf<'discoverTv'>, 'language'>,
  kit: LocalKit,
): Promise<ResponseOf<'discoverTv'>> {
  return discoverLocally(await db.tvSeries.toArray(), params, kit);
}

/** Local search: the stored series, movies and people whose title or name contains `text`. */
export async function searchStored(
  db: CatalogueDatabase,
  text: string,
  page: number,
  kit: LocalKit,
): Promise<LocalSearchResult> {
  const [tv, movies, people] = await Promise.all([db.tvSeries.toArray(), db.movies.toArray(), db.people.toArray()]);
  return searchLocally({ tv, movies, people }, text, page, kit);
}
