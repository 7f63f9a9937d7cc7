import type { BackgroundLock } from './background-lock.js';
import type { ChangeFeedSync } from './changes/change-feed.js';
import type { RefreshOptions, RefreshResult } from './sync-engine.js';

interface BackgroundSync extends ChangeFeedSync {
  refresh(options?: RefreshOptions): Promise<RefreshResult>;
}

/**
 * `sync` with its background passes — the whole `refresh()` (stale revalidation, change feeds, outbox drain,
 * whatever it grows to call) and `refreshChanges()` — run under the database's background lock. An instance that
 * asks while another holds it waits its turn; by then the holder has refreshed the shared database, so its own
 * pass finds little or nothing stale and sends little or nothing. Pulls, `ensureFresh` and every other
 * interactive request never wait on the lock.
 */
export function lockRefresh<S extends BackgroundSync>(lock: BackgroundLock, sync: S): S {
  const refresh = sync.refresh.bind(sync);
  const refreshChanges = sync.refreshChanges.bind(sync);
  async function locked<T>(work: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    const outcome = await lock.run(work, { signal });
    // `run` without `skip` always runs the work.
    if (!outcome.ran) throw new Error('background lock: the work was skipped');
    return outcome.value;
  }
  return {
    ...sync,
    refresh: (options?: RefreshOptions) => locked(() => refresh(options), options?.signal),
    refreshChanges: (options?: Parameters<S['refreshChanges']>[0]) =>
      locked(() => refreshChanges(options), options?.signal),
  };
}
