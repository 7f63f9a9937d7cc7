import type { Clock, Logger, Random } from '../env.js';
import type { FreshnessOverrides } from './freshness.js';

/** What the sync engine reads of the catalogue's resolved options, and nothing more. */
export interface EngineOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  /** Names this instance's writes (`writeId`), so a view knows when it shows one. */
  readonly random: Random;
  /** The instance's one language: sent with every request that takes one. */
  readonly language: string;
  /** Per-operation lifetimes in seconds, over `Cache-Control` and the registry's default. */
  readonly freshness: FreshnessOverrides;
  /** The browse-data budget in bytes; undefined for none. */
  readonly maxBytes: number | undefined;
  /** Requests the queue runs at once: a list's pull keeps twice as many pages going, each up to its write. */
  readonly rateLimit: { readonly concurrency: number };
}
