/**
 * catalogue-sync/api: the transport under the catalogue, for callers who talk to the service without a store. The
 * API client, the request queue, the endpoint registry with its request keys, and the response schemas (zod), plus
 * the errors they throw. Exported explicitly; the schemas come from their own explicit barrel.
 */
export { buildRequest, canonicalQueryString, requestKey } from './api/build-request.js';
export { parseMaxAge } from './api/cache-control.js';
export {
  type AccessToken,
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type RequestOptions,
} from './api/create-api-client.js';
export type { EndpointKind, EndpointScope, HttpMethod } from './api/define-call.js';
export {
  type Endpoint,
  type Endpoints,
  endpoints,
  isOperationName,
  type OperationName,
  operationNames,
  type ParamsOf,
  type ParsedParamsOf,
  type ResponseOf,
} from './api/endpoints.js';
export type {
  InputOf,
  OutputOf,
  Param,
  ParamCheck,
  ParamInput,
  ParamObject,
  ParamObjectCheck,
  ParamOutput,
  ParamShape,
  StandardIssue,
  StandardResult,
  StandardSchemaV1,
} from './api/param-schema.js';
export { parseParams } from './api/parse-params.js';
export {
  type ApiResponse,
  type NotModifiedResponse,
  type ParseResponseOptions,
  parseResponse,
} from './api/parse-response.js';
export { type PreparedRequest, prepareRequest } from './api/prepared-request.js';
export { parseRetryAfter } from './api/retry-after.js';
export * from './api/schemas/index.js';
export {
  CatalogueError,
  type CatalogueErrorName,
  InvalidParamsError,
  isCatalogueError,
  isInvalidParamsError,
  isNetworkError,
  isOfflineError,
  isSchemaValidationError,
  isServiceError,
  isTimeoutError,
  NetworkError,
  OfflineError,
  type ParamIssue,
  type ParamIssueCode,
  SchemaValidationError,
  ServiceError,
  TimeoutError,
} from './errors/index.js';
export { createRequestQueue } from './queue/create-request-queue.js';
export type { RateLimitOptions, RequestQueueOptions, RetryOptions } from './queue/options.js';
export { isPriority, type Priority, priorities } from './queue/priority.js';
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
export type { QueueRequestOptions, QueueResult, RequestQueue } from './queue/request-queue.js';
export type { OfflineMode } from './queue/shared-request.js';
