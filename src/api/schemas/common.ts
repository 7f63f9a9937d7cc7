import * as z from 'zod/mini';

/**
 * Building blocks shared by the resource schemas. Object schemas use `z.object`, which strips unknown keys:
 * the real service adds fields without notice (FACTS §8), so an extra field must never fail a response,
 * and what is stored is only what the library knows.
 */

/** An image path such as `/abc.jpg`, or null when the record has no image. */
export const imagePath = z.nullable(z.string());

/**
 * A calendar date `YYYY-MM-DD`. The real service also sends `""` (and, rarely, null) for "unknown"
 * (FACTS §7–8), so both are accepted and kept as sent.
 */
export const looseDate = z.nullable(z.string().check(z.regex(/^(\d{4}-\d{2}-\d{2})?$/, 'expected YYYY-MM-DD or ""')));

export const recordId = z.int();

/** The paged list envelope every list operation answers with. */
export function pagedEnvelope<Item extends z.core.$ZodType>(item: Item) {
  return z.object({
    // The tagged-images list answers page 0 for page 1 (FACTS §3): 0 is a real value, not an error.
    page: z.int().check(z.minimum(0)),
    results: z.array(item),
    total_pages: z.int().check(z.minimum(0)),
    total_results: z.int().check(z.minimum(0)),
  });
}

export type PagedEnvelope<Item> = {
  page: number;
  results: Item[];
  total_pages: number;
  total_results: number;
};
