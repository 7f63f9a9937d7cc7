import type { RecordTableName } from '../tables/record-tables.js';

/**
 * Every record table: the compiler holds this list to `RecordTableName` (a table added there and not here does not
 * compile). Kept apart from `recordTables` so that the write gate does not carry the schemas.
 */
const RECORD_TABLES = {
  movies: true,
  tvSeries: true,
  people: true,
  episodes: true,
  seasons: true,
  personExternalIds: true,
  personTranslations: true,
  taggedImages: true,
  movieVideos: true,
  movieDetails: true,
  tvSeriesDetails: true,
  personDetails: true,
  configuration: true,
  episodeChanges: true,
  tvAccountStates: true,
  episodeAccountStates: true,
  lists: true,
} as const satisfies Record<RecordTableName, true>;

/**
 * The tables a stored answer's deps can name: what a read of a stored response names with `readRef`
 * (`read-stored.ts`: its records, its list page, its freshness row; `derived-account-state.ts`: the user's list
 * pages and their freshness). A write whose plan names rows of no other table cannot make an answer wrong, so the
 * write gate runs it without the first answers' guard (read marks, ledgers, the outbox, cursors, sessions).
 * test/store/write-gate.test.ts checks that the answers of every kind name no table outside it.
 */
export const ANSWER_TABLES: ReadonlySet<string> = new Set([
  ...Object.keys(RECORD_TABLES),
  'listPages',
  'watchlistPages',
  'syncMeta',
]);
