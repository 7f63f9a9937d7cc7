import type { Clock } from '../../env.js';
import type { AnswerMark, FirstAnswers } from './first-answers.js';
import { type FirstAnswerRow, type FirstAnswersLocation, openFirstAnswersDb, STATE_KEY } from './first-answers-db.js';
import { FirstAnswersSession } from './first-answers-session.js';
import {
  anyPending,
  deleteEveryAnswer,
  deleteIntersecting,
  deleteKeys,
  depSetOf,
  readState,
  storeAnswer,
  updateState,
} from './first-answers-state.js';

/** How long a write session's pending entry holds (clock ms): past it, a writer that crashed blocks nobody. */
export const PENDING_MS = 30_000;
/** A session renews its pending entry when a write starts this close to its expiry (clock ms). */
export const RENEW_MS = 10_000;
/** A session closes once no write has run or started for this long (real ms, on `timers`). */
export const IDLE_MS = 50;

export interface FirstAnswersOptions {
  /** Where the first answers' database lives (`firstAnswersLocation`): an IndexedDB, or a bucket's. */
  readonly indexedDB: FirstAnswersLocation;
  /** The catalogue database's name; the first answers live in `firstAnswersName(dbName)`. */
  readonly dbName: string;
  /** The catalogue's clock (`Date.now` in a browser): pending entries expire by it, in every tab alike. */
  readonly now: () => number;
  /**
   * Timers for the idle close of a session. Real ones by default, not the catalogue's clock: a virtual clock
   * only moves when a test moves it, and a session must close when the writes stop, whatever the clock does.
   * @default globalThis.setTimeout / clearTimeout
   */
  readonly timers?: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  /** This writer's id in the shared state. @default a random one */
  readonly writerId?: string;
}

/** Unique enough among the tabs of one origin; only names a pending entry. */
function randomId(): string {
  const crypto = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  return typeof crypto?.randomUUID === 'function'
    ? crypto.randomUUID()
    : `w-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
}

const globalTimers: Pick<Clock, 'setTimeout' | 'clearTimeout'> = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

type Phase =
  | { readonly kind: 'idle' }
  | { readonly kind: 'open'; readonly session: FirstAnswersSession }
  | { readonly kind: 'closing'; readonly session: FirstAnswersSession; readonly done: Promise<void> };

/**
 * The writer and the views' side of the first answers' protocol (see `FirstAnswers`). A session:
 *
 *   idle ─guard→ open: one transaction bumps `epoch`, sets `pending[writerId] = now + PENDING_MS`, deletes the
 *     answers the first write's deps intersect, and keeps the directory; then the write runs.
 *   open ─guard→ open: deps intersecting the kept directory are deleted in a small transaction before the write;
 *     none → no transaction. Within RENEW_MS of expiry, the opening transaction runs again instead (renewal).
 *   open ─IDLE_MS without a running or new write→ closing: one transaction deletes again every answer the
 *     session's deps intersect (all after any `'all'`, or after a failed pre-write deletion), bumps `epoch` and
 *     removes the pending entry → idle: `onInvalidated` listeners and `settled()` waiters are told.
 *
 * A write never fails because of the first answers: a failed first-answers transaction only widens the close's
 * deletion to every answer. When the state row cannot be written (a full disk), every answer is deleted in a
 * transaction that writes nothing, before the write and again at the close. Only if not even that commits (a
 * closing connection) do the answers the write made wrong stay; its pending entry then expires after PENDING_MS.
 */
class FirstAnswersWriter implements FirstAnswers {
  readonly #options: FirstAnswersOptions;
  readonly #timers: Pick<Clock, 'setTimeout' | 'clearTimeout'>;
  readonly #writerId: string;
  #connection: Promise<IDBDatabase | undefined> | undefined;
  #phase: Phase = { kind: 'idle' };
  #closed = false;
  readonly #listeners = new Set<(keys: readonly string[] | 'all') => void>();
  readonly #waiters: (() => void)[] = [];

  constructor(options: FirstAnswersOptions) {
    this.#options = options;
    this.#timers = options.timers ?? globalTimers;
    this.#writerId = options.writerId ?? randomId();
  }

  /** Opened on first use; reopened after another connection deleted or upgraded it. */
  #db(): Promise<IDBDatabase | undefined> {
    this.#connection ??= openFirstAnswersDb(this.#options.indexedDB, this.#options.dbName).then((db) => {
      if (db) {
        const close = db.onversionchange;
        db.onversionchange = (event) => {
          close?.call(db, event);
          this.#connection = undefined;
        };
      }
      return db;
    });
    return this.#connection;
  }

  async guard<T>(deps: readonly string[] | 'all', write: () => PromiseLike<T>): Promise<T> {
    const session = await this.#join(deps);
    if (!session) return write();
    try {
      return await write();
    } finally {
      this.#leave(session);
    }
  }

  /** Joins (or opens) this instance's session and deletes what `deps` may make wrong; never rejects. */
  async #join(deps: readonly string[] | 'all'): Promise<FirstAnswersSession | undefined> {
    if (this.#closed) return undefined;
    const db = await this.#db();
    for (;;) {
      if (!db || this.#closed) return undefined;
      const phase = this.#phase;
      if (phase.kind === 'closing') {
        await phase.done;
        continue;
      }
      if (phase.kind === 'idle') {
        const session = new FirstAnswersSession();
        session.running = 1;
        this.#phase = { kind: 'open', session };
        session.note(deps);
        session.ready = this.#renew(db, session, deps);
        await session.ready;
        return session;
      }
      const { session } = phase;
      session.running += 1;
      this.#timers.clearTimeout(session.idleTimer);
      session.note(deps);
      await session.ready;
      await this.#beforeWrite(db, session, deps);
      return session;
    }
  }

  async #beforeWrite(db: IDBDatabase, session: FirstAnswersSession, deps: readonly string[] | 'all'): Promise<void> {
    if (this.#options.now() >= session.until - RENEW_MS) return this.#renew(db, session, deps);
    const hits = session.hits(deps);
    if (hits.length === 0) return;
    try {
      await updateState(db, this.#options.now(), (state, store) => {
        deleteKeys(state, store, hits);
        return { result: undefined, write: true };
      });
      session.forget(hits);
    } catch {
      session.all = true;
      // As in `#renew`: a full disk refuses the state row, not deletions, and the answers must be gone before the
      // write runs (a sign-out's mark relies on it).
      await this.#deleteEveryAnswer(db, session);
    }
  }

  /**
   * Opens or renews the session in one transaction: a new epoch, our pending entry (expired ones of others
   * dropped), the answers `deps` intersect deleted, the directory as it is now.
   */
  async #renew(db: IDBDatabase, session: FirstAnswersSession, deps: readonly string[] | 'all'): Promise<void> {
    const now = this.#options.now();
    const until = now + PENDING_MS;
    try {
      const { deleted, directory } = await updateState(db, now, (state, store, fresh) => {
        state.epoch += 1;
        for (const [writer, expiry] of Object.entries(state.pending)) if (expiry <= now) delete state.pending[writer];
        state.pending[this.#writerId] = until;
        const gone: string[] | 'all' =
          fresh || deps === 'all' ? 'all' : deleteIntersecting(state, store, depSetOf(deps));
        if (gone === 'all') deleteIntersecting(state, store, 'all');
        return { result: { deleted: gone, directory: { ...state.directory } }, write: true };
      });
      session.forget(deleted);
      session.reset(directory);
      session.until = until;
    } catch {
      session.all = true;
      // A full disk refuses the state row, not deletions: the answers go before the write runs, so a crash before
      // the close leaves misses rather than answers of what the write changed.
      await this.#deleteEveryAnswer(db, session);
    }
  }

  async #deleteEveryAnswer(db: IDBDatabase, session: FirstAnswersSession): Promise<void> {
    try {
      await deleteEveryAnswer(db);
      session.forget('all');
    } catch {
      // Not even a deletion commits (the connection is closing): the close tries again.
    }
  }

  #leave(session: FirstAnswersSession): void {
    session.running -= 1;
    if (session.running > 0) return;
    if (this.#closed) {
      void this.#finish(session);
      return;
    }
    this.#timers.clearTimeout(session.idleTimer);
    session.idleTimer = this.#timers.setTimeout(() => {
      if (session.running === 0 && this.#phase.kind === 'open' && this.#phase.session === session) {
        void this.#finish(session);
      }
    }, IDLE_MS);
  }

  /** Closes the session: deletes by its deps again, new epoch, pending entry removed; then tells listeners. */
  #finish(session: FirstAnswersSession): Promise<void> {
    if (this.#phase.kind !== 'open' || this.#phase.session !== session) return Promise.resolve();
    this.#timers.clearTimeout(session.idleTimer);
    const done = (async () => {
      // Closed (a `delete()` may be deleting the database): only the connection it has, never a new one.
      const db = await (this.#closed ? this.#connection : this.#db());
      try {
        if (!db) throw new Error('first answers: no database');
        const deleted = await updateState(db, this.#options.now(), (state, store, fresh) => {
          const gone: string[] | 'all' = session.all || fresh ? 'all' : deleteIntersecting(state, store, session.deps);
          if (gone === 'all') deleteIntersecting(state, store, 'all');
          state.epoch += 1;
          delete state.pending[this.#writerId];
          return { result: gone, write: true };
        });
        session.forget(deleted);
      } catch {
        // The state row could not be written (a full disk): every answer goes in a transaction that writes nothing.
        if (db) await this.#deleteEveryAnswer(db, session);
      }
      this.#phase = { kind: 'idle' };
      const keys = session.deletedAll ? 'all' : [...session.deleted];
      if (keys === 'all' || keys.length > 0) {
        for (const listener of [...this.#listeners]) {
          try {
            listener(keys);
          } catch {
            // A listener's failure is its own: the writers waiting on this close must go on.
          }
        }
      }
      for (const resolve of this.#waiters.splice(0)) resolve();
      if (this.#closed) this.#disconnect();
    })();
    this.#phase = { kind: 'closing', session, done };
    return done;
  }

  async mark(key?: string): Promise<AnswerMark | undefined> {
    if (this.#closed || this.#phase.kind !== 'idle') return undefined;
    const db = await this.#db();
    if (!db) return undefined;
    try {
      const state = await readState(db);
      if (!state || anyPending(state, this.#options.now())) return undefined;
      return { epoch: state.epoch, stored: key !== undefined && Object.hasOwn(state.directory, key) };
    } catch {
      return undefined;
    }
  }

  async put(mark: AnswerMark, key: string, row: FirstAnswerRow, deps: readonly string[]): Promise<boolean> {
    if (typeof key !== 'string' || key === STATE_KEY || typeof mark?.epoch !== 'number') return false;
    // Our own session may have failed to write its pending entry: it still refuses here.
    if (this.#closed || this.#phase.kind !== 'idle') return false;
    const db = await this.#db();
    if (!db) return false;
    try {
      return await updateState(db, 0, (state, store, fresh) => {
        if (fresh || state.epoch !== mark.epoch || anyPending(state, this.#options.now())) {
          return { result: false, write: false };
        }
        // No new epoch: storing an answer makes no other answer wrong.
        storeAnswer(state, store, key, row, deps);
        return { result: true, write: true };
      });
    } catch {
      return false;
    }
  }

  settled(): Promise<void> {
    if (this.#phase.kind === 'idle') return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  onInvalidated(listener: (keys: readonly string[] | 'all') => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  clear(): Promise<void> {
    return this.guard('all', () => Promise.resolve());
  }

  /**
   * Stops guarding: later writes just run. An open session is closed first (at once when no write of it runs,
   * else when the last one ends), so its pending entry does not block other tabs until it expires; then the
   * connection closes.
   */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    const phase = this.#phase;
    if (phase.kind === 'idle') this.#disconnect();
    else if (phase.kind === 'open' && phase.session.running === 0) void this.#finish(phase.session);
  }

  #disconnect(): void {
    const connection = this.#connection;
    this.#connection = undefined;
    void connection?.then((db) => db?.close());
  }
}

/** The first answers of the catalogue database `dbName`, kept exact across tabs (see `FirstAnswers`). */
export function createFirstAnswers(options: FirstAnswersOptions): FirstAnswers {
  const location = options?.indexedDB as { open?: unknown; then?: unknown } | undefined;
  if (typeof location?.open !== 'function' && typeof location?.then !== 'function') {
    throw new TypeError('createFirstAnswers: `indexedDB` must be an IDBFactory (or the promise of a bucket’s)');
  }
  if (typeof options.dbName !== 'string' || options.dbName === '') {
    throw new TypeError('createFirstAnswers: `dbName` must be a non-empty string');
  }
  if (typeof options.now !== 'function') throw new TypeError('createFirstAnswers: `now` must be a function');
  return new FirstAnswersWriter(options);
}
