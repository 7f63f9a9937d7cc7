import * as z from 'zod/mini';
import { recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

export const rated = schemaOf(() => z.union([z.literal(false), z.object({ value: z.number() })]));

export const accountState = schemaOf(() =>
  z.object({
    id: recordId,
    favorite: z.boolean(),
    rated: rated(),
    watchlist: z.boolean(),
  }),
);
