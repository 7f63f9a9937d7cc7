import * as z from 'zod/mini';

/**
 * `GET /3/authentication/token/new`: a request token the user approves on the service's site, valid 60 min
 * (FACTS §7). The token is a credential: never stored, logged or keyed.
 */
export const requestTokenResponse = z.object({
  success: z.boolean(),
  expires_at: z.string(),
  request_token: z.string().check(z.minLength(1)),
});

/** `GET /3/authentication/guest_session/new`: a guest session can only rate (FACTS §7). */
export const guestSessionResponse = z.object({
  success: z.boolean(),
  guest_session_id: z.string().check(z.minLength(1)),
  expires_at: z.string(),
});

/** `DELETE /3/authentication/session`: `{ "success": true }` once the session is revoked. */
export const deleteSessionResponse = z.object({ success: z.boolean() });

/**
 * `GET /3/account?session_id=…`: the account a session belongs to. Only `id` is required: it is what the
 * library needs (the user scope `account:<id>`); the rest is profile data an app may show.
 */
export const accountDetails = z.object({
  id: z.int(),
  name: z.optional(z.string()),
  username: z.optional(z.string()),
  iso_639_1: z.optional(z.string()),
  iso_3166_1: z.optional(z.string()),
  include_adult: z.optional(z.boolean()),
  avatar: z.optional(
    z.object({
      gravatar: z.optional(z.partial(z.object({ hash: z.nullable(z.string()) }))),
      tmdb: z.optional(z.partial(z.object({ avatar_path: z.nullable(z.string()) }))),
    }),
  ),
});

export type RequestTokenResponse = z.output<typeof requestTokenResponse>;
export type GuestSessionResponse = z.output<typeof guestSessionResponse>;
export type DeleteSessionResponse = z.output<typeof deleteSessionResponse>;
export type AccountDetails = z.output<typeof accountDetails>;
