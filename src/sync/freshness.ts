import { calls, type OperationName } from '../api/calls.js';

/** Where a stored response stands: never stored, past its lifetime, or within it. */
export type Freshness = 'missing' | 'stale' | 'fresh';

/** Per-operation lifetime overrides, in seconds. */
export type FreshnessOverrides = Partial<Record<OperationName, number>>;

/**
 * A `max-age` below this is raised to it. The real CDN sends `max-age=0` on `RefreshHit` responses (FACTS §4):
 * taken literally, every view of such data would refetch on every read.
 */
export const MIN_MAX_AGE_SECONDS = 60;

/**
 * The lifetime of a response: an override from the options wins (the app knows its needs), then the
 * response's `Cache-Control: max-age` (floored at `MIN_MAX_AGE_SECONDS`), then the registry's default.
 */
export function lifetimeSeconds(
  operation: OperationName,
  maxAgeSeconds: number | undefined,
  overrides: FreshnessOverrides = {},
): number {
  const override = overrides[operation];
  if (override !== undefined) return override;
  if (maxAgeSeconds !== undefined) return Math.max(MIN_MAX_AGE_SECONDS, maxAgeSeconds);
  return calls[operation].maxAgeSeconds;
}

export function expiresAt(
  operation: OperationName,
  maxAgeSeconds: number | undefined,
  receivedAt: number,
  overrides: FreshnessOverrides = {},
): number {
  return receivedAt + lifetimeSeconds(operation, maxAgeSeconds, overrides) * 1000;
}

export function freshnessOf(meta: { expiresAt: number } | undefined, now: number): Freshness {
  return meta ? answerFreshness(meta.expiresAt, now) : 'missing';
}

/**
 * Where a stored answer stands: fresh until `expiresAt`, stale after it or without one (an answer rebuilt from
 * records, never fetched as such). The one rule for a key's entry and for a first answer shown before it.
 */
export function answerFreshness(expiresAt: number | undefined, now: number): 'fresh' | 'stale' {
  return expiresAt !== undefined && now < expiresAt ? 'fresh' : 'stale';
}

/** Validates overrides once, at construction: a typo'd operation or a negative lifetime is a `TypeError`. */
export function validateFreshnessOverrides(overrides: unknown): FreshnessOverrides {
  if (overrides === undefined) return {};
  if (typeof overrides !== 'object' || overrides === null) throw new TypeError('freshness must be an object');
  for (const [operation, seconds] of Object.entries(overrides)) {
    if (!Object.hasOwn(calls, operation)) throw new TypeError(`freshness: unknown operation "${operation}"`);
    if (typeof seconds !== 'number' || !(seconds >= 0) || !Number.isFinite(seconds)) {
      throw new TypeError(`freshness.${operation} must be a finite number of seconds ≥ 0`);
    }
  }
  return overrides as FreshnessOverrides;
}
