export { BudgetExceededError, isBudgetExceededError } from './budget-exceeded-error.js';
export {
  CatalogueError,
  type CatalogueErrorName,
  catalogueErrorNames,
  isCatalogueError,
} from './catalogue-error.js';
export { ClosedError, isClosedError } from './closed-error.js';
export { ImageUrlError, type ImageUrlErrorReason, isImageUrlError } from './image-url-error.js';
export { InvalidParamsError, isInvalidParamsError } from './invalid-params-error.js';
export { isMemoryStorageError, MemoryStorageError } from './memory-storage-error.js';
export { isNetworkError, NetworkError } from './network-error.js';
export { isNewerReleaseError, NewerReleaseError } from './newer-release-error.js';
export { isOfflineError, OfflineError } from './offline-error.js';
export type { ParamIssue, ParamIssueCode } from './param-issue.js';
export { isPendingMutationsError, PendingMutationsError } from './pending-mutations-error.js';
export { isQuotaExceededError, QuotaExceededError } from './quota-exceeded-error.js';
export { isSchemaValidationError, SchemaValidationError } from './schema-validation-error.js';
export { isScopeEndedError, ScopeEndedError } from './scope-ended-error.js';
export { isServiceError, ServiceError } from './service-error.js';
export { isTimeoutError, TimeoutError } from './timeout-error.js';
export { isWorkerReplyTimeoutError, WorkerReplyTimeoutError } from './worker-reply-timeout-error.js';
