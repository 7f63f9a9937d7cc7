import { Subscribable } from '../sync/subscribable.js';
import type { SyncEngine } from '../sync/sync-engine.js';
import type { UserScope } from '../sync/user-scope.js';
import { type InteropObservable, observableSymbol, toObservable } from './observable.js';
import { type CatalogueUser, USER_RESTORING, type UserState } from './user-state.js';

const SIGNED_OUT: UserState = Object.freeze({ status: 'signedOut', user: undefined });

export type { CatalogueUser, UserState };

/** The current user as a store: `getSnapshot()` is stable between changes. */
export interface UserView {
  subscribe(listener: () => void): () => void;
  getSnapshot(): UserState;
  [observableSymbol](): InteropObservable<UserState>;
}

/** `restored` settles once the last session's user (if any) has been read back at start. */
export function createUserView(engine: SyncEngine, restored: Promise<unknown>): UserView {
  let known = false;
  let shown: { user: UserScope | undefined; known: boolean; snapshot: UserState } = {
    user: undefined,
    known: false,
    snapshot: USER_RESTORING,
  };
  const getSnapshot = (): UserState => {
    const user = engine.user;
    // Signed in is signed in, restored or not: only a missing user reads differently once the start has looked.
    if (user !== shown.user || (user === undefined && known !== shown.known)) {
      shown = { user, known, snapshot: stateOf(user, known) };
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
  const settle = () => {
    known = true;
    notify();
  };
  void restored.then(settle, settle);
  return { subscribe, getSnapshot, [observableSymbol]: () => toObservable(subscribe, getSnapshot) };
}

function stateOf(user: UserScope | undefined, known: boolean): UserState {
  if (user === undefined) return known ? SIGNED_OUT : USER_RESTORING;
  return Object.freeze({
    status: 'signedIn',
    user: Object.freeze({
      scopeId: user.id,
      kind: user.accountId === undefined ? ('guest' as const) : ('account' as const),
      accountId: user.accountId,
    }),
  });
}
