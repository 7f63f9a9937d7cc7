import * as z from 'zod/mini';

/**
 * Parameter rules, checked before any request is built (a bad id must never reach the network or a URL).
 * Names and spellings are the service's own (`series_id`, `vote_average.gte`, …).
 */

/** Record ids: integers ≥ 1. */
export const idParam = z.int().check(z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));

/** Season and episode numbers: integers ≥ 0 (season 0 holds specials). */
export const numberParam = z.int().check(z.minimum(0), z.maximum(1_000_000));

/** The service caps `page` at 500 (FACTS §3). */
export const MAX_PAGE = 500;
/** The service answers 20 results a page (FACTS §3); local queries page the same way. */
export const PAGE_SIZE = 20;
export const pageParam = z.int().check(z.minimum(1), z.maximum(MAX_PAGE));

export const timeWindowParam = z.enum(['day', 'week']);

/** `ll` or `ll-CC`. */
export const languageParam = z.string().check(z.regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'expected a language tag ll or ll-CC'));

/** A session or guest session id, or a request token: opaque, but never empty and never able to bend a URL. */
export const credentialParam = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(256),
    z.regex(/^[A-Za-z0-9_-]+$/, 'expected an opaque token of letters, digits, "-" and "_"'),
  );

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD`, and a real calendar day. */
export const dateParam = z
  .string()
  .check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD'), z.refine(isCalendarDate, 'not a calendar date'));

export const yearParam = z.int().check(z.minimum(1800), z.maximum(3000));

/**
 * A list of ids. A string keeps the service's own syntax (comma = AND, pipe = OR, not mixed); an array of
 * numbers means AND. Either way the canonical form sent is the string.
 */
export const idListParam = z.union([
  z.string().check(
    z.regex(/^\d+(?:(,\d+)*|(\|\d+)*)$/, 'expected ids joined by "," (AND) or "|" (OR), not mixed'),
    z.refine((s) => s.split(/[,|]/).every((id) => Number(id) >= 1), 'ids must be ≥ 1'),
  ),
  z.pipe(
    z.array(idParam).check(z.minLength(1)),
    z.transform((ids: number[]) => ids.join(',')),
  ),
]);

/** Small integer enumerations joined by comma or pipe (`with_status`, `with_type`). */
export const smallIntListParam = z
  .string()
  .check(z.regex(/^\d(?:(,\d)*|(\|\d)*)$/, 'expected digits joined by "," or "|"'));

export const booleanParam = z.boolean();

export const discoverTvSortBy = z.enum([
  'first_air_date.asc',
  'first_air_date.desc',
  'name.asc',
  'name.desc',
  'original_name.asc',
  'original_name.desc',
  'popularity.asc',
  'popularity.desc',
  'vote_average.asc',
  'vote_average.desc',
  'vote_count.asc',
  'vote_count.desc',
]);

export const watchlistSortBy = z.enum(['created_at.asc', 'created_at.desc']);

/** An IANA time zone name such as `America/New_York`. */
export const timezoneParam = z
  .string()
  .check(z.regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/, 'expected a time zone name'));

/** Comma-separated language codes, with `null` for untagged images (`en,null`). */
export const imageLanguagesParam = z
  .string()
  .check(z.regex(/^(?:[a-z]{2}|null)(?:,(?:[a-z]{2}|null))*$/, 'expected codes such as "en,null"'));

export const monetizationParam = z
  .string()
  .check(
    z.regex(
      /^(?:flatrate|free|ads|rent|buy)(?:(,(?:flatrate|free|ads|rent|buy))*|(\|(?:flatrate|free|ads|rent|buy))*)$/,
      'expected flatrate, free, ads, rent or buy joined by "," or "|"',
    ),
  );

/** A watch region: ISO 3166-1 alpha-2. */
export const regionParam = z.string().check(z.regex(/^[A-Z]{2}$/, 'expected a country code such as US'));

export const voteAverageParam = z.number().check(z.minimum(0), z.maximum(10));
export const countParam = z.int().check(z.minimum(0));
export const runtimeParam = z.int().check(z.minimum(0));

/** What favorite and watchlist writes act on. */
export const mediaTypeParam = z.enum(['movie', 'tv']);

/** A rating: 0.5 to 10 in steps of 0.5, as the service accepts it. */
export const ratingParam = z.number().check(
  z.minimum(0.5),
  z.maximum(10),
  z.refine((value) => Number.isInteger(value * 2), 'expected a multiple of 0.5'),
);
