import { requestKey } from './build-request.js';
import type { OperationName, ParamsOf, ParsedParamsOf } from './endpoints.js';
import { parseParams } from './parse-params.js';
import { redactParams } from './redact-params.js';

declare const preparedBrand: unique symbol;

/**
 * A call validated once and ready to send: `client.send()` and `queue.send()` take it without parsing or keying it
 * again. Made only by `prepareRequest` (a look-alike object is refused with a `TypeError`) and frozen.
 */
export interface PreparedRequest<O extends OperationName = OperationName> {
  /** The registry's operation. */
  readonly operation: O;
  /** The canonical parameters as sent: validated, id lists joined, credentials in. */
  readonly params: Readonly<ParsedParamsOf<O>>;
  /**
   * The request key over the parameters with credential values redacted (`session_id=%5Bredacted%5D`): equal for
   * equal calls of one user, and safe for events and logs.
   */
  readonly key: string;
  /** A mark in types only: an object literal is not a `PreparedRequest` (at run time, `send` checks its origin). */
  readonly [preparedBrand]: true;
}

/** Every object `prepareRequest` made: membership is what `send` trusts, so a hand-made copy is refused. */
const prepared = new WeakSet<object>();

/**
 * Validates `params` for `operation` (`InvalidParamsError`, naming the parameter and the rule, before anything is
 * sent) and keys the call once.
 */
export function prepareRequest<O extends OperationName>(operation: O, params: ParamsOf<O>): PreparedRequest<O> {
  const parsed = Object.freeze(parseParams(operation, params));
  const request = Object.freeze({
    operation,
    params: parsed,
    key: requestKey(operation, redactParams(parsed as Record<string, unknown>)),
  }) as PreparedRequest<O>;
  prepared.add(request);
  return request;
}

/** Whether `value` was made by `prepareRequest`. */
export function isPreparedRequest(value: unknown): value is PreparedRequest {
  return typeof value === 'object' && value !== null && prepared.has(value);
}

/** Throws a `TypeError` naming `caller` unless `value` was made by `prepareRequest`. */
export function assertPreparedRequest(value: unknown, caller: string): asserts value is PreparedRequest {
  if (!isPreparedRequest(value)) {
    throw new TypeError(`${caller}: expected a request made by prepareRequest(operation, params)`);
  }
}
