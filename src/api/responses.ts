import { catalogueResponses } from './registry/catalogue-responses.js';
import { changeResponses } from './registry/change-responses.js';
import { creditResponses } from './registry/credit-responses.js';
import { detailResponses } from './registry/detail-responses.js';
import { searchResponses } from './registry/search-responses.js';
import { userResponses } from './registry/user-responses.js';
import { schemaOf } from './schemas/build/schema-of.js';

/**
 * What each operation answers, group by group as `calls.ts` joins their calls (each group's responses are checked
 * against its calls). Kept apart from the calls so a bundle that only validates and keys calls (the first-read path)
 * carries no response schema; `endpoints.ts` joins the two.
 */
export const responses = madeOnRead({
  ...catalogueResponses,
  ...changeResponses,
  ...userResponses,
  ...searchResponses,
  ...detailResponses,
  ...creditResponses,
});

/**
 * The groups hold builders; `responses.trendingTv` is the schema its builder makes on the first read, and the same
 * one on every later read. Loading the registry builds no response schema: building them all was most of the cost of
 * loading the typed client, and a page validates a few.
 */
function madeOnRead<Builders extends Record<string, () => unknown>>(
  builders: Builders,
): { readonly [O in keyof Builders]: ReturnType<Builders[O]> } {
  const properties = Object.entries(builders).map(([operation, build]) => [
    operation,
    { get: schemaOf(build), enumerable: true },
  ]);
  return Object.create(Object.prototype, Object.fromEntries(properties));
}
