import type * as z from 'zod/mini';
import * as build from './build/person-combined-credits.js';

/**
 * `GET /3/person/{person_id}/combined_credits` (OpenAPI `person-combined-credits`): what person details append as
 * `combined_credits`, with the person's `id`. A credit's fields are those of the appended form: a field is
 * required only where every credit of the OpenAPI example has it (series and movies differ, `media_type` tells).
 */
export const personCombinedCredits = /* @__PURE__ */ build.personCombinedCredits();

export type PersonCombinedCredits = z.output<typeof personCombinedCredits>;
