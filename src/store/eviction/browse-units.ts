import type { IndexableType } from 'dexie';
import { isStoredOperation, storeMappings } from '../mappings/store-mappings.js';
import { listKeyOf, requestedPage } from '../store-keys.js';
import type { RecordTableName } from '../tables/record-tables.js';
import type { SyncMetaRow } from '../tables/rows.js';

/**
 * Browse data: what eviction may remove. A unit is one stored public response, named by its freshness row
 * (`syncMeta`, request key): a list page, or a resource's own row. Removing the freshness row with the data
 * makes the response `missing` again, so a view or `ensureFresh` fetches it anew.
 *
 * Explicitly listed (an operation added later is kept until it is listed here, the safe default). Never browse
 * data: user-scoped responses (account states, watchlist pages), `listDetails` (the lists a user edits),
 * `configuration` (every image URL needs it), the outbox, users, quarantine rows (small, kept for diagnosis) and
 * episodes with their cursors (every stored episode is tracked by the change feed).
 */

/** The table each public list operation's page ids point into. */
export const LIST_UNIT_TABLES: Readonly<Record<string, RecordTableName>> = {
  trendingTv: 'tvSeries',
  trendingMovies: 'movies',
  airingToday: 'tvSeries',
  discoverTv: 'tvSeries',
  popularPeople: 'people',
  personTaggedImages: 'taggedImages',
  searchTv: 'tvSeries',
  searchMovies: 'movies',
  searchPeople: 'people',
};

/** Public resource operations whose row eviction may remove, and the key of that row. */
const RESOURCE_UNITS: Readonly<
  Record<string, { table: RecordTableName; key: (meta: SyncMetaRow) => IndexableType | undefined }>
> = {
  movieVideos: { table: 'movieVideos', key: (meta) => meta.params?.movie_id as number | undefined },
  movieDetails: { table: 'movieDetails', key: (meta) => meta.params?.movie_id as number | undefined },
  tvSeriesDetails: { table: 'tvSeriesDetails', key: (meta) => meta.params?.series_id as number | undefined },
  personDetails: { table: 'personDetails', key: (meta) => meta.params?.person_id as number | undefined },
  personExternalIds: { table: 'personExternalIds', key: (meta) => meta.params?.person_id as number | undefined },
  personTranslations: { table: 'personTranslations', key: (meta) => meta.params?.person_id as number | undefined },
  episodeChanges: { table: 'episodeChanges', key: (meta) => meta.requestKey },
  // One season row holds details, credits and image variants: it goes when none of its responses remains.
  seasonDetails: { table: 'seasons', key: seasonKey },
  seasonCredits: { table: 'seasons', key: seasonKey },
  seasonImages: { table: 'seasons', key: seasonKey },
};

/** The season operations that share one `seasons` row. */
export const SEASON_OPERATIONS: ReadonlySet<string> = new Set(['seasonDetails', 'seasonCredits', 'seasonImages']);

function seasonKey(meta: SyncMetaRow): [number, number] | undefined {
  const { series_id, season_number } = meta.params ?? {};
  return typeof series_id === 'number' && typeof season_number === 'number' ? [series_id, season_number] : undefined;
}

/** Record tables eviction may delete from (episodes never: they are tracked). */
export const EVICTABLE_RECORD_TABLES: readonly RecordTableName[] = [
  'movies',
  'tvSeries',
  'people',
  'taggedImages',
  'seasons',
  'personExternalIds',
  'personTranslations',
  'movieVideos',
  'movieDetails',
  'tvSeriesDetails',
  'personDetails',
  'episodeChanges',
];

/** Whether a freshness row names a stored browse response (public, fetched, of a listed operation). */
export function isBrowseUnit(meta: SyncMetaRow): boolean {
  if (meta.userScope !== undefined || meta.fetchedAt <= 0 || meta.params === undefined) return false;
  return Object.hasOwn(LIST_UNIT_TABLES, meta.operation) || Object.hasOwn(RESOURCE_UNITS, meta.operation);
}

/** The list page key of a list unit, or undefined for a resource unit. */
export function unitPageKey(meta: SyncMetaRow): [string, number] | undefined {
  if (!Object.hasOwn(LIST_UNIT_TABLES, meta.operation) || !isStoredOperation(meta.operation)) return undefined;
  const params = meta.params ?? {};
  return [listKeyOf(meta.operation, params), requestedPage(params)];
}

/** The record row a resource unit owns (or shares, for seasons). */
export function unitResourceRow(meta: SyncMetaRow): { table: RecordTableName; key: IndexableType } | undefined {
  const spec = RESOURCE_UNITS[meta.operation];
  const key = spec?.key(meta);
  return spec && key !== undefined ? { table: spec.table, key } : undefined;
}

/**
 * The tables a stored page's ids may point into: the listed one, or, for an operation not listed here (a
 * user's list, one added later), every table its mapping touches, so its records count as referenced.
 */
export function pageTablesOf(operation: string): readonly RecordTableName[] {
  const listed = LIST_UNIT_TABLES[operation];
  if (listed) return [listed];
  if (operation === 'accountTvWatchlist') return ['tvSeries'];
  return isStoredOperation(operation) ? storeMappings[operation].tables : [];
}

/** Whether a response of `operation` (public, no user scope) is browse data, accounted by the size ledger. */
export function isBrowseOperation(operation: string, userScope: string | undefined): boolean {
  return (
    userScope === undefined && (Object.hasOwn(LIST_UNIT_TABLES, operation) || Object.hasOwn(RESOURCE_UNITS, operation))
  );
}
