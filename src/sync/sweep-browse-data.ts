import type { EventEmitter } from 'eventemitter3';
import type { Clock, Logger } from '../env.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { type BrowseUnit, browseUnitsByAge } from '../store/eviction/browse-unit-order.js';
import { type EvictedData, evictBrowseData } from '../store/eviction/evict-browse-data.js';
import type { SweepStore } from '../store/eviction/sweep-store.js';
import type { CatalogueEvents } from './catalogue-events.js';

/*
 * Eviction's work, a chunk of its own on the main entry (`lazy-features.ts`): ordering the stored responses,
 * choosing and deleting them, and measuring what was stored before a budget was set. A visit only reads and
 * writes what it shows, so none of this runs unless a disk is full or a budget is passed; `BrowseEviction`
 * (`eviction.ts`) keeps in the core what every write needs (holds, the ledger's total) and loads this when
 * eviction is due.
 */
export { reconcileSizeLedger } from '../store/eviction/reconcile-size-ledger.js';

/** On a quota error, this share of the browse responses (least recently read; at least one) goes before the retry. */
export const QUOTA_EVICTION_SHARE = 0.25;
/**
 * The budget never takes what a view shows now: a response read within this time, or read before and fetched again
 * within it (a view refetching what it shows), is left until it ages. Without it, two views whose pages do not fit
 * the budget together would evict each other's page and refetch it, forever; a full disk (quota) has no such
 * exception.
 */
export const ON_SCREEN_MS = 60_000;

export interface SweepDeps {
  readonly db: CatalogueDatabase;
  readonly emitter: EventEmitter<CatalogueEvents>;
  readonly clock: Clock;
  readonly logger: Logger;
  /** What eviction uses of the modules the core shares with the first read (`sweep-store.ts`). */
  readonly store: SweepStore;
}

/**
 * Why a sweep runs: a full disk (a share goes), or a budget passed (`target` bytes go, of those off screen at `now`).
 */
export type SweepReason =
  | { readonly reason: 'quota' }
  | { readonly reason: 'max-bytes'; readonly target: number; readonly now: number };

/**
 * Evicts the least recently read browse responses that `held` does not name, as many as `why` asks; returns the
 * request keys that went (none when the eviction failed: its transaction aborts and changes nothing).
 */
export async function sweepBrowseData(
  deps: SweepDeps,
  why: SweepReason,
  held: ReadonlySet<string>,
): Promise<readonly string[]> {
  const { db, emitter, clock, logger, store } = deps;
  const { reason } = why;
  const units = (await browseUnitsByAge(db, store)).filter((unit) => !held.has(unit.requestKey));
  const chosen = why.reason === 'quota' ? quotaShare(units) : bytesShare(units.filter(offScreen(why.now)), why.target);
  if (chosen.length === 0) return [];
  let evicted: EvictedData;
  try {
    evicted = await evictBrowseData(db, store, chosen);
  } catch (error) {
    // An eviction that fails changes nothing (its transaction aborts); the write's own error is what counts.
    logger.warn('catalogue-sync: eviction failed', { reason, error: String((error as Error)?.name ?? error) });
    return [];
  }
  const { requestKeys, records, bytes } = evicted;
  if (requestKeys.length === 0) return requestKeys;
  logger.info('catalogue-sync: evicted browse data', { reason, responses: requestKeys.length, bytes });
  emitter.emit('evicted', { reason, requestKeys, records, bytes, at: clock.now() });
  return requestKeys;
}

/** Units a view does not show now (see `ON_SCREEN_MS`). */
function offScreen(now: number): (unit: BrowseUnit) => boolean {
  return (unit) => {
    if (unit.lastReadAt === Number.NEGATIVE_INFINITY) return true;
    return now - unit.lastReadAt >= ON_SCREEN_MS && now - unit.fetchedAt >= ON_SCREEN_MS;
  };
}

function quotaShare(units: BrowseUnit[]): BrowseUnit[] {
  return units.slice(0, Math.max(1, Math.ceil(units.length * QUOTA_EVICTION_SHARE)));
}

/** The least recently read units whose accounted bytes reach `target`. */
function bytesShare(units: BrowseUnit[], target: number): BrowseUnit[] {
  let freed = 0;
  let count = 0;
  while (count < units.length && freed < target) freed += units[count++]?.bytes ?? 0;
  return units.slice(0, count);
}
