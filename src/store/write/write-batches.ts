import { Dexie } from 'dexie';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { yieldToPage } from './yield-to-page.js';

/**
 * At most this many writes share one transaction. What follows a commit runs in one task for all of its writes
 * (Dexie's change notification of every key they put, then each caller's next step): with 16 pages of people in
 * one transaction that task passed 50 ms on a phone's CPU (4× throttled). Four keep it near one page's, and still
 * save three transactions in four.
 */
export const MAX_WRITES_PER_TRANSACTION = 4;

interface PendingWrite {
  readonly tables: readonly string[];
  /** Called once per attempt, inside the transaction; a second call plans again (the first merged what it read). */
  readonly step: () => PromiseLike<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface WriteLine {
  readonly waiting: PendingWrite[];
  running: boolean;
  /** The gate's opener (the same for every write of a database). */
  readonly open: OpenReadwrite;
}

const lines = new WeakMap<CatalogueDatabase, WriteLine>();

/** Opens one readwrite transaction over `tables` and runs `step` in it: the write gate's, its only opener. */
export type OpenReadwrite = <T>(tables: readonly string[], step: () => PromiseLike<T>) => Promise<T>;

/**
 * Runs `step` in a readwrite transaction over `tables`: its own when no write of this database is running, else
 * the next one, shared with the writes that arrived meanwhile. Readwrite transactions over the same tables run one
 * after the other anyway; what sharing saves is each transaction's own cost (its scheduling, its commit, the
 * change notifications after it), which a list's pages arriving together paid once per page. Each write stays
 * atomic (all of it or none), and the writes of one transaction run one after another in arrival order, each
 * after the one before it is done, so a merge reads what the write before it put. If a shared
 * transaction fails, each of its writes runs again in a transaction of its own: one write's failure (a full
 * disk, a bad row) is its own, never its neighbours'. Inside a caller's transaction, the write joins that one.
 */
export function batchedWrite<T>(
  db: CatalogueDatabase,
  tables: readonly string[],
  step: () => PromiseLike<T>,
  open: OpenReadwrite,
): Promise<T> {
  if (Dexie.currentTransaction) return open(tables, step);
  let line = lines.get(db);
  if (!line) {
    line = { waiting: [], running: false, open };
    lines.set(db, line);
  }
  const own = line;
  return new Promise<T>((resolve, reject) => {
    own.waiting.push({ tables, step, resolve: resolve as (value: unknown) => void, reject });
    if (!own.running) void drain(own);
  });
}

async function drain(line: WriteLine): Promise<void> {
  line.running = true;
  let first = true;
  try {
    while (line.waiting.length > 0) {
      // Each transaction after the first starts in a task of its own: the one before it ended in the task that
      // also ran Dexie's change notification of every key it put and its writes' callers, and the next write's
      // planning on top of those made that one task pass 50 ms on a phone's CPU.
      if (!first) await yieldToPage();
      first = false;
      const batch = line.waiting.splice(0, MAX_WRITES_PER_TRANSACTION);
      if (batch.length > 1 && (await runShared(line, batch))) continue;
      for (const write of batch) {
        try {
          // After a shared transaction that failed: each write again in a task of its own, for the same reason.
          if (batch.length > 1) await yieldToPage();
          write.resolve(await line.open(write.tables, write.step));
        } catch (error) {
          write.reject(error);
        }
      }
    }
  } finally {
    line.running = false;
  }
}

/** Runs `batch` in one transaction; false (nothing written, no write settled) when that transaction failed. */
async function runShared(line: WriteLine, batch: readonly PendingWrite[]): Promise<boolean> {
  const names = [...new Set(batch.flatMap((write) => write.tables))];
  let results: unknown[];
  try {
    // Dexie's promises only, no await: a native await inside a Dexie transaction costs zone switches.
    results = await line.open(names, () => {
      const results: unknown[] = [];
      let chain: PromiseLike<unknown> = Dexie.Promise.resolve();
      // Each write starts once the one before it is done: in the task of that write's last answer, so a shared
      // transaction is as many short tasks as it has writes, never one long one.
      for (const write of batch) chain = chain.then(() => write.step().then((result) => results.push(result)));
      return chain.then(() => results);
    });
  } catch {
    return false;
  }
  // Each write's caller goes on in a task of its own: settling a promise runs what its caller does next (the first
  // answers' check, the eviction's accounting) in the settling task, which for every write of a batch at once is
  // the commit's task, already holding Dexie's change notification of all their keys.
  for (const [i, write] of batch.entries()) {
    if (i > 0) await yieldToPage();
    write.resolve(results[i]);
  }
  return true;
}
