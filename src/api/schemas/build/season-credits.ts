import * as z from 'zod/mini';
import { imagePath, recordId } from '../common.js';
import { schemaOf } from './schema-of.js';

const creditPerson = schemaOf(() =>
  z.object({
    adult: z.boolean(),
    credit_id: z.string(),
    gender: z.int(),
    id: recordId,
    known_for_department: z.string(),
    name: z.string(),
    original_name: z.string(),
    popularity: z.number(),
    profile_path: imagePath,
  }),
);

export const castMember = schemaOf(() =>
  z.extend(creditPerson(), {
    character: z.string(),
    order: z.int(),
  }),
);

export const crewMember = schemaOf(() =>
  z.extend(creditPerson(), {
    department: z.string(),
    job: z.string(),
  }),
);

export const seasonCredits = schemaOf(() =>
  z.object({
    id: recordId,
    cast: z.array(castMember()),
    crew: z.array(crewMember()),
  }),
);
