import { canonicalQueryString } from '../../api/build-request.js';

/** Canonical query string of the parameters not named in `exclude` (a sub-resource's variant). */
export function variantOf(params: Record<string, unknown>, exclude: readonly string[]): string {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) if (!exclude.includes(key)) rest[key] = value;
  return canonicalQueryString(rest);
}
