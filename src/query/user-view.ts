import { Subscribable } from '../sync/subscribable.js';
import type { SyncEngine } from '../sync/sync-engine.js';
import type { UserScope } from '../sync/user-scope.js';
import { type InteropObservable, observableSymbol, toObservable } from './observable.js';

/** Who is signed in, as views and events name them: the scope id, never a session id. */
export interface CatalogueUser {
  /** `account:<account_id>` or `guest:<hash>`. */
  readonly scopeId: string;
  readonly kind: 'account' | 'guest';
  readonly accountId: number | undefined;
}

/** The current user as a store: `getSnapshot()` is undefined while nobody is signed in, and stable between changes. */
export interface UserView {
  subscribe(listener: () => void): () => void;
  getSnapshot(): CatalogueUser | undefined;
  [observableSymbol](): InteropObservable<CatalogueUser | undefined>;
}

export function createUserView(engine: SyncEngine): UserView {
  let shown: { user: UserScope | undefined; snapshot: CatalogueUser | undefined } = {
    user: undefined,
    snapshot: undefined,
  };
  const getSnapshot = (): CatalogueUser | undefined => {
    const user = engine.user;
    if (user !== shown.user) {
      const snapshot = user
        ? Object.freeze({
            scopeId: user.id,
            kind: user.accountId === undefined ? ('guest' as const) : ('account' as const),
            accountId: user.accountId,
          })
        : undefined;
      shown = { user, snapshot };
    }
    return shown.snapshot;
  };
  let stop: (() => void) | undefined;
  const { subscribe, notify } = new Subscribable({
    onFirst: () => {
      stop = engine.onUserChange(() => notify());
    },
    onLast: () => stop?.(),
  });
  return { subscribe, getSnapshot, [observableSymbol]: () => toObservable(subscribe, getSnapshot) };
}
