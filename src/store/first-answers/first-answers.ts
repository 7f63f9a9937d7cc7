import type { FirstAnswerRow } from './first-answers-db.js';

/** Taken before a view's fresh read of the main database; `put` refuses it once a write has begun since. */
export interface AnswerMark {
  readonly epoch: number;
  /**
   * An answer for the key asked about is stored: it is exact (every write that could change it deletes it), so
   * it needs no writing again.
   */
  readonly stored: boolean;
}

/**
 * Keeps the first answers exact (never an answer the main database would not give): every main-database write
 * that can change what an answer shows goes through `guard`, which deletes the rows it makes wrong before its
 * main transaction and again after the commit; a view stores an answer only through `mark` → its own fresh read →
 * `put`, which refuses when a write began in between. A crash between the two leaves a miss, never a wrong
 * answer. Works across tabs (the state lives in the database, not in memory).
 */
export interface FirstAnswers {
  /**
   * Runs `write` (one main-database write) as one that may change every answer whose deps include one of `deps`
   * (`readRef` strings: `table/key-json`), or every answer (`'all'`). Resolves or rejects as `write` does.
   */
  guard<T>(deps: readonly string[] | 'all', write: () => PromiseLike<T>): Promise<T>;
  /**
   * Before a view's fresh read of `key`: undefined while a write is pending anywhere (wait for `settled()`, then
   * retry).
   */
  mark(key?: string): Promise<AnswerMark | undefined>;
  /**
   * Stores `row` under `key` with the refs it was read from (`deps`), unless a write began since `mark` or one is
   * pending; resolves whether it stored it.
   */
  put(mark: AnswerMark, key: string, row: FirstAnswerRow, deps: readonly string[]): Promise<boolean>;
  /** Resolves when this instance has no write pending. */
  settled(): Promise<void>;
  /** This instance's own deletions, after they are committed: the keys, or `'all'`. Returns the unsubscribe. */
  onInvalidated(listener: (keys: readonly string[] | 'all') => void): () => void;
  /** Deletes every answer (as `guard('all', …)` around nothing). */
  clear(): Promise<void>;
  close(): void;
}

/** First answers switched off (a database opened without them: store tests, tools): guards only run the write. */
export const noFirstAnswers: FirstAnswers = {
  guard: (_deps, write) => Promise.resolve(write()),
  mark: () => Promise.resolve(undefined),
  put: () => Promise.resolve(false),
  settled: () => Promise.resolve(),
  onInvalidated: () => () => {},
  clear: () => Promise.resolve(),
  close: () => {},
};
