import type { OperationName } from '../../api/endpoints.js';
import type { OperationHandler } from '../service/request.js';
import {
  accountMovieFavorites,
  accountMovieRated,
  accountMovieWatchlist,
  accountTvFavorites,
  accountTvRated,
  accountTvWatchlist,
} from './account-list-routes.js';
import { configuration, createSession, removeListItem, validateToken } from './account-routes.js';
import { seasonDetails, tvChanges } from './change-list-routes.js';
import { movieCredits, personCombinedCredits } from './credit-routes.js';
import { movieDetails, personDetails, tvSeriesDetails } from './detail-routes.js';
import { airingToday, discoverTv, popularPeople, trendingMovies, trendingTv } from './list-routes.js';
import { seasonChanges, seriesChanges } from './nested-changes-routes.js';
import { movieVideos, personExternalIds, personTaggedImages, personTranslations } from './people-routes.js';
import { searchMovies, searchMulti, searchPeople, searchTv } from './search-routes.js';
import { episodeAccountStates, episodeChanges, seasonCredits, seasonImages, tvAccountStates } from './tv-routes.js';
import {
  accountDetails,
  addToWatchlist,
  createGuestSession,
  createRequestToken,
  deleteEpisodeRating,
  deleteSession,
  deleteTvSeriesRating,
  listDetails,
  markFavorite,
  rateEpisode,
  rateTvSeries,
} from './user-routes.js';

/** One handler per registry operation: a missing one is a type error. */
export const operationHandlers: Record<OperationName, OperationHandler> = {
  trendingTv,
  trendingMovies,
  airingToday,
  discoverTv,
  tvAccountStates,
  seasonCredits,
  seasonImages,
  episodeAccountStates,
  episodeChanges,
  movieVideos,
  popularPeople,
  personExternalIds,
  personTaggedImages,
  personTranslations,
  accountTvWatchlist,
  configuration,
  createSession,
  validateToken,
  removeListItem,
  tvChanges,
  seasonDetails,
  seriesChanges,
  seasonChanges,
  createRequestToken,
  createGuestSession,
  accountDetails,
  deleteSession,
  listDetails,
  markFavorite,
  addToWatchlist,
  rateTvSeries,
  deleteTvSeriesRating,
  rateEpisode,
  deleteEpisodeRating,
  accountTvFavorites,
  accountMovieFavorites,
  accountMovieWatchlist,
  accountTvRated,
  accountMovieRated,
  searchMulti,
  searchTv,
  searchMovies,
  searchPeople,
  movieDetails,
  tvSeriesDetails,
  personDetails,
  movieCredits,
  personCombinedCredits,
};
