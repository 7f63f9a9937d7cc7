/**
 * catalogue-sync: the public surface. Everything a user may touch is exported here, explicitly.
 */
export * from './api/index.js';
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
