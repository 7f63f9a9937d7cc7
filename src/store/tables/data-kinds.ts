/**
 * The store's tables by what they hold. `browse`: public catalogue data any user sees (records, list pages, their
 * freshness); `user`: what belongs to a signed-in user (account states, their lists and watchlist pages, the
 * session); `outbox`: their changes waiting to be sent (and what was adopted from an earlier release's outbox);
 * `bookkeeping`: read times, sizes, quarantine.
 */
export const DATA_KINDS = {
  browse: [
    'movies',
    'tvSeries',
    'people',
    'episodes',
    'seasons',
    'personExternalIds',
    'personTranslations',
    'taggedImages',
    'movieVideos',
    'movieDetails',
    'tvSeriesDetails',
    'personDetails',
    'configuration',
    'episodeChanges',
    'episodeCursors',
    'episodeNews',
    'listPages',
    'syncMeta',
  ],
  user: ['tvAccountStates', 'episodeAccountStates', 'watchlistPages', 'lists', 'users'],
  outbox: ['outbox', 'outboxBase', 'adoptedRows'],
  bookkeeping: ['readMarks', 'sizeLedger', 'quarantine'],
} as const;

export type DataKind = keyof typeof DATA_KINDS;
