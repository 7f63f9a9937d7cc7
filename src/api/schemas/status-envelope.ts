import * as z from 'zod/mini';
import * as build from './build/status-envelope.js';

/**
 * `{ success, status_code, status_message }`. `success` may be missing (older captures and SPEC's write
 * examples leave it out, FACTS §1): success is decided from the HTTP status and `status_code`, not this flag.
 */
export const statusEnvelope = /* @__PURE__ */ build.statusEnvelope();

/** `GET /3/authentication`: a real capture answers only `{"success":true}` (FACTS §7). */
export const tokenValidation = /* @__PURE__ */ build.tokenValidation();

// No operation answers with this one, so it has no builder: it is made here, and a bundle that does not import it
// drops it (zod marks its constructors free of side effects).
/** The 422 shape of request validation failures: `{ "errors": ["page must be less than or equal to 500"] }`. */
export const validationErrors = z.object({ errors: z.array(z.string()) });

export type StatusEnvelope = z.output<typeof statusEnvelope>;
export type TokenValidation = z.output<typeof tokenValidation>;
