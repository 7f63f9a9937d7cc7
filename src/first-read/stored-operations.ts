import type { StoredOperation } from '../store/store-mappings.js';

/**
 * The operations whose answers the store keeps (`storeMappings`' keys), without the store's mappings: the
 * first-read path makes their views before the store has loaded. A test keeps the two lists equal.
 */
export const STORED_OPERATIONS: readonly StoredOperation[] = [
  'trendingTv',
  'trendingMovies',
  'airingToday',
  'discoverTv',
  'tvAccountStates',
  'seasonCredits',
  'seasonImages',
  'episodeAccountStates',
  'episodeChanges',
  'movieVideos',
  'popularPeople',
  'personExternalIds',
  'personTaggedImages',
  'personTranslations',
  'accountTvWatchlist',
  'configuration',
  'seasonDetails',
  'accountTvFavorites',
  'accountMovieFavorites',
  'accountMovieWatchlist',
  'accountTvRated',
  'accountMovieRated',
  'listDetails',
  'movieDetails',
  'tvSeriesDetails',
  'personDetails',
];

export function isStored(operation: unknown): operation is StoredOperation {
  return (STORED_OPERATIONS as readonly unknown[]).includes(operation);
}
