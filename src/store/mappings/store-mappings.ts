import type { StoredOperationName } from '../../api/stored-operations.js';
import { episodeAccountStatesMapping, tvAccountStatesMapping } from './account-state-mappings.js';
import { listDetailsMapping } from './list-details-mapping.js';
import { personListMapping } from './person-list-mapping.js';
import { searchMultiMapping } from './search-multi-mapping.js';
import { seasonDetailsMapping } from './season-details-mapping.js';
import { seasonCreditsMapping, seasonImagesMapping } from './season-mappings.js';
import type { StoreMapping } from './store-mapping.js';
import {
  configurationMapping,
  episodeChangesMapping,
  movieDetailsMapping,
  movieVideosMapping,
  personDetailsMapping,
  personExternalIdsMapping,
  personTranslationsMapping,
  tvSeriesDetailsMapping,
} from './sub-resource-mappings.js';
import { summaryListMapping } from './summary-list-mapping.js';
import { taggedImagesMapping } from './tagged-images-mapping.js';

/**
 * Where each stored operation's response goes, and how it is rebuilt. One entry per `list` or `resource`
 * operation the registry marks `stored` (`api/stored-operations.ts`); the compiler rejects a missing or an extra
 * one. Adding an operation means adding its mapping here.
 */
export const storeMappings = {
  trendingTv: summaryListMapping<'trendingTv'>({ table: 'tvSeries', mediaType: 'tv' }),
  trendingMovies: summaryListMapping<'trendingMovies'>({ table: 'movies', mediaType: 'movie' }),
  airingToday: summaryListMapping<'airingToday'>({ table: 'tvSeries' }),
  discoverTv: summaryListMapping<'discoverTv'>({ table: 'tvSeries' }),
  accountTvWatchlist: summaryListMapping<'accountTvWatchlist'>({ table: 'tvSeries', userScoped: true }),
  accountTvFavorites: summaryListMapping<'accountTvFavorites'>({ table: 'tvSeries', userScoped: true }),
  accountTvRated: summaryListMapping<'accountTvRated'>({ table: 'tvSeries', userScoped: true, itemFields: ['rating'] }),
  accountMovieWatchlist: summaryListMapping<'accountMovieWatchlist'>({ table: 'movies', userScoped: true }),
  accountMovieFavorites: summaryListMapping<'accountMovieFavorites'>({ table: 'movies', userScoped: true }),
  accountMovieRated: summaryListMapping<'accountMovieRated'>({
    table: 'movies',
    userScoped: true,
    itemFields: ['rating'],
  }),
  popularPeople: personListMapping<'popularPeople'>(),
  searchMulti: searchMultiMapping,
  searchTv: summaryListMapping<'searchTv'>({ table: 'tvSeries' }),
  searchMovies: summaryListMapping<'searchMovies'>({ table: 'movies' }),
  searchPeople: personListMapping<'searchPeople'>(),
  personTaggedImages: taggedImagesMapping,
  tvAccountStates: tvAccountStatesMapping,
  episodeAccountStates: episodeAccountStatesMapping,
  seasonCredits: seasonCreditsMapping,
  seasonImages: seasonImagesMapping,
  episodeChanges: episodeChangesMapping,
  movieVideos: movieVideosMapping,
  personExternalIds: personExternalIdsMapping,
  personTranslations: personTranslationsMapping,
  configuration: configurationMapping,
  seasonDetails: seasonDetailsMapping,
  listDetails: listDetailsMapping,
  movieDetails: movieDetailsMapping,
  tvSeriesDetails: tvSeriesDetailsMapping,
  personDetails: personDetailsMapping,
} satisfies { [O in StoredOperationName]: StoreMapping<O> };

/** The operations whose responses the store keeps: the registry's stored ones, each with its mapping above. */
export type StoredOperation = keyof typeof storeMappings;

export { isStoredOperation } from '../../api/stored-operations.js';

/** The mapping of an operation, typed by it. */
export function mappingOf<O extends StoredOperation>(operation: O): StoreMapping<O> {
  return storeMappings[operation] as unknown as StoreMapping<O>;
}
