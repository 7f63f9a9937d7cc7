import * as z from 'zod/mini';
import { schemaOf } from './schema-of.js';

export const changeAction = schemaOf(() => z.enum(['added', 'created', 'updated', 'deleted', 'destroyed']));

export const changeItem = schemaOf(() => {
  /** A change value: a string (numbers often arrive as strings), a number, or an object (images). */
  const changeValue = z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(z.unknown()),
    z.record(z.string(), z.unknown()),
  ]);
  return z.object({
    id: z.string(),
    action: changeAction(),
    /** `YYYY-MM-DD HH:MM:SS UTC` */
    time: z.string(),
    iso_639_1: z.optional(z.string()),
    iso_3166_1: z.optional(z.string()),
    value: z.optional(changeValue),
    original_value: z.optional(changeValue),
  });
});

export const changeGroup = schemaOf(() =>
  z.object({
    key: z.string(),
    items: z.array(changeItem()),
  }),
);

export const episodeChanges = schemaOf(() =>
  z.object({
    changes: z.array(changeGroup()),
  }),
);
