import type { InputOf, OutputOf } from './param-schema.js';
import { catalogueCalls } from './registry/catalogue-calls.js';
import { changeCalls } from './registry/change-calls.js';
import { creditCalls } from './registry/credit-calls.js';
import { detailCalls } from './registry/detail-calls.js';
import { userCalls } from './registry/user-calls.js';

/**
 * Every operation's call: method, path, parameter schemas, cross-parameter rules, scope, kind and lifetime,
 * without what it answers (`responses.ts`; `endpoints.ts` joins the two). Validating and keying a call needs only
 * this, so the first-read path carries no response schema. Adding an operation means one entry here (in
 * `registry/`) and its schema in `responses.ts`.
 */
export const calls = { ...catalogueCalls, ...changeCalls, ...userCalls, ...detailCalls, ...creditCalls };

export type Calls = typeof calls;
export type OperationName = keyof Calls;

/** The flat parameter object a caller passes for an operation (the service's own names). */
export type ParamsOf<O extends OperationName> = InputOf<Calls[O]['params']['shape']>;
/** The validated, canonical parameters (lists joined, defaults applied). */
export type ParsedParamsOf<O extends OperationName> = OutputOf<Calls[O]['params']['shape']>;

export function isOperationName(value: unknown): value is OperationName {
  return typeof value === 'string' && Object.hasOwn(calls, value);
}
