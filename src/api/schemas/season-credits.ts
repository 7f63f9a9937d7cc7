import * as z from 'zod/mini';
import { imagePath, recordId } from './common.js';

const creditPerson = z.object({
  adult: z.boolean(),
  credit_id: z.string(),
  gender: z.int(),
  id: recordId,
  known_for_department: z.string(),
  name: z.string(),
  original_name: z.string(),
  popularity: z.number(),
  profile_path: imagePath,
});

export const castMember = z.extend(creditPerson, {
  character: z.string(),
  order: z.int(),
});

export const crewMember = z.extend(creditPerson, {
  department: z.string(),
  job: z.string(),
});

/** Cast and crew of one season; `id` is the season's id. */
export const seasonCredits = z.object({
  id: recordId,
  cast: z.array(castMember),
  crew: z.array(crewMember),
});

export type CastMember = z.output<typeof castMember>;
export type CrewMember = z.output<typeof crewMember>;
export type SeasonCredits = z.output<typeof seasonCredits>;
