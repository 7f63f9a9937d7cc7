import type { Random } from '../env.js';

/** The capped exponential ceiling for the `attempt`-th wait (1-based): `min(max, base × 2^(attempt − 1))`. */
export function backoffCeiling(attempt: number, baseDelayMs: number, maxDelayMs: number): number {
  return Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

/**
 * Full jitter (uniform in [0, ceiling)): spreads retries of many clients that failed together, which
 * matters more than the expected wait (AWS "Exponential Backoff And Jitter").
 */
export function fullJitter(attempt: number, baseDelayMs: number, maxDelayMs: number, random: Random): number {
  return Math.floor(random() * backoffCeiling(attempt, baseDelayMs, maxDelayMs));
}

/**
 * Equal jitter (uniform in [ceiling/2, ceiling)): used for the whole-queue pause after a 429 without
 * `Retry-After`, where a pause near zero would only earn the next 429.
 */
export function equalJitter(attempt: number, baseDelayMs: number, maxDelayMs: number, random: Random): number {
  const ceiling = backoffCeiling(attempt, baseDelayMs, maxDelayMs);
  return Math.floor(ceiling / 2 + random() * (ceiling / 2));
}
