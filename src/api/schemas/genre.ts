import * as z from 'zod/mini';
import { recordId } from './common.js';

/** A genre as details name it (summaries carry only `genre_ids`). */
export const genre = z.object({
  id: recordId,
  name: z.string(),
});

export type Genre = z.output<typeof genre>;
