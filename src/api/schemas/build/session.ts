import * as z from 'zod/mini';
import { schemaOf } from './schema-of.js';

export const sessionResponse = schemaOf(() =>
  z.object({
    success: z.boolean(),
    session_id: z.string().check(z.minLength(1)),
  }),
);
