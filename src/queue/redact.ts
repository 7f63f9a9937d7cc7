import { requestKey } from '../api/build-request.js';
import type { OperationName } from '../api/endpoints.js';

/** Parameters that are credentials (DESIGN, Contracts: "Credentials"): their values never leave the queue. */
const CREDENTIAL_PARAMS: ReadonlySet<string> = new Set(['session_id', 'guest_session_id', 'request_token']);

export const REDACTED = '[redacted]';

/** A copy of `params` with every credential value replaced by `[redacted]`. */
export function redactParams(params: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    copy[name] = CREDENTIAL_PARAMS.has(name) && value !== undefined ? REDACTED : value;
  }
  return copy;
}

/**
 * The key events and logs carry: the request key over redacted parameters. Two users' requests may share
 * this key; that is the price of never emitting a session id.
 */
export function publicRequestKey(operation: OperationName, params: Record<string, unknown>): string {
  return requestKey(operation, redactParams(params));
}
