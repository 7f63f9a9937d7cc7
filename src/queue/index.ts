export { isOfflineError, OfflineError } from '../errors/offline-error.js';
export { createRequestQueue } from './create-request-queue.js';
export type { RateLimitOptions, RequestQueueOptions, RetryOptions } from './options.js';
export { isPriority, type Priority, priorities } from './priority.js';
export type {
  DedupedEvent,
  ErrorSummary,
  RateLimitedEvent,
  RequestEvent,
  RequestInfo,
  RequestQueueEvents,
  ResponseEvent,
  RetryEvent,
} from './queue-events.js';
export type { QueueState, QueueStats } from './queue-stats.js';
export type { QueueRequestOptions, QueueResult, RequestQueue } from './request-queue.js';
export type { OfflineMode } from './shared-request.js';
