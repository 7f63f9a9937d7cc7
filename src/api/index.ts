export { buildRequest, canonicalQueryString, requestKey } from './build-request.js';
export { parseMaxAge } from './cache-control.js';
export {
  type AccessToken,
  type ApiClient,
  type ApiClientOptions,
  createApiClient,
  type RequestOptions,
} from './create-api-client.js';
export type { EndpointKind, EndpointScope, HttpMethod } from './define-call.js';
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
} from './endpoints.js';
export { MAX_JSON_DEPTH, neutraliseJson } from './neutralise-json.js';
export { parseParams } from './parse-params.js';
export {
  type ApiResponse,
  type NotModifiedResponse,
  type ParseResponseOptions,
  parseResponse,
} from './parse-response.js';
export { type PreparedRequest, prepareRequest } from './prepared-request.js';
export { readBodyText } from './read-body.js';
export { parseRetryAfter } from './retry-after.js';
export * from './schemas/index.js';
