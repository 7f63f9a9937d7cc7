import type { ResponseOf } from '../api/endpoints.js';
import type { CatalogueError } from '../errors/catalogue-error.js';
import { storeFailure } from '../store/store-failure.js';
import type { KeyEntry } from '../sync/key-entry.js';
import { type CatalogueParams, NOBODY, type PreparedCall } from '../sync/prepare-call.js';
import { Subscribable } from '../sync/subscribable.js';
import type { PullOperation, SyncEngine } from '../sync/sync-engine.js';
import type { UserScope } from '../sync/user-scope.js';
import { failedSnapshot, loadingSnapshot, type ViewSnapshot } from '../sync/view-snapshot.js';
import { DISABLED_SNAPSHOT } from './disabled-snapshot.js';
import { type InteropObservable, observableSymbol, toObservable } from './observable.js';
import type { View } from './view.js';

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

/** The current user's call, or (signed out of a per-user call) the error that says a user is needed. */
type Resolved<O extends PullOperation> = { call: PreparedCall<O> } | { signedOut: unknown };

/**
 * The handle on a call's key entry (`sync/key-entry.ts`), made from a call prepared (validated and keyed) once.
 * It holds no state of its own but the last snapshot it saw, so `getSnapshot()` stays stable between
 * subscriptions; every subscriber of the key shares the entry, so a new one gets the current snapshot at once.
 *
 * A per-user call is resolved for the current user whenever it is read or subscribed, and a subscription moves
 * to the new user's entry when the user changes: a view made before `setUser()` must neither keep showing the
 * previous user's data nor fetch into one scope while reading another. Signed out, it shows nothing.
 */
export function createStoreView<O extends PullOperation>(
  engine: SyncEngine,
  prepared: PreparedCall<O>,
  params: CatalogueParams<O> | undefined,
): StoreView<O> {
  type Snapshot = ViewSnapshot<ResponseOf<O>>;
  const { operation } = prepared;
  // The caller's own parameters, for another user's call (the prepared ones carry this user's `account_id`).
  const given = { ...(params ?? {}) } as CatalogueParams<O>;
  // A call made for nobody (signed out) is resolved again at its first read: for the user signed in by then.
  let resolvedFor: UserScope | undefined = prepared.userScope === NOBODY.id ? NOBODY : engine.user;
  let resolved: Resolved<O> = { call: prepared };
  let lastCall = prepared;
  const perUser = prepared.userScope !== undefined;
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
  /** Nothing to show, and why (closed): the same object while the reason stays. */
  let failed: { error: unknown; snapshot: Snapshot } | undefined;
  const missingWith = (error: unknown): Snapshot => {
    if (failed === undefined || failed.error !== error) failed = { error, snapshot: failedSnapshot(error) };
    return failed.snapshot;
  };
  let last: { key: string; snapshot: Snapshot } = { key: lastCall.requestKey, snapshot: loadingSnapshot() };
  let closedError: CatalogueError | undefined;
  const getSnapshot = (): Snapshot => {
    if (engine.closed) {
      closedError ??= engine.stopError;
      return missingWith(closedError as CatalogueError);
    }
    const current = resolve();
    // Signed out of a per-user call: the view waits for a user, as one made signed out does (no error to show).
    if ('signedOut' in current) return DISABLED_SNAPSHOT as Snapshot;
    const key = current.call.requestKey;
    const entry: KeyEntry<O> | undefined = engine.peekEntry<O>(key);
    // Another user's last snapshot is never shown: a key not seen yet starts from loading.
    if (entry) last = { key, snapshot: entry.snapshot };
    else if (last.key !== key) last = { key, snapshot: loadingSnapshot() };
    return last.snapshot;
  };
  // While anyone listens, the handle observes the current user's entry (one observer, whoever listens).
  let attachedKey: string | undefined;
  let detach: (() => void) | undefined;
  let stopFollowing: (() => void) | undefined;
  /** Listens to the current user's entry; true when that moved the subscription. */
  const attach = (): boolean => {
    const current = resolve();
    const key = 'call' in current ? current.call.requestKey : undefined;
    if (detach !== undefined && key === attachedKey) return false;
    const previous = detach;
    attachedKey = key;
    detach = 'call' in current ? engine.entryFor(current.call).observe(notify, 'fresh') : () => {};
    // After the new entry is held: an entry shared with another view of the new key is not restarted.
    previous?.();
    return previous !== undefined;
  };
  const { subscribe: listen, notify } = new Subscribable({
    onFirst: () => {
      attach();
      if (perUser) stopFollowing = engine.onUserChange(() => attach() && notify());
    },
    onLast: () => {
      stopFollowing?.();
      stopFollowing = undefined;
      detach?.();
      detach = undefined;
      attachedKey = undefined;
    },
  });
  const subscribe = (listener: () => void) => {
    // Closed: the snapshot says so and nothing will change.
    if (engine.closed && typeof listener === 'function') return () => {};
    return listen(listener);
  };
  return {
    get requestKey() {
      resolve();
      return lastCall.requestKey;
    },
    subscribe,
    getSnapshot,
    async refresh() {
      if (engine.closed) throw engine.stopError;
      const current = resolve();
      if ('signedOut' in current) throw current.signedOut;
      const entry = engine.peekEntry<O>(current.call.requestKey);
      try {
        if (entry?.observed) return await entry.revalidate();
        await engine.pullCall(current.call);
      } catch (error) {
        throw storeFailure(error, engine.stopError);
      }
    },
    [observableSymbol](): InteropObservable<Snapshot> {
      return toObservable(subscribe, getSnapshot);
    },
  };
}
