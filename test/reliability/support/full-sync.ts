import type { Catalogue } from '../../../src/create-catalogue.js';
import { databaseOf } from '../../../src/create-catalogue.js';
import type { RefreshChangesResult } from '../../../src/sync/changes/change-feed-options.js';
import type { CatalogueWorld } from '../../helpers/catalogue-world.js';
import { mutatePlannedEpisodes, pullRound, type SyncPlan } from './sync-plan.js';

export interface FullSyncResult {
  /** Rounds of pulls until every resource was stored (1 without failures). */
  readonly pullRounds: number;
  /** Change-feed runs until every tracked episode was checked after the service changed. */
  readonly changeRounds: number;
  /** Resources still failing, or tracked episodes never checked, after the last round (0 when it completed). */
  readonly unfinished: number;
  readonly changes: readonly RefreshChangesResult[];
}

export interface FullSyncOptions {
  /** Bound on the rounds of each phase. @default 12 */
  readonly maxRounds?: number;
  /** Called once, between the pull and the change feeds: the service's data changes meanwhile. */
  readonly beforeChanges?: () => void;
  /** True once the instance is gone (a simulated crash): the run stops at its next step. */
  readonly stopped?: () => boolean;
}

/**
 * The full sync of issue 11: pull every planned resource (re-running the rounds whose resources failed after the
 * queue's own retries), then let the service change the planned episodes, then run the change feeds of every
 * tracked episode until they all applied. Everything runs on the world's virtual clock.
 */
export async function fullSync(
  world: CatalogueWorld,
  catalogue: Catalogue,
  plan: SyncPlan,
  options: FullSyncOptions = {},
): Promise<FullSyncResult> {
  const maxRounds = options.maxRounds ?? 12;
  let pullRounds = 0;
  let unfinished = plan.resources.length;
  const stopped = options.stopped ?? (() => false);
  while (pullRounds < maxRounds && unfinished > 0 && !stopped()) {
    pullRounds += 1;
    const round = await world.clock.runUntil(pullRound(catalogue, plan));
    unfinished = round.failed;
    if (unfinished > 0) await world.settle(2_000);
  }
  if (stopped()) return { pullRounds, changeRounds: 0, unfinished, changes: [] };
  (options.beforeChanges ?? (() => mutatePlannedEpisodes(world.service, plan, 1)))();
  const changedAt = world.clock.now();
  const changes: RefreshChangesResult[] = [];
  // Feeds are asked by day, so every run polls the episodes of series changed today again, and at these fault
  // rates some poll of a run always fails; what must converge is that every tracked episode got checked (its cursor
  // moved past the change) at least once.
  let unchecked = await uncheckedSince(catalogue, changedAt);
  while (changes.length < maxRounds && unchecked > 0 && !stopped()) {
    changes.push(await world.clock.runUntil(catalogue.sync.refreshChanges({ budget: 100_000 })));
    unchecked = await uncheckedSince(catalogue, changedAt);
    if (unchecked > 0) await world.settle(2_000);
  }
  return { pullRounds, changeRounds: changes.length, unfinished: unfinished + unchecked, changes };
}

/** Tracked episodes whose cursor was not checked since `at`. */
async function uncheckedSince(catalogue: Catalogue, at: number): Promise<number> {
  return databaseOf(catalogue)
    .episodeCursors.filter((cursor) => cursor.checkedAt < at)
    .count();
}
