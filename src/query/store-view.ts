import type { ResponseOf } from '../api/endpoints.js';
import type { CatalogueParams, PreparedCall } from '../sync/prepare-call.js';
import type { PullOperation } from '../sync/sync-engine.js';
import type { UserScope } from '../sync/user-scope.js';
import { type InteropObservable, observableSymbol, toObservable } from './observable.js';
import { type StoreViewDeps, StoreViewSource } from './store-view-source.js';
import type { View } from './view.js';
import type { ViewRegistry } from './view-registry.js';
import { loadingSnapshot, type ViewSnapshot } from './view-snapshot.js';

/** A live view of one call's stored answer (lists: the service's envelope). */
export interface StoreView<O extends PullOperation> extends View<ViewSnapshot<ResponseOf<O>>> {
  /**
   * The request key the view reads (credential-free). A per-user call's key names the current user's scope, so
   * it changes with `setUser()`; signed out, it is the last user's key (the view then shows no data).
   */
  readonly requestKey: string;
  /**
   * Revalidates now, whatever the freshness (conditional when an ETag is stored). While subscribed, a failure
   * shows as the snapshot's `error` and this resolves; otherwise it rejects with it.
   */
  refresh(): Promise<void>;
}

export type StoreSourceRegistry = ViewRegistry<StoreViewSource<PullOperation>>;

/** The current user's call, or (signed out of a per-user call) the error that says a user is needed. */
type Resolved<O extends PullOperation> = { call: PreparedCall<O> } | { signedOut: unknown };

/**
 * A handle on the shared source of a call. Parameters are validated here, at once (`InvalidParamsError`);
 * the handle holds no state of its own but the last snapshot it saw, so `getSnapshot()` stays stable between
 * subscriptions.
 *
 * A per-user call is resolved for the current user whenever it is read or subscribed, and a subscription moves
 * to the new user's source when the user changes: a view made before `setUser()` must neither keep showing the
 * previous user's data nor fetch into one scope while reading another. Signed out, it shows nothing.
 */
export function createStoreView<O extends PullOperation>(
  deps: StoreViewDeps,
  registry: StoreSourceRegistry,
  operation: O,
  params: CatalogueParams<O> | undefined,
): StoreView<O> {
  const given = (params ?? {}) as CatalogueParams<O>;
  type Snapshot = ViewSnapshot<ResponseOf<O>>;
  const { engine } = deps;
  let resolvedFor: UserScope | undefined = engine.user;
  let resolved: Resolved<O> = { call: engine.prepare(operation, given) };
  let lastCall = (resolved as { call: PreparedCall<O> }).call;
  const perUser = lastCall.userScope !== undefined;
  const resolve = (): Resolved<O> => {
    if (!perUser || engine.user === resolvedFor) return resolved;
    resolvedFor = engine.user;
    try {
      resolved = { call: engine.prepare(operation, given) };
      lastCall = resolved.call;
    } catch (error) {
      resolved = { signedOut: error };
    }
    return resolved;
  };
  let signedOut: { error: unknown; snapshot: Snapshot } | undefined;
  const signedOutSnapshot = (error: unknown): Snapshot => {
    if (signedOut === undefined || signedOut.error !== error) {
      const snapshot: Snapshot = Object.freeze({
        data: undefined,
        status: 'missing',
        fetching: false,
        error,
        updatedAt: undefined,
      });
      signedOut = { error, snapshot };
    }
    return signedOut.snapshot;
  };
  let last: { key: string; snapshot: Snapshot } = { key: lastCall.requestKey, snapshot: loadingSnapshot() };
  const sourceOf = (call: PreparedCall<O>) =>
    registry.acquire(call.requestKey, () => new StoreViewSource(deps, call) as never) as unknown as StoreViewSource<O>;
  const getSnapshot = (): Snapshot => {
    const current = resolve();
    if ('signedOut' in current) return signedOutSnapshot(current.signedOut);
    const key = current.call.requestKey;
    const source = registry.peek(key) as unknown as StoreViewSource<O> | undefined;
    // Another user's last snapshot is never shown: a key not seen yet starts from loading.
    if (source) last = { key, snapshot: source.getSnapshot() };
    else if (last.key !== key) last = { key, snapshot: loadingSnapshot() };
    return last.snapshot;
  };
  const subscribe = (listener: () => void) => {
    if (typeof listener !== 'function') throw new TypeError('subscribe: listener must be a function');
    let attachedKey: string | undefined;
    let detach: (() => void) | undefined;
    /** Listens to the current user's source; true when that moved the subscription. */
    const attach = (): boolean => {
      const current = resolve();
      const key = 'call' in current ? current.call.requestKey : undefined;
      if (detach !== undefined && key === attachedKey) return false;
      const previous = detach;
      attachedKey = key;
      detach = 'call' in current ? sourceOf(current.call).subscribeWith(listener, 'fresh') : () => {};
      // After the new source is held: a source shared with another view of the new key is not restarted.
      previous?.();
      return previous !== undefined;
    };
    attach();
    const stopFollowing = perUser ? engine.onUserChange(() => attach() && listener()) : () => {};
    let active = true;
    return () => {
      if (!active) return;
      active = false;
      stopFollowing();
      detach?.();
    };
  };
  return {
    get requestKey() {
      resolve();
      return lastCall.requestKey;
    },
    subscribe,
    getSnapshot,
    async refresh() {
      const current = resolve();
      if ('signedOut' in current) throw current.signedOut;
      const source = registry.peek(current.call.requestKey);
      if (source) return source.revalidate();
      await engine.pullCall(current.call);
    },
    [observableSymbol](): InteropObservable<Snapshot> {
      return toObservable(subscribe, getSnapshot);
    },
  };
}
