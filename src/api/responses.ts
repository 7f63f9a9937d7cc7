/**
 * What each operation answers: its response schema, kept apart from the calls (`calls.ts`), so a bundle that only
 * validates and keys calls (the first-read path) does not carry the response schemas.
 */
import { accountState } from './schemas/account-state.js';
import { accountDetails, deleteSessionResponse, guestSessionResponse, requestTokenResponse } from './schemas/auth.js';
import { pagedEnvelope } from './schemas/common.js';
import { configuration } from './schemas/configuration.js';
import { episodeChanges } from './schemas/episode-changes.js';
import { listDetails } from './schemas/list-details.js';
import { movieCredits } from './schemas/movie-credits.js';
import { movieDetails } from './schemas/movie-details.js';
import { movieSummary, trendingMovieItem } from './schemas/movie-summary.js';
import { movieVideos } from './schemas/movie-videos.js';
import { personCombinedCredits } from './schemas/person-combined-credits.js';
import { personDetails } from './schemas/person-details.js';
import { personExternalIds } from './schemas/person-external-ids.js';
import { personSummary } from './schemas/person-summary.js';
import { personTranslations } from './schemas/person-translations.js';
import { ratedMovieItem, ratedTvItem } from './schemas/rated-item.js';
import { seasonCredits } from './schemas/season-credits.js';
import { seasonDetails } from './schemas/season-details.js';
import { seasonImages } from './schemas/season-images.js';
import { sessionResponse } from './schemas/session.js';
import { statusEnvelope, tokenValidation } from './schemas/status-envelope.js';
import { taggedImagesPage } from './schemas/tagged-image.js';
import { tvChanges } from './schemas/tv-changes.js';
import { tvSeriesDetails } from './schemas/tv-series-details.js';
import { trendingTvItem, tvSeriesSummary } from './schemas/tv-series-summary.js';

export const responses = {
  trendingTv: pagedEnvelope(trendingTvItem),
  trendingMovies: pagedEnvelope(trendingMovieItem),
  airingToday: pagedEnvelope(tvSeriesSummary),
  discoverTv: pagedEnvelope(tvSeriesSummary),
  tvAccountStates: accountState,
  seasonCredits: seasonCredits,
  seasonImages: seasonImages,
  episodeAccountStates: accountState,
  episodeChanges: episodeChanges,
  movieVideos: movieVideos,
  popularPeople: pagedEnvelope(personSummary),
  personExternalIds: personExternalIds,
  personTaggedImages: taggedImagesPage,
  personTranslations: personTranslations,
  accountTvWatchlist: pagedEnvelope(tvSeriesSummary),
  configuration: configuration,
  createSession: sessionResponse,
  validateToken: tokenValidation,
  removeListItem: statusEnvelope,
  tvChanges: tvChanges,
  seriesChanges: episodeChanges,
  seasonChanges: episodeChanges,
  seasonDetails: seasonDetails,
  accountTvFavorites: pagedEnvelope(tvSeriesSummary),
  accountMovieFavorites: pagedEnvelope(movieSummary),
  accountMovieWatchlist: pagedEnvelope(movieSummary),
  accountTvRated: pagedEnvelope(ratedTvItem),
  accountMovieRated: pagedEnvelope(ratedMovieItem),
  createRequestToken: requestTokenResponse,
  createGuestSession: guestSessionResponse,
  accountDetails: accountDetails,
  deleteSession: deleteSessionResponse,
  listDetails: listDetails,
  markFavorite: statusEnvelope,
  addToWatchlist: statusEnvelope,
  rateTvSeries: statusEnvelope,
  deleteTvSeriesRating: statusEnvelope,
  rateEpisode: statusEnvelope,
  deleteEpisodeRating: statusEnvelope,
  movieDetails: movieDetails,
  tvSeriesDetails: tvSeriesDetails,
  personDetails: personDetails,
  movieCredits: movieCredits,
  personCombinedCredits: personCombinedCredits,
};
