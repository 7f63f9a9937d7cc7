import type * as z from 'zod/mini';
import { catalogueEndpoints } from './registry/catalogue-endpoints.js';
import { changeEndpoints } from './registry/change-endpoints.js';
import { detailEndpoints } from './registry/detail-endpoints.js';
import { userEndpoints } from './registry/user-endpoints.js';

/**
 * The endpoint registry: one entry per operation. The client builds requests from it, the fake service routes
 * from it, the engine learns from it where a response is stored and how long it stays fresh, and the types of
 * every call and view come from its schemas. Adding an operation means adding one entry (in `registry/`).
 */
export const endpoints = { ...catalogueEndpoints, ...changeEndpoints, ...userEndpoints, ...detailEndpoints };

export type Endpoints = typeof endpoints;
export type OperationName = keyof Endpoints;
export type Endpoint = Endpoints[OperationName];

/** The flat parameter object a caller passes for an operation (the service's own names). */
export type ParamsOf<O extends OperationName> = z.input<Endpoints[O]['params']>;
/** The validated, canonical parameters (lists joined, defaults applied). */
export type ParsedParamsOf<O extends OperationName> = z.output<Endpoints[O]['params']>;
/** The parsed response of an operation. */
export type ResponseOf<O extends OperationName> = z.output<Endpoints[O]['response']>;

export const operationNames = Object.keys(endpoints) as OperationName[];

export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && Object.hasOwn(endpoints, value);
}
