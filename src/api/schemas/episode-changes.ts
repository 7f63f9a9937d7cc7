import * as z from 'zod/mini';

/** Actions, and which value fields come with each (FACTS §6): added → value; updated → value + original_value;
 *  deleted → original_value; destroyed → value; created → neither. */
export const changeAction = z.enum(['added', 'created', 'updated', 'deleted', 'destroyed']);

/** A change value: a string (numbers often arrive as strings), a number, or an object (images). */
const changeValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);

export const changeItem = z.object({
  id: z.string(),
  action: changeAction,
  /** `YYYY-MM-DD HH:MM:SS UTC` */
  time: z.string(),
  iso_639_1: z.optional(z.string()),
  iso_3166_1: z.optional(z.string()),
  value: z.optional(changeValue),
  original_value: z.optional(changeValue),
});

/** Changes grouped by key, newest first. */
export const changeGroup = z.object({
  key: z.string(),
  items: z.array(changeItem),
});

export const episodeChanges = z.object({
  changes: z.array(changeGroup),
});

export type ChangeAction = z.output<typeof changeAction>;
export type ChangeItem = z.output<typeof changeItem>;
export type ChangeGroup = z.output<typeof changeGroup>;
export type EpisodeChanges = z.output<typeof episodeChanges>;
