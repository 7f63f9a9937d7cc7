import type { ResponseOf } from '../api/endpoints.js';
import type { CatalogueParams } from '../sync/prepare-call.js';
import type { PullOperation } from '../sync/sync-engine.js';
import { type InteropObservable, observableSymbol, toObservable } from './observable.js';
import { type StoreViewDeps, StoreViewSource } from './store-view-source.js';
import type { View } from './view.js';
import type { ViewRegistry } from './view-registry.js';
import { loadingSnapshot, type ViewSnapshot } from './view-snapshot.js';

/** A live view of one call's stored answer (lists: the service's envelope). */
export interface StoreView<O extends PullOperation> extends View<ViewSnapshot<ResponseOf<O>>> {
  /** The request key the view reads (credential-free). */
  readonly requestKey: string;
  /**
   * Revalidates now, whatever the freshness (conditional when an ETag is stored). While subscribed, a failure
   * shows as the snapshot's `error` and this resolves; otherwise it rejects with it.
   */
  refresh(): Promise<void>;
}

export type StoreSourceRegistry = ViewRegistry<StoreViewSource<PullOperation>>;

/**
 * A handle on the shared source of a call. Parameters are validated here, at once (`InvalidParamsError`);
 * the handle holds no state of its own but the last snapshot it saw, so `getSnapshot()` stays stable between
 * subscriptions.
 */
export function createStoreView<O extends PullOperation>(
  deps: StoreViewDeps,
  registry: StoreSourceRegistry,
  operation: O,
  params: CatalogueParams<O> | undefined,
): StoreView<O> {
  const given = (params ?? {}) as CatalogueParams<O>;
  const call = deps.engine.prepare(operation, given);
  const key = call.requestKey;
  type Snapshot = ViewSnapshot<ResponseOf<O>>;
  let last: Snapshot = loadingSnapshot();
  const source = () =>
    registry.acquire(key, () => new StoreViewSource(deps, call, given) as never) as unknown as StoreViewSource<O>;
  const getSnapshot = (): Snapshot => {
    const current = registry.peek(key) as unknown as StoreViewSource<O> | undefined;
    if (current) last = current.getSnapshot();
    return last;
  };
  const subscribe = (listener: () => void) => source().subscribeWith(listener, 'fresh');
  return {
    requestKey: key,
    subscribe,
    getSnapshot,
    async refresh() {
      const current = registry.peek(key);
      if (current) return current.revalidate();
      await deps.engine.pull(operation, given);
    },
    [observableSymbol](): InteropObservable<Snapshot> {
      return toObservable(subscribe, getSnapshot);
    },
  };
}
