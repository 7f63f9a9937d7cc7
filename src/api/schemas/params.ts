import { boolean, decimal, integer, oneOf, param, text } from '../param-schema.js';

/**
 * Parameter rules, checked before any request is built (a bad id must never reach the network or a URL).
 * Names and spellings are the service's own (`series_id`, `vote_average.gte`, …).
 */

/** Record ids: integers ≥ 1. */
export const idParam = integer(1);

/** Season and episode numbers: integers ≥ 0 (season 0 holds specials). */
export const numberParam = integer(0, 1_000_000);

/** The service caps `page` at 500 (FACTS §3). */
export const MAX_PAGE = 500;
/** The service answers 20 results a page (FACTS §3); local queries page the same way. */
export const PAGE_SIZE = 20;
export const pageParam = integer(1, MAX_PAGE);

export const timeWindowParam = oneOf(['day', 'week']);

/** `ll` or `ll-CC`. */
export const languageParam = text(/^[a-z]{2}(-[A-Z]{2})?$/, 'expected a language tag ll or ll-CC');

/** A session or guest session id, or a request token: opaque, but never empty and never able to bend a URL. */
export const credentialParam = text(
  /^[A-Za-z0-9_-]{1,256}$/,
  'expected an opaque token of 1 to 256 letters, digits, "-" and "_"',
);

function isCalendarDate(value: string): boolean {
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** `YYYY-MM-DD`, and a real calendar day. */
export const dateParam = text(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD', {
  test: isCalendarDate,
  message: 'not a calendar date',
});

export const yearParam = integer(1800, 3000);

const idListString = text(/^\d+(?:(,\d+)*|(\|\d+)*)$/, 'expected ids joined by "," (AND) or "|" (OR), not mixed', {
  test: (s) => s.split(/[,|]/).every((id) => Number(id) >= 1),
  message: 'ids must be ≥ 1',
});

/**
 * A list of ids. A string keeps the service's own syntax (comma = AND, pipe = OR, not mixed); an array of
 * numbers means AND. Either way the canonical form sent is the string.
 */
export const idListParam = param<string | number[], string>((value) => {
  if (!Array.isArray(value)) {
    if (typeof value === 'string') return idListString.check(value);
    return {
      ok: false,
      issue: {
        code: 'invalid_type',
        path: [],
        message: 'expected string or array: ids joined by "," or "|", or an array of ids',
      },
    };
  }
  if (value.length === 0) {
    return {
      ok: false,
      issue: { code: 'too_small', path: [], message: 'Too small: expected array to have >=1 items' },
    };
  }
  for (const [index, id] of value.entries()) {
    const checked = idParam.check(id);
    if (!checked.ok) return { ok: false, issue: { ...checked.issue, path: [index] } };
  }
  return { ok: true, value: value.join(',') };
});

/** Small integer enumerations joined by comma or pipe (`with_status`, `with_type`). */
export const smallIntListParam = text(/^\d(?:(,\d)*|(\|\d)*)$/, 'expected digits joined by "," or "|"');

export const booleanParam = boolean();

/** A search's text: something to look for (the service answers a blank one with nothing), at most 200 characters. */
export const searchQueryParam = text(/\S/, 'expected some text to search for', {
  test: (value) => value.length <= 200,
  message: 'expected at most 200 characters',
});

export const discoverTvSortBy = oneOf([
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

export const watchlistSortBy = oneOf(['created_at.asc', 'created_at.desc']);

/** An IANA time zone name such as `America/New_York`. */
export const timezoneParam = text(/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/, 'expected a time zone name');

const languageListString = text(
  /^(?:[a-z]{2}|null)(?:,(?:[a-z]{2}|null))*$/,
  'expected ISO 639-1 codes joined by "," with null for untagged media, such as "en,null"',
);

/**
 * Comma-separated ISO 639-1 codes, with `null` for untagged images (`include_image_language`). The service treats
 * the list as a set, so the canonical form sent (and keyed) is deduplicated and sorted, `null` last: `null,en,en` and `en,null` are one answer, one store key and one request.
 */
export const languageListParam = param<string, string>((value) => {
  const checked = languageListString.check(value);
  if (!checked.ok) return checked;
  const codes = [...new Set(checked.value.split(','))];
  const named = codes.filter((code) => code !== 'null').sort();
  return { ok: true, value: [...named, ...(codes.includes('null') ? ['null'] : [])].join(',') };
});

/** `include_image_language`: see {@link languageListParam}. */
export const imageLanguagesParam = languageListParam;

export const monetizationParam = text(
  /^(?:flatrate|free|ads|rent|buy)(?:(,(?:flatrate|free|ads|rent|buy))*|(\|(?:flatrate|free|ads|rent|buy))*)$/,
  'expected flatrate, free, ads, rent or buy joined by "," or "|"',
);

/** A watch region: ISO 3166-1 alpha-2. */
export const regionParam = text(/^[A-Z]{2}$/, 'expected a country code such as US');

/** An original language: ISO 639-1. */
export const originalLanguageParam = text(/^[a-z]{2}$/, 'expected a language code such as en');

export const voteAverageParam = decimal(0, 10);
export const countParam = integer(0);
export const runtimeParam = integer(0);

/** What favorite and watchlist writes act on. */
export const mediaTypeParam = oneOf(['movie', 'tv']);

/** A rating: 0.5 to 10 in steps of 0.5, as the service accepts it. */
export const ratingParam = decimal(0.5, 10, {
  test: (value) => Number.isInteger(value * 2),
  message: 'expected a multiple of 0.5',
});
