export { InvalidParamsError, isInvalidParamsError } from './invalid-params-error.js';
export { isNetworkError, NetworkError } from './network-error.js';
export { isSchemaValidationError, SchemaValidationError } from './schema-validation-error.js';
export { isServiceError, ServiceError } from './service-error.js';
export { isTimeoutError, TimeoutError } from './timeout-error.js';
