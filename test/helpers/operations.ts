/** The service specification's 19 operations (`spec/SPEC.md`, "Endpoints"), in the registry's order. */
export const THE_19: readonly string[] = [
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
  'createSession',
  'validateToken',
  'removeListItem',
];

/**
 * Operations the registry has beyond the specification's 19 (DESIGN, Contracts: "Operations beyond the 19"), by
 * the issue that added them. Tests that check "the 19" set these apart; adding an operation means adding it here.
 */
export const BEYOND_THE_19: readonly string[] = [
  // The change-feed issue.
  'tvChanges',
  'seasonDetails',
  'seriesChanges',
  'seasonChanges',
  // The outbox issue.
  'createRequestToken',
  'createGuestSession',
  'accountDetails',
  'deleteSession',
  'listDetails',
  'markFavorite',
  'addToWatchlist',
  'rateTvSeries',
  'deleteTvSeriesRating',
  'rateEpisode',
  'deleteEpisodeRating',
  // The account lists (issue 22): favorites, movie watchlist and rated lists beside the TV watchlist.
  'accountTvFavorites',
  'accountMovieFavorites',
  'accountMovieWatchlist',
  'accountTvRated',
  'accountMovieRated',
  // The detail screens (issue 23): a movie, a series and a person, with what their screens show appended.
  'movieDetails',
  'tvSeriesDetails',
  'personDetails',
  // The fake's appends (issue 31): the sub-resources movie and person details append, on their own.
  'movieCredits',
  'personCombinedCredits',
  // The demo's search (issue 36): the service's own search of each kind, and the mixed one.
  'searchMulti',
  'searchTv',
  'searchMovies',
  'searchPeople',
];
