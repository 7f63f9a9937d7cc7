/**
 * `catalogue-sync/sw`: background refresh in a service worker (worker side) and its registration (page side),
 * and the page side of a new version's update (`watchWorkerUpdates`). The worker runs `catalogue.sync.refresh()`
 * — the code path a page calls — under the same background lock. App-shell and image caching, on Workbox, are
 * `catalogue-sync/sw/offline-shell`: worker code, kept out of this entry that pages import.
 */
export { BudgetExceededError, isBudgetExceededError } from '../errors/budget-exceeded-error.js';
export { isWorkerReplyTimeoutError, WorkerReplyTimeoutError } from '../errors/worker-reply-timeout-error.js';
export {
  type BackgroundCatalogue,
  type BackgroundRefresh,
  type BackgroundRefreshOptions,
  type BackgroundRefreshScope,
  DEFAULT_TAG,
  installBackgroundRefresh,
  type PostTarget,
} from './install-background-refresh.js';
export {
  type BackgroundRun,
  type BackgroundStatus,
  isPageMessage,
  isWorkerMessage,
  type PageMessage,
  type PlainError,
  PROTOCOL,
  type RefreshTrigger,
  type WorkerMessage,
} from './messages.js';
export {
  type BackgroundRefreshMode,
  type BackgroundRefreshRegistration,
  type MessageSource,
  type RegisterBackgroundRefreshOptions,
  type RegistrationLike,
  registerBackgroundRefresh,
  type VisibilitySource,
} from './register-background-refresh.js';
export { isSkipWaitingMessage, SKIP_WAITING, type SkipWaitingMessage } from './skip-waiting-message.js';
export {
  type ControllerSource,
  type UpdatingRegistration,
  type WatchWorkerUpdatesOptions,
  type WorkerLike,
  type WorkerUpdateState,
  type WorkerUpdates,
  watchWorkerUpdates,
} from './watch-worker-updates.js';
