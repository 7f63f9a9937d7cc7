import { isTableRef, tableOfRef } from '../read-ref.js';
import { ANSWERS_STORE, type FirstAnswerRow, STATE_KEY } from './first-answers-db.js';

/**
 * The writers' state, one row beside the answers (key `STATE_KEY`), so that every tab and worker on the database
 * sees the same: `epoch` moves on whenever a write session opens or closes (a view's `mark` taken before that is
 * refused), `pending` holds each open session's expiry (clock ms) by writer id, `directory` the deps of every
 * stored answer (what a write must delete), in the order they were put (oldest first).
 */
export interface WritersState {
  epoch: number;
  pending: Record<string, number>;
  directory: Record<string, string[]>;
}

/** The most answers kept: a page shows a handful of views first, and every write intersects with all of them. */
export const MAX_ANSWERS = 32;

/** Whether a session is open anywhere (a pending entry not yet expired). */
export function anyPending(state: WritersState, now: number): boolean {
  for (const until of Object.values(state.pending)) if (until > now) return true;
  return false;
}

function isState(value: unknown): value is WritersState {
  const state = value as WritersState | undefined;
  return (
    typeof state?.epoch === 'number' &&
    typeof state.pending === 'object' &&
    state.pending !== null &&
    typeof state.directory === 'object' &&
    state.directory !== null
  );
}

/**
 * Runs `body` in one transaction on the store and resolves with what it returned once the transaction has
 * committed (a write is only "done" then), or rejects when it cannot start, fails or aborts.
 */
function transact<T>(
  db: IDBDatabase,
  mode: IDBTransactionMode,
  body: (store: IDBObjectStore, done: (value: T) => void) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    let result: T | undefined;
    let tx: IDBTransaction;
    try {
      tx = db.transaction(ANSWERS_STORE, mode);
    } catch (error) {
      reject(error);
      return;
    }
    tx.oncomplete = () => resolve(result as T);
    tx.onabort = () => reject(tx.error ?? new Error('first answers: transaction aborted'));
    const fail = (error: unknown) => {
      try {
        tx.abort();
      } catch {
        // Already finished: its own event reports it.
      }
      reject(error);
    };
    try {
      body(tx.objectStore(ANSWERS_STORE), (value) => {
        result = value;
      });
    } catch (error) {
      fail(error);
    }
  });
}

/**
 * Reads the state; undefined when the row is malformed (written by something else than this module): a view then
 * stores nothing, and the next write session starts the state over.
 */
export function readState(db: IDBDatabase): Promise<WritersState | undefined> {
  return transact(db, 'readonly', (store, done) => {
    const request = store.get(STATE_KEY);
    request.onsuccess = () => done(request.result === undefined ? emptyState(0) : stateOf(request.result));
  });
}

function emptyState(epoch: number): WritersState {
  return { epoch, pending: {}, directory: {} };
}

function stateOf(value: unknown): WritersState | undefined {
  return isState(value) ? value : undefined;
}

/** What an update decided: its result, and whether the state row is to be written back. */
export interface StateUpdate<T> {
  readonly result: T;
  readonly write: boolean;
}

/**
 * Reads the state, lets `update` change it (and the answers, through `store`), and writes it back, all in ONE
 * readwrite transaction: two writers' updates never interleave. A missing state starts at epoch `seed`; a
 * malformed one (`fresh` true) comes with every answer already deleted, since its directory cannot be trusted.
 * Resolves after the commit.
 */
export function updateState<T>(
  db: IDBDatabase,
  seed: number,
  update: (state: WritersState, store: IDBObjectStore, fresh: boolean) => StateUpdate<T>,
): Promise<T> {
  return transact<T>(db, 'readwrite', (store, done) => {
    const request = store.get(STATE_KEY);
    request.onsuccess = () => {
      try {
        const stored = request.result === undefined ? emptyState(seed) : stateOf(request.result);
        const state = stored ?? emptyState(seed);
        if (!stored) store.clear();
        const { result, write } = update(state, store, !stored);
        if (write || !stored) store.put(state, STATE_KEY);
        done(result);
      } catch {
        // An answer that cannot be stored (not cloneable): nothing of the update lands (`onabort` rejects).
        request.transaction?.abort();
      }
    };
  });
}

/**
 * Deletes every answer and leaves the state row as it is, in a transaction that writes nothing: the way out when
 * an update cannot commit because the disk is full (deleting needs no room, writing the state row does). The
 * directory may then name answers that are gone, which costs a miss, never a wrong answer.
 */
export function deleteEveryAnswer(db: IDBDatabase): Promise<void> {
  return transact<void>(db, 'readwrite', (store, done) => {
    const request = store.getAllKeys();
    request.onsuccess = () => {
      for (const key of request.result) if (key !== STATE_KEY) store.delete(key);
      done(undefined);
    };
  });
}

/**
 * Deletes (in the caller's transaction) every answer whose deps intersect `deps`, or every answer for `'all'`,
 * and their directory entries; returns the keys deleted.
 */
/** Which deps a write touched: a set, or anything answering `has` for one. */
export type DepSet = Pick<ReadonlySet<string>, 'has'>;

/** The deps a write names (`readRef`s, and `tableRef`s that every dep of their table matches) as a `DepSet`. */
export function depSetOf(deps: readonly string[]): DepSet {
  const rows = new Set<string>();
  const tables = new Set<string>();
  for (const dep of deps) (isTableRef(dep) ? tables : rows).add(isTableRef(dep) ? tableOfRef(dep) : dep);
  return { has: (dep) => rows.has(dep) || (tables.size > 0 && tables.has(tableOfRef(dep))) };
}

export function deleteIntersecting(state: WritersState, store: IDBObjectStore, deps: DepSet | 'all'): string[] {
  const keys =
    deps === 'all'
      ? Object.keys(state.directory)
      : Object.keys(state.directory).filter((key) => state.directory[key]?.some((dep) => deps.has(dep)));
  if (deps === 'all') {
    // Also whatever row has no directory entry: `clear` then the state row again (the caller writes it).
    store.clear();
    state.directory = {};
    return keys;
  }
  deleteKeys(state, store, keys);
  return keys;
}

/** Deletes the answers `keys` and their directory entries, in the caller's transaction. */
export function deleteKeys(state: WritersState, store: IDBObjectStore, keys: Iterable<string>): void {
  for (const key of keys) {
    store.delete(key);
    delete state.directory[key];
  }
}

/**
 * Stores an answer and its deps as the newest one, then deletes the oldest beyond `MAX_ANSWERS`, in the caller's
 * transaction. Order is the directory's insertion order: request keys are never integer-like property names
 * (they start with an operation's name), which JavaScript would enumerate first.
 */
export function storeAnswer(
  state: WritersState,
  store: IDBObjectStore,
  key: string,
  row: FirstAnswerRow,
  deps: readonly string[],
): void {
  store.put(row, key);
  delete state.directory[key];
  state.directory[key] = [...deps];
  const keys = Object.keys(state.directory);
  deleteKeys(state, store, keys.slice(0, Math.max(0, keys.length - MAX_ANSWERS)));
}
