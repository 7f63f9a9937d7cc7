import * as z from 'zod/mini';

/** The answer of `POST /3/authentication/session/new`. `session_id` is a credential: never log or store it openly. */
export const sessionResponse = z.object({
  success: z.boolean(),
  session_id: z.string().check(z.minLength(1)),
});

export type SessionResponse = z.output<typeof sessionResponse>;
