import type { ResponsesOf } from '../responses-of.js';
import { movieCredits } from '../schemas/build/movie-credits.js';
import { personCombinedCredits } from '../schemas/build/person-combined-credits.js';
import type { creditCalls } from './credit-calls.js';

/**
 * The response schemas of the credits (`credit-calls.ts`).
 * One per call and no other: the compiler checks both ways.
 */
export const creditResponses = {
  movieCredits,
  personCombinedCredits,
} satisfies ResponsesOf<typeof creditCalls>;
