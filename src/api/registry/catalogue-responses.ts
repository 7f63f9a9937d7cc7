import type { ResponsesOf } from '../responses-of.js';
import { accountState } from '../schemas/account-state.js';
import { pagedEnvelope } from '../schemas/common.js';
import { configuration } from '../schemas/configuration.js';
import { episodeChanges } from '../schemas/episode-changes.js';
import { trendingMovieItem } from '../schemas/movie-summary.js';
import { movieVideos } from '../schemas/movie-videos.js';
import { personExternalIds } from '../schemas/person-external-ids.js';
import { personSummary } from '../schemas/person-summary.js';
import { personTranslations } from '../schemas/person-translations.js';
import { seasonCredits } from '../schemas/season-credits.js';
import { seasonImages } from '../schemas/season-images.js';
import { sessionResponse } from '../schemas/session.js';
import { statusEnvelope, tokenValidation } from '../schemas/status-envelope.js';
import { taggedImagesPage } from '../schemas/tagged-image.js';
import { trendingTvItem, tvSeriesSummary } from '../schemas/tv-series-summary.js';
import type { catalogueCalls } from './catalogue-calls.js';

/**
 * The response schemas of the specification's 19 operations (`catalogue-calls.ts`).
 * One per call and no other: the compiler checks both ways.
 */
export const catalogueResponses = {
  trendingTv: pagedEnvelope(trendingTvItem),
  trendingMovies: pagedEnvelope(trendingMovieItem),
  airingToday: pagedEnvelope(tvSeriesSummary),
  discoverTv: pagedEnvelope(tvSeriesSummary),
  tvAccountStates: accountState,
  seasonCredits,
  seasonImages,
  episodeAccountStates: accountState,
  episodeChanges,
  movieVideos,
  popularPeople: pagedEnvelope(personSummary),
  personExternalIds,
  personTaggedImages: taggedImagesPage,
  personTranslations,
  accountTvWatchlist: pagedEnvelope(tvSeriesSummary),
  configuration,
  createSession: sessionResponse,
  validateToken: tokenValidation,
  removeListItem: statusEnvelope,
} satisfies ResponsesOf<typeof catalogueCalls>;
