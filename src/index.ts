/**
 * catalogue-sync: the public surface of the catalogue. Everything a user may touch is exported here, explicitly: the
 * catalogue, its options, views, snapshots and events, the errors and their guards, the image helpers and the helpers
 * for the injectable effects (clock, connectivity, locks, channels). The API client, request queue, endpoint
 * registry and response schemas are `catalogue-sync/api` (`src/api-entry.ts`); the data types views serve are here,
 * as types. A value the core also imports is exported through `src/exports/`, or the first-read path would carry it
 * for every app (why: `src/exports/errors.ts`; `test/first-read/first-read-chunks.test.ts` holds it).
 */
export type { AccessToken } from './api/create-api-client.js';
export type { OperationName, ParamsOf, ResponseOf } from './api/endpoints.js';
export type {
  InputOf,
  Param,
  ParamInput,
  ParamShape,
  StandardIssue,
  StandardResult,
  StandardSchemaV1,
} from './api/param-schema.js';
export type {
  AccountDetails,
  AccountState,
  AppendedCredits,
  CastCredit,
  CastMember,
  ChangeAction,
  ChangedSeries,
  ChangeGroup,
  ChangeItem,
  CombinedCredits,
  Configuration,
  CrewCredit,
  CrewMember,
  Episode,
  EpisodeChanges,
  Genre,
  ImageConfiguration,
  ImageFile,
  KnownForItem,
  ListDetails,
  ListItem,
  MovieCastMember,
  MovieCredits,
  MovieDetails,
  MovieSummary,
  MovieVideos,
  PagedEnvelope,
  PersonCombinedCredits,
  PersonDetails,
  PersonExternalIds,
  PersonSummary,
  PersonTranslation,
  PersonTranslations,
  Rated,
  RatedMovieItem,
  RatedTvItem,
  SeasonCredits,
  SeasonDetails,
  SeasonEpisode,
  SeasonImages,
  SeriesSeason,
  StatusEnvelope,
  TaggedImage,
  TaggedImagesPage,
  TokenValidation,
  TvChanges,
  TvSeriesDetails,
  TvSeriesSummary,
  Video,
} from './api/schemas/index.js';
export { type CatalogueOptions, DATABASE_PROTOCOL_SUFFIX } from './catalogue-options.js';
export type { Catalogue, CatalogueAuth } from './create-catalogue.js';
export { createCatalogue } from './create-catalogue.js';
export {
  type Clock,
  type Connectivity,
  createManualConnectivity,
  type FetchLike,
  type IndexedDBPair,
  type Logger,
  type ManualConnectivity,
  platformConnectivity,
  type Random,
  type StorageEstimator,
  type StorageFigures,
  silentLogger,
  systemClock,
  type TimerHandle,
} from './env.js';
export type { CatalogueErrorName, ImageUrlErrorReason, ParamIssue, ParamIssueCode } from './errors/index.js';
export {
  BudgetExceededError,
  CatalogueError,
  ClosedError,
  ImageUrlError,
  InvalidParamsError,
  isBudgetExceededError,
  isCatalogueError,
  isClosedError,
  isImageUrlError,
  isInvalidParamsError,
  isMemoryStorageError,
  isNetworkError,
  isNewerReleaseError,
  isOfflineError,
  isPendingMutationsError,
  isQuotaExceededError,
  isSchemaValidationError,
  isScopeEndedError,
  isServiceError,
  isTimeoutError,
  isWorkerReplyTimeoutError,
  MemoryStorageError,
  NetworkError,
  NewerReleaseError,
  OfflineError,
  PendingMutationsError,
  QuotaExceededError,
  SchemaValidationError,
  ScopeEndedError,
  ServiceError,
  TimeoutError,
  WorkerReplyTimeoutError,
} from './exports/errors.js';
export { createInProcessChannels, createInProcessLocks } from './exports/in-process-coordination.js';
export { foldText, imageUrl, srcSet } from './exports/query-helpers.js';
export type { LocalQueries, OperationViews, ViewArgs } from './query/create-views.js';
export type { ImageKind, ImageUrlOptions } from './query/image-url.js';
export { keepPrevious } from './query/keep-previous.js';
export type { LocalSearchItem, LocalSearchResult } from './query/local-search.js';
export type { LocalView } from './query/local-view.js';
export {
  type InteropObservable,
  type ObservableSubscription,
  type Observer,
  observableSymbol,
} from './query/observable.js';
export type { OutboxEntry, OutboxSnapshot, OutboxView } from './query/outbox-view.js';
export type { PagesSnapshot, PagesView } from './query/pages-view.js';
export { type StatusSource, selectStatus } from './query/select-status.js';
export type { StoreView } from './query/store-view.js';
export type { CatalogueUser, UserState, UserView } from './query/user-view.js';
export type { SnapshotOf, Snapshots, View } from './query/view.js';
export type { CatalogueViewOptions, OptionalArgs } from './query/view-options.js';
export type { RateLimitOptions, RetryOptions } from './queue/options.js';
export type { Priority } from './queue/priority.js';
export type {
  DedupedEvent,
  ErrorSummary,
  RateLimitedEvent,
  RequestEvent,
  RequestInfo,
  RequestQueueEvents,
  ResponseEvent,
  RetryEvent,
} from './queue/queue-events.js';
export type { QueueState, QueueStats } from './queue/queue-stats.js';
export type { OfflineMode } from './queue/shared-request.js';
export type { WriteResult } from './store/records/write-response.js';
export type { LockManagerLike } from './sync/background-lock.js';
export type { BroadcastChannelFactory, BroadcastChannelLike } from './sync/budget-channel.js';
export type {
  CatalogueEvents,
  ChangesAppliedEvent,
  EvictedEvent,
  MutationFailedEvent,
  MutationSentEvent,
  ProgressEvent,
  QuarantinedEvent,
  StoredEvent,
  SyncErrorEvent,
  UserEvent,
} from './sync/catalogue-events.js';
export type { CatalogueSync } from './sync/catalogue-sync.js';
export type { ChangeFeedSync, EpisodeTracking } from './sync/changes/change-feed.js';
export type {
  RefreshChangesOptions,
  RefreshChangesResult,
  TrackSeriesOptions,
} from './sync/changes/change-feed-options.js';
export { type Freshness, MIN_MAX_AGE_SECONDS } from './sync/freshness.js';
export type { AccountMutations, ListMutations, MutationReceipt } from './sync/mutations.js';
export type {
  CatalogueNews,
  FollowOptions,
  FollowResult,
  NewEpisode,
  SeriesNews,
} from './sync/news/news-types.js';
export type { CatalogueParams } from './sync/prepare-call.js';
export type {
  EnsureFreshResult,
  ListOperation,
  PullListOptions,
  PullListResult,
  PullOperation,
  PullOptions,
  RefreshOptions,
  RefreshResult,
} from './sync/sync-engine.js';
export type { SyncErrorInfo, SyncState, SyncStatus } from './sync/sync-status.js';
export type { UserCredentials } from './sync/user-scope.js';
export type { SignedIn, SignOutOptions } from './sync/user-sessions.js';
export type { ViewEntries, ViewEntry } from './sync/view-entries.js';
export type { ViewSnapshot, ViewStatus } from './sync/view-snapshot.js';
