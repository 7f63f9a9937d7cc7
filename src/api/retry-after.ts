/**
 * Reads a `Retry-After` header: delay-seconds or an HTTP date (RFC 9110 §10.2.3). Returns milliseconds from
 * `now`, or undefined when the header is absent or unreadable. The real service's CDN sends none (FACTS §2),
 * so callers must have their own backoff; this only honours it when it is there.
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const value = header.trim();
  if (value === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
