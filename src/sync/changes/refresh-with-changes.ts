import type { RefreshOptions, RefreshResult, SyncEngine } from '../sync-engine.js';
import type { ChangeFeedSync } from './change-feed.js';

/**
 * `sync.refresh()` with change feeds folded in: the feeds run first (they patch episodes and mark what they cannot
 * patch stale), with at most half the budget so a view's stale data is never starved; the revalidation of stale
 * entries then gets the rest, including what the feeds left unused. The answer stays the revalidation's counts
 * (`RefreshResult`); what the feeds did is reported by `changesApplied` events, and in full by `refreshChanges()`.
 */
export async function refreshWithChanges(
  engine: SyncEngine,
  changes: ChangeFeedSync,
  options: RefreshOptions = {},
): Promise<RefreshResult> {
  const budget = options.budget ?? 100;
  if (!(Number.isInteger(budget) && budget >= 0)) throw new TypeError('refresh: budget must be an integer ≥ 0');
  const shared = { priority: options.priority ?? 'background', signal: options.signal } as const;
  const fed = await changes.refreshChanges({ ...shared, budget: Math.ceil(budget / 2) });
  return engine.refresh({ ...shared, budget: budget - fed.requests });
}
