import { catalogueResponses } from './registry/catalogue-responses.js';
import { changeResponses } from './registry/change-responses.js';
import { creditResponses } from './registry/credit-responses.js';
import { detailResponses } from './registry/detail-responses.js';
import { searchResponses } from './registry/search-responses.js';
import { userResponses } from './registry/user-responses.js';

/**
 * What each operation answers, group by group as `calls.ts` joins their calls (each group's responses are checked
 * against its calls). Kept apart from the calls so a bundle that only validates and keys calls (the first-read path)
 * carries no response schema; `endpoints.ts` joins the two. Each is the builder of its schema, which makes it on the
 * first call and returns that one after.
 */
export const responses = {
  ...catalogueResponses,
  ...changeResponses,
  ...userResponses,
  ...searchResponses,
  ...detailResponses,
  ...creditResponses,
};

/** The response schema of each operation: what its builder makes. */
export type ResponseSchemas = { readonly [O in keyof typeof responses]: ReturnType<(typeof responses)[O]> };
