export { type AccountState, accountState, type Rated, rated } from './account-state.js';
export {
  type AccountDetails,
  accountDetails,
  type DeleteSessionResponse,
  deleteSessionResponse,
  type GuestSessionResponse,
  guestSessionResponse,
  type RequestTokenResponse,
  requestTokenResponse,
} from './auth.js';
export { imagePath, looseDate, type PagedEnvelope, pagedEnvelope } from './common.js';
export { type Configuration, configuration, type ImageConfiguration, imageConfiguration } from './configuration.js';
export { type Episode, episode } from './episode.js';
export {
  type ChangeAction,
  type ChangeGroup,
  type ChangeItem,
  changeAction,
  changeGroup,
  changeItem,
  type EpisodeChanges,
  episodeChanges,
} from './episode-changes.js';
export { type Genre, genre } from './genre.js';
export { type ListDetails, type ListItem, listDetails, listItem } from './list-details.js';
export { type MovieCastMember, type MovieCredits, movieCastMember, movieCredits } from './movie-credits.js';
export {
  type AppendedCredits,
  appendedCredits,
  appendedVideos,
  type MovieDetails,
  movieCollection,
  movieDetails,
} from './movie-details.js';
export { type MovieSummary, movieSummary, trendingMovieItem } from './movie-summary.js';
export { type MovieVideos, movieVideos, type Video, video } from './movie-videos.js';
export { type PersonCombinedCredits, personCombinedCredits } from './person-combined-credits.js';
export {
  type CastCredit,
  type CombinedCredits,
  type CrewCredit,
  castCredit,
  combinedCredits,
  crewCredit,
  type PersonDetails,
  personDetails,
} from './person-details.js';
export { type PersonExternalIds, personExternalIds } from './person-external-ids.js';
export { type KnownForItem, knownForItem, type PersonSummary, personSummary } from './person-summary.js';
export {
  type PersonTranslation,
  type PersonTranslations,
  personTranslation,
  personTranslations,
} from './person-translations.js';
export { type RatedMovieItem, type RatedTvItem, ratedMovieItem, ratedTvItem } from './rated-item.js';
export { type SearchMultiItem, searchMultiItem, searchPersonItem } from './search-result.js';
export {
  type CastMember,
  type CrewMember,
  castMember,
  crewMember,
  type SeasonCredits,
  seasonCredits,
} from './season-credits.js';
export { type SeasonDetails, type SeasonEpisode, seasonDetails, seasonEpisode } from './season-details.js';
export { type ImageFile, imageFile, type SeasonImages, seasonImages } from './season-images.js';
export { type SessionResponse, sessionResponse } from './session.js';
export {
  type StatusEnvelope,
  statusEnvelope,
  type TokenValidation,
  tokenValidation,
  validationErrors,
} from './status-envelope.js';
export { type TaggedImage, type TaggedImagesPage, taggedImage, taggedImagesPage } from './tagged-image.js';
export { type ChangedSeries, changedSeries, type TvChanges, tvChanges } from './tv-changes.js';
export {
  network,
  type SeriesSeason,
  seriesSeason,
  type TvSeriesDetails,
  tvSeriesDetails,
} from './tv-series-details.js';
export { type TvSeriesSummary, trendingTvItem, tvSeriesSummary } from './tv-series-summary.js';
