import { hash32 } from './random.js';

export type Scale = 'small' | 'medium' | 'large';

export interface ScaleSizes {
  readonly movies: number;
  readonly series: number;
  readonly people: number;
}

/** Record counts per scale. Large matches DESIGN Contracts "Benchmarks" (≥ 100,000 series). */
export const SCALE_SIZES: Record<Scale, ScaleSizes> = {
  small: { movies: 400, series: 400, people: 300 },
  medium: { movies: 4000, series: 4000, people: 2500 },
  large: { movies: 100_000, series: 100_000, people: 50_000 },
};

/**
 * Sparse ids, like the real catalogue's, that still map back to an index without a table:
 * `id = base + index * stride + jitter(index)` with `jitter < stride`.
 */
export class IdCodec {
  constructor(
    private readonly seed: number,
    private readonly salt: number,
    private readonly base: number,
    private readonly stride: number,
    readonly count: number,
  ) {}

  id(index: number): number {
    return this.base + index * this.stride + (hash32(this.seed, this.salt, index) % this.stride);
  }

  /** The index of an id, or undefined when no record has it. */
  index(id: number): number | undefined {
    if (!Number.isSafeInteger(id) || id < this.base) return undefined;
    const index = Math.floor((id - this.base) / this.stride);
    return index < this.count && this.id(index) === id ? index : undefined;
  }
}

/** Seasons and episodes per series are bounded so their ids can be computed from their position. */
export const MAX_SEASON_SLOTS = 32;
export const MAX_EPISODES_PER_SEASON = 64;
const SEASON_ID_BASE = 2_000_000;
const EPISODE_ID_BASE = 10_000_000;

export function seasonId(seriesIndex: number, seasonNumber: number): number {
  return SEASON_ID_BASE + seriesIndex * MAX_SEASON_SLOTS + seasonNumber;
}

/** The series index and season number a season id encodes (not yet checked against the series' shape). */
export function seasonPosition(id: number): { seriesIndex: number; seasonNumber: number } | undefined {
  if (!Number.isSafeInteger(id) || id < SEASON_ID_BASE || id >= EPISODE_ID_BASE) return undefined;
  const offset = id - SEASON_ID_BASE;
  return { seriesIndex: Math.floor(offset / MAX_SEASON_SLOTS), seasonNumber: offset % MAX_SEASON_SLOTS };
}

export function episodeId(seriesIndex: number, seasonNumber: number, episodeNumber: number): number {
  return (
    EPISODE_ID_BASE + (seriesIndex * MAX_SEASON_SLOTS + seasonNumber) * MAX_EPISODES_PER_SEASON + episodeNumber - 1
  );
}

export interface EpisodePosition {
  readonly seriesIndex: number;
  readonly seasonNumber: number;
  readonly episodeNumber: number;
}

/** The position an episode id encodes (not yet checked against the series' shape). */
export function episodePosition(id: number): EpisodePosition | undefined {
  if (!Number.isSafeInteger(id) || id < EPISODE_ID_BASE) return undefined;
  const offset = id - EPISODE_ID_BASE;
  const slot = Math.floor(offset / MAX_EPISODES_PER_SEASON);
  return {
    seriesIndex: Math.floor(slot / MAX_SEASON_SLOTS),
    seasonNumber: slot % MAX_SEASON_SLOTS,
    episodeNumber: (offset % MAX_EPISODES_PER_SEASON) + 1,
  };
}

export interface SeasonShape {
  readonly seasonNumber: number;
  readonly episodeCount: number;
  /** Day the season's first episode aired; undefined when the series has no first air date. */
  readonly airDay: number | undefined;
}
