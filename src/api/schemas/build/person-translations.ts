import * as z from 'zod/mini';
import { recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

export const personTranslation = schemaOf(() =>
  z.object({
    english_name: z.string(),
    iso_3166_1: z.string(),
    iso_639_1: z.string(),
    name: z.string(),
    data: z.object({
      biography: z.string(),
      name: z.string(),
      // In SPEC's table, absent from the real capture.
      primary: z.optional(z.boolean()),
    }),
  }),
);

export const personTranslations = schemaOf(() =>
  z.object({
    id: recordId,
    translations: z.array(personTranslation()),
  }),
);
