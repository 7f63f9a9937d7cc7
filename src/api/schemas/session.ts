import type * as z from 'zod/mini';
import * as build from './build/session.js';

/** The answer of `POST /3/authentication/session/new`. `session_id` is a credential: never log or store it openly. */
export const sessionResponse = /* @__PURE__ */ build.sessionResponse();

export type SessionResponse = z.output<typeof sessionResponse>;
