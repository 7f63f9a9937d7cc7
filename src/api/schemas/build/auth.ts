import * as z from 'zod/mini';
import { schemaOf } from './schema-of.js';

export const requestTokenResponse = schemaOf(() =>
  z.object({
    success: z.boolean(),
    expires_at: z.string(),
    request_token: z.string().check(z.minLength(1)),
  }),
);

export const guestSessionResponse = schemaOf(() =>
  z.object({
    success: z.boolean(),
    guest_session_id: z.string().check(z.minLength(1)),
    expires_at: z.string(),
  }),
);

export const deleteSessionResponse = schemaOf(() => z.object({ success: z.boolean() }));

export const accountDetails = schemaOf(() =>
  z.object({
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
  }),
);
