/**
 * catalogue-sync: the public surface. Everything a user may touch is exported here, explicitly.
 */
export * from './api/index.js';
export {
  type Catalogue,
  type CatalogueSync,
  createCatalogue,
} from './create-catalogue.js';
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
  silentLogger,
  systemClock,
  type TimerHandle,
} from './env.js';
export {
  type ImageKind,
  ImageUrlError,
  type ImageUrlOptions,
  imageUrl,
  isImageUrlError,
  srcSet,
} from './query/image-url.js';
export * from './queue/index.js';
export type { WriteResult } from './store/write-response.js';
export type {
  CatalogueEvents,
  ProgressEvent,
  QuarantinedEvent,
  StoredEvent,
  SyncErrorEvent,
} from './sync/catalogue-events.js';
export type { CatalogueOptions } from './sync/catalogue-options.js';
export { type Freshness, MIN_MAX_AGE_SECONDS } from './sync/freshness.js';
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
