/**
 * Version 1 of the store's schema: the initial tables and their indexes, in Dexie's `stores()` syntax
 * (first entry = primary key, `*` = multi-entry, `[a+b]` = compound, `++` = auto-increment).
 *
 * Kept as its own frozen file: a migration test opens a database with exactly this definition, and a
 * released version must never change (a new index or field is a new version file).
 */
export const version1Stores = {
  // Catalogue records, keyed by the service's ids. Indexes are those the query layer sorts and filters by.
  movies: 'id, popularity, vote_average, vote_count, release_date, *genre_ids, original_language, title',
  tvSeries:
    'id, popularity, vote_average, vote_count, first_air_date, *genre_ids, *origin_country, original_language, name',
  people: 'id, popularity, name',
  episodes: 'id, show_id, [show_id+season_number+episode_number]',
  // One row per season: `credits` and `images` (per image-language variant) merged into it.
  seasons: '[series_id+season_number], series_id',
  personExternalIds: 'id',
  personTranslations: 'id',
  // Tagged images have string ids; the media they show live in movies/tvSeries/episodes.
  taggedImages: 'id, media_id',
  movieVideos: 'id',
  configuration: 'key',
  episodeChanges: 'requestKey, episode_id',
  // Ordered ids of one requested page of one list (`listKey` = operation + canonical params without `page`).
  // No separate `listKey` index: the primary key's prefix answers "every page of a list" (and costs no write).
  listPages: '[listKey+page], operation',
  // Freshness per request key (ETag, fetchedAt, expiresAt, last error).
  syncMeta: 'requestKey, operation',
  // User-scoped data, partitioned by the engine's opaque user-scope id (never a session id).
  tvAccountStates: '[userScope+series_id], userScope',
  episodeAccountStates: '[userScope+series_id+season_number+episode_number], userScope',
  watchlistPages: '[userScope+listKey+page], userScope, listKey',
  quarantine: '++id, operation, requestKey, receivedAt',
  // Last read time per record, apart from the records so that bumping it never re-triggers a live view.
  readMarks: 'ref, lastReadAt',
} as const;
