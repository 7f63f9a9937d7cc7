/**
 * The error classes and guards of the public surface, re-bound for `src/index.ts`. Bundlers split per file: a file
 * the main entry re-exports from and the lazily loaded core imports lands in a chunk the entry loads at once, even
 * where the app uses none of it. A plain `export … from` keeps that link; these `export import` aliases are
 * declarations a bundler drops, with the file's import, when the app uses none of them, so the error classes only
 * the core throws arrive with the core. The values are the same objects (`instanceof` holds), and declaration files
 * keep the classes' own signatures.
 */
import * as errors from '../errors/index.js';

export import BudgetExceededError = errors.BudgetExceededError;
export import CatalogueError = errors.CatalogueError;
export import ClosedError = errors.ClosedError;
export import ImageUrlError = errors.ImageUrlError;
export import InvalidParamsError = errors.InvalidParamsError;
export import MemoryStorageError = errors.MemoryStorageError;
export import NetworkError = errors.NetworkError;
export import NewerReleaseError = errors.NewerReleaseError;
export import OfflineError = errors.OfflineError;
export import PendingMutationsError = errors.PendingMutationsError;
export import QuotaExceededError = errors.QuotaExceededError;
export import SchemaValidationError = errors.SchemaValidationError;
export import ScopeEndedError = errors.ScopeEndedError;
export import ServiceError = errors.ServiceError;
export import TimeoutError = errors.TimeoutError;
export import WorkerReplyTimeoutError = errors.WorkerReplyTimeoutError;
export import isBudgetExceededError = errors.isBudgetExceededError;
export import isCatalogueError = errors.isCatalogueError;
export import isClosedError = errors.isClosedError;
export import isImageUrlError = errors.isImageUrlError;
export import isInvalidParamsError = errors.isInvalidParamsError;
export import isMemoryStorageError = errors.isMemoryStorageError;
export import isNetworkError = errors.isNetworkError;
export import isNewerReleaseError = errors.isNewerReleaseError;
export import isOfflineError = errors.isOfflineError;
export import isPendingMutationsError = errors.isPendingMutationsError;
export import isQuotaExceededError = errors.isQuotaExceededError;
export import isSchemaValidationError = errors.isSchemaValidationError;
export import isScopeEndedError = errors.isScopeEndedError;
export import isServiceError = errors.isServiceError;
export import isTimeoutError = errors.isTimeoutError;
export import isWorkerReplyTimeoutError = errors.isWorkerReplyTimeoutError;
