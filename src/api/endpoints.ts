import type * as z from 'zod/mini';
import { type Calls, calls, type OperationName } from './calls.js';
import { type ResponseSchemas, responses } from './responses.js';

export { isOperationName, type OperationName, type ParamsOf, type ParsedParamsOf } from './calls.js';

type Responses = ResponseSchemas;

/** One operation's whole entry: its call and its response schema. */
export type EndpointOf<O extends OperationName> = Calls[O] & { readonly response: Responses[O] };

/**
 * The endpoint registry: one entry per operation. The client builds requests from it, the fake service routes
 * from it, the engine learns from it where a response is stored and how long it stays fresh, and the types of
 * every call and view come from its schemas. Each entry is its call (`calls.ts`, which says how to add one) with
 * its response schema (`responses.ts`).
 */
export const endpoints = Object.fromEntries(
  // Each entry inherits its call (not a copy): the call's schemas are made once, on first use, whichever of the
  // two reads them. Its response is its builder's schema, made on the entry's first validation (building all of
  // them here was most of the cost of loading the typed client, and a page validates a few).
  Object.entries(calls).map(([operation, call]) => [
    operation,
    Object.create(call, { response: { get: responses[operation as OperationName], enumerable: true } }) as object,
  ]),
) as { readonly [O in OperationName]: EndpointOf<O> };

export type Endpoints = typeof endpoints;
export type Endpoint = Endpoints[OperationName];

/** The parsed response of an operation. */
export type ResponseOf<O extends OperationName> = z.output<Responses[O]>;

export const operationNames = Object.keys(endpoints) as OperationName[];
