import * as z from 'zod/mini';
import { recordId } from '../common.js';
import { pagedOf } from './paged-of.js';
import { schemaOf } from './schema-of.js';

export const changedSeries = schemaOf(() =>
  z.object({
    id: recordId,
    adult: z.optional(z.nullable(z.boolean())),
  }),
);

export const tvChanges = pagedOf(changedSeries);
