import { z } from 'zod';

/**
 * Parameter rules, checked before any request is built (a bad id must never reach the network or a URL).
 * Names and spellings are the service's own (`series_id`, `vote_average.gte`, …).
 */

/** Record ids: integers ≥ 1. */
export const idParam = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** Season and episode numbers: integers ≥ 0 (season 0 holds specials). */
export const numberParam = z.number().int().min(0).max(1_000_000);

/** The service caps `page` at 500 (FACTS §3). */
export const pageParam = z.number().int().min(1).max(500);

export const timeWindowParam = z.enum(['day', 'week']);

/** `ll` or `ll-CC`. */
export const languageParam = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'expected a language tag ll or ll-CC');

/** A session or guest session id, or a request token: opaque, but never empty and never able to bend a URL. */
export const credentialParam = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[A-Za-z0-9_-]+$/, 'expected an opaque token of letters, digits, "-" and "_"');

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD`, and a real calendar day. */
export const dateParam = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD')
  .refine(isCalendarDate, 'not a calendar date');

export const yearParam = z.number().int().min(1800).max(3000);

/**
 * A list of ids. A string keeps the service's own syntax (comma = AND, pipe = OR, not mixed); an array of
 * numbers means AND. Either way the canonical form sent is the string.
 */
export const idListParam = z.union([
  z
    .string()
    .regex(/^\d+(?:(,\d+)*|(\|\d+)*)$/, 'expected ids joined by "," (AND) or "|" (OR), not mixed')
    .refine((s) => s.split(/[,|]/).every((id) => Number(id) >= 1), 'ids must be ≥ 1'),
  z
    .array(idParam)
    .min(1)
    .transform((ids) => ids.join(',')),
]);

/** Small integer enumerations joined by comma or pipe (`with_status`, `with_type`). */
export const smallIntListParam = z.string().regex(/^\d(?:(,\d)*|(\|\d)*)$/, 'expected digits joined by "," or "|"');

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
export const timezoneParam = z.string().regex(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/, 'expected a time zone name');

/** Comma-separated language codes, with `null` for untagged images (`en,null`). */
export const imageLanguagesParam = z
  .string()
  .regex(/^(?:[a-z]{2}|null)(?:,(?:[a-z]{2}|null))*$/, 'expected codes such as "en,null"');

export const monetizationParam = z
  .string()
  .regex(
    /^(?:flatrate|free|ads|rent|buy)(?:(,(?:flatrate|free|ads|rent|buy))*|(\|(?:flatrate|free|ads|rent|buy))*)$/,
    'expected flatrate, free, ads, rent or buy joined by "," or "|"',
  );

/** A watch region: ISO 3166-1 alpha-2. */
export const regionParam = z.string().regex(/^[A-Z]{2}$/, 'expected a country code such as US');

export const voteAverageParam = z.number().min(0).max(10);
export const countParam = z.number().int().min(0);
export const runtimeParam = z.number().int().min(0);

/** What favorite and watchlist writes act on. */
export const mediaTypeParam = z.enum(['movie', 'tv']);

/** A rating: 0.5 to 10 in steps of 0.5, as the service accepts it. */
export const ratingParam = z
  .number()
  .min(0.5)
  .max(10)
  .refine((value) => Number.isInteger(value * 2), 'expected a multiple of 0.5');
