import { describe, expect, it } from 'vitest';
import {
  expiresAt,
  freshnessOf,
  lifetimeSeconds,
  MIN_MAX_AGE_SECONDS,
  validateFreshnessOverrides,
} from '../../src/sync/freshness.js';

describe('lifetimeSeconds', () => {
  it('takes Cache-Control max-age when the response has it', () => {
    expect(lifetimeSeconds('trendingTv', 7200)).toBe(7200);
  });

  it("falls back to the registry's default when there is none", () => {
    expect(lifetimeSeconds('configuration', undefined)).toBe(86_400);
    expect(lifetimeSeconds('episodeChanges', undefined)).toBe(600);
  });

  it('floors max-age=0 (CDN RefreshHit) so data is not refetched on every read', () => {
    expect(lifetimeSeconds('trendingTv', 0)).toBe(MIN_MAX_AGE_SECONDS);
  });

  it('lets an option override both', () => {
    expect(lifetimeSeconds('trendingTv', 7200, { trendingTv: 30 })).toBe(30);
    expect(lifetimeSeconds('trendingTv', undefined, { trendingTv: 0 })).toBe(0);
  });
});

describe('freshnessOf', () => {
  it('goes missing → fresh → stale as time passes', () => {
    expect(freshnessOf(undefined, 0)).toBe('missing');
    const meta = { expiresAt: expiresAt('trendingTv', 600, 1_000) };
    expect(meta.expiresAt).toBe(601_000);
    expect(freshnessOf(meta, 600_999)).toBe('fresh');
    expect(freshnessOf(meta, 601_000)).toBe('stale');
  });
});

describe('validateFreshnessOverrides', () => {
  it('refuses unknown operations and bad lifetimes with a TypeError', () => {
    expect(() => validateFreshnessOverrides({ trendingTvv: 10 })).toThrow(TypeError);
    expect(() => validateFreshnessOverrides({ trendingTv: -1 })).toThrow(/seconds/);
    expect(() => validateFreshnessOverrides({ trendingTv: Number.NaN })).toThrow(TypeError);
    expect(validateFreshnessOverrides({ trendingTv: 10 })).toEqual({ trendingTv: 10 });
    expect(validateFreshnessOverrides(undefined)).toEqual({});
  });
});
