import * as z from 'zod/mini';
import { recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

export const genre = schemaOf(() =>
  z.object({
    id: recordId,
    name: z.string(),
  }),
);
