import * as z from 'zod/mini';
import { recordId } from '../common.js';
import { schemaOf } from './schema-of.js';
import { castMember, crewMember } from './season-credits.js';

export const movieCastMember = schemaOf(() => z.extend(castMember(), { cast_id: z.int() }));

export const movieCredits = schemaOf(() =>
  z.object({
    id: recordId,
    cast: z.array(movieCastMember()),
    crew: z.array(crewMember()),
  }),
);
