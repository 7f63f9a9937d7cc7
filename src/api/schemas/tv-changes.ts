import * as z from 'zod/mini';
import { pagedEnvelope, recordId } from './common.js';

/**
 * One item of `GET /3/tv/changes`: a series changed in the window. `adult` is null for some ids in the real
 * list (OpenAPI example), and captures add `softcore`; both are kept optional.
 */
export const changedSeries = z.object({
  id: recordId,
  adult: z.optional(z.nullable(z.boolean())),
});

export const tvChanges = pagedEnvelope(changedSeries);

export type ChangedSeries = z.output<typeof changedSeries>;
export type TvChanges = z.output<typeof tvChanges>;
