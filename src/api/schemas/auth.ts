import type * as z from 'zod/mini';
import * as build from './build/auth.js';

/**
 * `GET /3/authentication/token/new`: a request token the user approves on the service's site, valid 60 min
 * (FACTS §7). The token is a credential: never stored, logged or keyed.
 */
export const requestTokenResponse = /* @__PURE__ */ build.requestTokenResponse();

/** `GET /3/authentication/guest_session/new`: a guest session can only rate (FACTS §7). */
export const guestSessionResponse = /* @__PURE__ */ build.guestSessionResponse();

/** `DELETE /3/authentication/session`: `{ "success": true }` once the session is revoked. */
export const deleteSessionResponse = /* @__PURE__ */ build.deleteSessionResponse();

/**
 * `GET /3/account?session_id=…`: the account a session belongs to. Only `id` is required: it is what the
 * library needs (the user scope `account:<id>`); the rest is profile data an app may show.
 */
export const accountDetails = /* @__PURE__ */ build.accountDetails();

export type RequestTokenResponse = z.output<typeof requestTokenResponse>;
export type GuestSessionResponse = z.output<typeof guestSessionResponse>;
export type DeleteSessionResponse = z.output<typeof deleteSessionResponse>;
export type AccountDetails = z.output<typeof accountDetails>;
