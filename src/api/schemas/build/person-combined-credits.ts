import * as z from 'zod/mini';
import { recordId } from '../common.js';
import { castCredit, crewCredit } from './person-details.js';
import { schemaOf } from './schema-of.js';

export const personCombinedCredits = schemaOf(() =>
  z.object({
    cast: z.array(castCredit()),
    crew: z.array(crewCredit()),
    id: recordId,
  }),
);
