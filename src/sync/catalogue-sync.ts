import type { WriteResult } from '../store/records/write-response.js';
import type { BackgroundLock } from './background-lock.js';
import type { ChangeFeedSync } from './changes/change-feed.js';
import { refreshWithChanges } from './changes/refresh-with-changes.js';
import type { Freshness } from './freshness.js';
import type { LazyOutbox } from './lazy-outbox.js';
import { lockRefresh } from './lock-refresh.js';
import type { CatalogueParams } from './prepare-call.js';
import type {
  EnsureFreshResult,
  ListOperation,
  PullListOptions,
  PullListResult,
  PullOperation,
  PullOptions,
  RefreshOptions,
  RefreshResult,
  SyncEngine,
} from './sync-engine.js';
import type { ViewEntries } from './view-entries.js';

/** `catalogue.sync`: pulls on demand, and the background refresh. */
export interface CatalogueSync extends ChangeFeedSync {
  /** Fetch one response through the queue and store it (conditional when an ETag is stored). */
  pull<O extends PullOperation>(operation: O, params?: CatalogueParams<O>, options?: PullOptions): Promise<WriteResult>;
  /** Page through a list from page 1 and store every page; ids de-duplicated across drifting pages. */
  pullList<O extends ListOperation>(
    operation: O,
    params: CatalogueParams<O> | undefined,
    options: PullListOptions,
  ): Promise<PullListResult>;
  /** missing → fetch; stale → serve stored data and revalidate in the background; fresh → nothing. */
  ensureFresh<O extends PullOperation>(
    operation: O,
    params?: CatalogueParams<O>,
    options?: Omit<PullOptions, 'force'>,
  ): Promise<EnsureFreshResult>;
  freshness<O extends PullOperation>(operation: O, params?: CatalogueParams<O>): Promise<Freshness>;
  /**
   * The refresh pipeline, under the background lock: the outbox drained, then change feeds, then what is stale
   * revalidated, most recently read first, within a request budget.
   */
  refresh(options?: RefreshOptions): Promise<RefreshResult>;
  /**
   * The live keys (what views observe, and keys kept a moment after their last view left) with their status,
   * freshness, observers and data, and actions per key (refetch, invalidate, remove): for tools such as the
   * devtools' Views pane. Resolves once the catalogue's core is there.
   */
  entries(): Promise<ViewEntries>;
}

export interface CatalogueSyncDeps {
  readonly engine: SyncEngine;
  /** The change feeds, loaded on first use (`lazy-features.ts`); `member` names the call a failed load rejects. */
  readonly changes: (member: string) => Promise<ChangeFeedSync>;
  /** Sends nothing, and loads nothing, when no change waits (`lazy-outbox.ts`). */
  readonly outbox: Pick<LazyOutbox, 'sendNow'>;
  /** One syncer per database: background passes wait their turn. */
  readonly lock: BackgroundLock;
  /** Resolves when the restored user is known (their outbox is drained first). */
  readonly beforeRefresh: () => Promise<void>;
  /** The live keys for tools, made on first ask. */
  readonly entries: () => ViewEntries;
}

export function createCatalogueSync({
  engine,
  changes,
  outbox,
  lock,
  beforeRefresh,
  entries,
}: CatalogueSyncDeps): CatalogueSync {
  return lockRefresh(lock, {
    pull: (operation, params, options) => engine.pull(operation, params, options),
    pullList: (operation, params, options) => engine.pullList(operation, params, options),
    ensureFresh: (operation, params, options) => engine.ensureFresh(operation, params, options),
    freshness: (operation, params) => engine.freshness(operation, params),
    // Mutations first: what is revalidated next then reflects them on the service.
    refresh: async (options) => {
      await beforeRefresh();
      await outbox.sendNow();
      return refreshWithChanges(engine, await changes('sync.refresh'), options);
    },
    refreshChanges: async (options) => (await changes('sync.refreshChanges')).refreshChanges(options),
    entries: async () => entries(),
  });
}
