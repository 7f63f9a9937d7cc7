import type { ResponsesOf } from '../responses-of.js';
import { accountState } from '../schemas/build/account-state.js';
import { configuration } from '../schemas/build/configuration.js';
import { episodeChanges } from '../schemas/build/episode-changes.js';
import { trendingMovieItem } from '../schemas/build/movie-summary.js';
import { movieVideos } from '../schemas/build/movie-videos.js';
import { pagedOf } from '../schemas/build/paged-of.js';
import { personExternalIds } from '../schemas/build/person-external-ids.js';
import { personSummary } from '../schemas/build/person-summary.js';
import { personTranslations } from '../schemas/build/person-translations.js';
import { seasonCredits } from '../schemas/build/season-credits.js';
import { seasonImages } from '../schemas/build/season-images.js';
import { sessionResponse } from '../schemas/build/session.js';
import { statusEnvelope, tokenValidation } from '../schemas/build/status-envelope.js';
import { taggedImagesPage } from '../schemas/build/tagged-image.js';
import { trendingTvItem, tvSeriesSummary } from '../schemas/build/tv-series-summary.js';
import type { catalogueCalls } from './catalogue-calls.js';

/**
 * The response schemas of the specification's 19 operations (`catalogue-calls.ts`).
 * One per call and no other: the compiler checks both ways.
 */
export const catalogueResponses = {
  trendingTv: pagedOf(trendingTvItem),
  trendingMovies: pagedOf(trendingMovieItem),
  airingToday: pagedOf(tvSeriesSummary),
  discoverTv: pagedOf(tvSeriesSummary),
  tvAccountStates: accountState,
  seasonCredits,
  seasonImages,
  episodeAccountStates: accountState,
  episodeChanges,
  movieVideos,
  popularPeople: pagedOf(personSummary),
  personExternalIds,
  personTaggedImages: taggedImagesPage,
  personTranslations,
  accountTvWatchlist: pagedOf(tvSeriesSummary),
  configuration,
  createSession: sessionResponse,
  validateToken: tokenValidation,
  removeListItem: statusEnvelope,
} satisfies ResponsesOf<typeof catalogueCalls>;
