import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { isSignedIn, type MutationOperation, type OutboxError, type UserRow } from '../store/tables/outbox-rows.js';
import { Subscribable } from '../sync/subscribable.js';
import { watch } from './live-source.js';
import { type InteropObservable, observableSymbol, toObservable } from './observable.js';

/** One change of the current user, as an app lists it ("3 changes waiting"). Credential-free. */
export interface OutboxEntry {
  readonly seq: number;
  readonly idempotencyKey: string;
  readonly operation: MutationOperation;
  readonly params: Readonly<Record<string, unknown>>;
  /** `sending`: an instance (this tab, another, the worker) claimed it and may have sent it. */
  readonly state: 'pending' | 'sending' | 'failed';
  readonly attempts: number;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** The last failure: transient for a pending entry (it will be retried), final for a failed one. */
  readonly error?: OutboxError;
  /**
   * `sign-in`: the service refused the user's session (expired or revoked) when this change was sent; it waits,
   * not rolled back, until the same user signs in again (or their sign-out drops it).
   */
  readonly waitingFor?: 'sign-in';
}

export interface OutboxSnapshot {
  /** `loading` until the store has been read once. */
  readonly status: 'loading' | 'ready';
  /** The signed-in user's scope id, or undefined when nobody is signed in. */
  readonly userScope: string | undefined;
  /** Entries not settled yet: pending or sending. */
  readonly pending: number;
  readonly failed: number;
  /** Oldest first. */
  readonly entries: readonly OutboxEntry[];
  /**
   * The service refused the signed-in user's session (it expired or was revoked): nothing of theirs is sent until
   * they sign in again (`setUser` / `auth.createSession` with the same account).
   */
  readonly needsSignIn: boolean;
}

/** The live outbox of the signed-in user: subscribe/getSnapshot (React's `useSyncExternalStore`) and Observable. */
export interface OutboxView {
  subscribe(listener: () => void): () => void;
  getSnapshot(): OutboxSnapshot;
  [observableSymbol](): InteropObservable<OutboxSnapshot>;
  /** Removes a failed entry the user has seen (its change was rolled back already); false when there is none. */
  discard(seq: number): Promise<boolean>;
  /** Sends what is pending now (when online); resolves when that pass ends. */
  drain(): Promise<void>;
}

const LOADING: OutboxSnapshot = Object.freeze({
  status: 'loading',
  userScope: undefined,
  pending: 0,
  failed: 0,
  entries: Object.freeze([]) as readonly OutboxEntry[],
  needsSignIn: false,
});

/** Reads the current user from the `users` table, so switching users re-runs the live query by itself. */
export async function readOutbox(db: CatalogueDatabase): Promise<OutboxSnapshot> {
  const current = (await db.users.toArray()).find((user): user is UserRow => isSignedIn(user) && user.current === 1);
  if (!current) return { ...LOADING, status: 'ready' };
  const rows = await db.outbox.where('userScope').equals(current.id).sortBy('seq');
  const entries = rows.map((row): OutboxEntry => {
    const entry = {
      seq: row.seq as number,
      idempotencyKey: row.idempotencyKey,
      operation: row.mutation.operation,
      params: row.mutation.params as Record<string, unknown>,
      state: row.state,
      attempts: row.attempts,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
    const shown: OutboxEntry = row.lastError ? { ...entry, error: row.lastError } : entry;
    return row.waitingFor ? { ...shown, waitingFor: row.waitingFor } : shown;
  });
  return {
    status: 'ready',
    userScope: current.id,
    pending: entries.filter((e) => e.state !== 'failed').length,
    failed: entries.filter((e) => e.state === 'failed').length,
    entries,
    needsSignIn: current.needsSignIn === 1,
  };
}

/**
 * A live view over the outbox table. The query runs while anyone listens; the snapshot object changes only when
 * the outbox or the selected user did (compared by content, so an unrelated write re-running it emits nothing).
 */
/** What the outbox view asks of the outbox (the sync layer writes; this view only reads). */
export interface OutboxCommands {
  drain(): Promise<void>;
  discard(seq: number): Promise<boolean>;
}

export function createOutboxView(db: CatalogueDatabase, commands: OutboxCommands): OutboxView {
  let snapshot = LOADING;
  let stop: (() => void) | undefined;
  let serialized = '';
  const next = (value: OutboxSnapshot) => {
    const text = JSON.stringify(value);
    if (text === serialized) return;
    serialized = text;
    snapshot = Object.freeze(value);
    notify();
  };
  const { subscribe, notify } = new Subscribable({
    onFirst: () => {
      stop = watch(
        () => readOutbox(db),
        next,
        () => {},
      );
    },
    onLast: () => {
      stop?.();
      stop = undefined;
      // Unwatched, the snapshot would go stale (another user may sign in): the next subscriber starts from loading.
      snapshot = LOADING;
      serialized = '';
    },
  });
  const getSnapshot = () => snapshot;
  return {
    subscribe,
    getSnapshot,
    [observableSymbol]: () => toObservable(subscribe, getSnapshot),
    discard: (seq) => commands.discard(seq),
    drain: () => commands.drain(),
  };
}
