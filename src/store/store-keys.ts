import { requestKey } from '../api/build-request.js';
import { calls, type OperationName } from '../api/calls.js';

/** Parameters that are credentials: the engine replaces them by a user-scope id before anything is keyed. */
const CREDENTIAL_PARAMS = ['session_id', 'guest_session_id'] as const;

/** Refuses parameters that still carry a credential: nothing the store keys or writes may contain one. */
export function assertNoCredentials(operation: string, params: Record<string, unknown>): void {
  for (const name of CREDENTIAL_PARAMS) {
    if (params[name] !== undefined) {
      throw new TypeError(`${operation}: pass \`userScope\`, not \`${name}\`: credentials are never keyed or stored`);
    }
  }
}

/**
 * The request key the store files sync metadata under: `requestKey` over the credential-free parameters,
 * plus `user_scope` for user-scoped calls (so two users' freshness never mix, and no session id is keyed).
 * A paged operation's key always names its page, so `{}` and `{ page: 1 }` — the same list page — share one.
 */
export function storeRequestKey(operation: OperationName, params: Record<string, unknown>, userScope?: string): string {
  assertNoCredentials(operation, params);
  const keyed: Record<string, unknown> = calls[operation].paged ? { ...params, page: requestedPage(params) } : params;
  return requestKey(operation, userScope === undefined ? keyed : { ...keyed, user_scope: userScope });
}

/** The parameters without `page`. */
export function withoutPage(params: Record<string, unknown>): Record<string, unknown> {
  const { page: _page, ...rest } = params;
  return rest;
}

/** A list's identity across its pages: operation + canonical parameters without `page`. */
export function listKeyOf(operation: OperationName, params: Record<string, unknown>): string {
  assertNoCredentials(operation, params);
  return requestKey(operation, withoutPage(params));
}

/** The page that was requested (the service's default is 1): list pages are keyed by it, not by the answer. */
export function requestedPage(params: Record<string, unknown>): number {
  return typeof params.page === 'number' ? params.page : 1;
}
