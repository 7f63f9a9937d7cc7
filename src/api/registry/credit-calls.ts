import { defineCall } from '../define-call.js';
import { DAY, optional } from '../param-rules.js';
import { idParam, languageParam } from '../schemas/params.js';

/**
 * The credits of one movie and the combined filmography of one person on their own, for a caller that needs them
 * without the details around them (the detail operations append the same answers). Calls only: no view keeps
 * them, since the stored details already hold both.
 */
export const creditCalls = {
  movieCredits: defineCall({
    method: 'GET',
    path: '/3/movie/{movie_id}/credits',
    pathParams: () => ({ movie_id: idParam }),
    query: () => ({ language: optional(languageParam) }),
    scope: 'public',
    kind: 'resource',
    stored: false,
    maxAgeSeconds: DAY,
  }),
  personCombinedCredits: defineCall({
    method: 'GET',
    path: '/3/person/{person_id}/combined_credits',
    pathParams: () => ({ person_id: idParam }),
    query: () => ({ language: optional(languageParam) }),
    scope: 'public',
    kind: 'resource',
    stored: false,
    maxAgeSeconds: DAY,
  }),
};
