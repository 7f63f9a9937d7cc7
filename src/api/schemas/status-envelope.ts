import * as z from 'zod/mini';

/**
 * `{ success, status_code, status_message }`. `success` may be missing (older captures and SPEC's write
 * examples leave it out, FACTS §1): success is decided from the HTTP status and `status_code`, not this flag.
 */
export const statusEnvelope = z.object({
  success: z.optional(z.boolean()),
  status_code: z.int(),
  status_message: z.string(),
});

/** `GET /3/authentication`: a real capture answers only `{"success":true}` (FACTS §7). */
export const tokenValidation = z.object({
  success: z.boolean(),
  status_code: z.optional(z.int()),
  status_message: z.optional(z.string()),
});

/** The 422 shape of request validation failures: `{ "errors": ["page must be less than or equal to 500"] }`. */
export const validationErrors = z.object({ errors: z.array(z.string()) });

export type StatusEnvelope = z.output<typeof statusEnvelope>;
export type TokenValidation = z.output<typeof tokenValidation>;
