import * as z from 'zod/mini';
import { schemaOf } from './schema-of.js';

export const statusEnvelope = schemaOf(() =>
  z.object({
    success: z.optional(z.boolean()),
    status_code: z.int(),
    status_message: z.string(),
  }),
);

export const tokenValidation = schemaOf(() =>
  z.object({
    success: z.boolean(),
    status_code: z.optional(z.int()),
    status_message: z.optional(z.string()),
  }),
);
