import { Dexie, type Table, type Transaction } from 'dexie';
import type { CatalogueDatabase } from '../database/catalogue-database.js';
import { ANSWER_TABLES } from '../first-answers/answer-tables.js';
import { tableOfRef } from '../read-ref.js';
import { type RebaseContext, rebaseOf } from './rebase-mutations.js';
import { batchedWrite } from './write-batches.js';
import type { WritePlan } from './write-plan.js';

/**
 * THE WRITE GATE: every readwrite transaction on the catalogue's database opens here, in `writeThrough`, and
 * nowhere else (test/reliability/write-gate-architecture.test.ts fails on one opened elsewhere in src/). A writer
 * hands over its `WritePlan` (the tables and rows it writes, built by `WritePlan`'s own builders only) and its body;
 * the gate then, in this order:
 *
 *   1. holds the first answers' guard around everything (outside the Dexie transaction: the guard waits on the
 *      first answers' own database, and a Dexie transaction that waits on something else commits early), with the
 *      deps DERIVED from the plan: its rows' `readRef`s and, for a whole table, a `tableRef` that every answer
 *      reading any row of that table intersects (`first-answers-state.ts` matches them); a plan naming rows of no
 *      table an answer reads (`ANSWER_TABLES`) needs no guard;
 *   2. runs the attempt through the quota recovery the engine installed (`setQuotaRecovery`: on a full disk, evict
 *      least recently read browse data and run the whole attempt once more), unless `onFullDisk: 'fail'`;
 *   3. opens ONE readwrite transaction over the plan's scope (shared with the writes that arrive meanwhile for a
 *      `batched` write, see `write-batches.ts`) and, for a response of something pending changes act on, rebases
 *      those changes on it inside that same transaction (`rebase`).
 *
 * A write called while a gate transaction runs joins it: its plan must be within the running one's (the outer
 * write holds the guard for it).
 */

/** How a write goes through the gate, beyond its plan. */
export interface WriteOptions {
  /** Shares a transaction with the writes that arrive meanwhile (responses of a list arriving together). */
  readonly batched?: boolean;
  /** The response's pending changes are put back on top of it, in its transaction (`rebase-mutations.ts`). */
  readonly rebase?: RebaseContext;
  /**
   * What a full disk does: `'recover'` (evict browse data, run the write once more), or `'fail'` for a write that
   * only deletes (an eviction, a clear: recovery would be useless, deleting needs no room, and circular, it evicts
   * through this gate) or has its own way out (a purge drops instead of rebasing).
   * @default 'recover'
   */
  readonly onFullDisk?: 'recover' | 'fail';
}

/** Runs an attempt, and on a full disk makes room and runs it once more (the engine's `BrowseEviction`). */
export type QuotaRecovery = <T>(attempt: () => Promise<T>) => Promise<T>;

const recoveries = new WeakMap<CatalogueDatabase, QuotaRecovery>();
/** The plan of each running gate transaction: what a write joining it may touch. */
const running = new WeakMap<Transaction, WritePlan>();

/** Installs the quota recovery of `db`'s writes (the engine, once); without one a full disk fails the write. */
export function setQuotaRecovery(db: CatalogueDatabase, recovery: QuotaRecovery): void {
  recoveries.set(db, recovery);
}

/** The one way to write the catalogue's database (see the head of this file). */
export function writeThrough<T>(
  db: CatalogueDatabase,
  plan: WritePlan,
  body: () => PromiseLike<T>,
  options: WriteOptions = {},
): Promise<T> {
  const outer = Dexie.currentTransaction;
  if (outer) return joinRunning(db, outer, plan, body);
  const rebase = options.rebase && rebaseOf(db, options.rebase);
  const whole = rebase ? plan.and(rebase.plan) : plan;
  const step = rebase ? rebase.step(body) : body;
  const attempt = (): Promise<T> =>
    // A rebased write runs in a transaction of its own: its scope is every table.
    options.batched && !rebase
      ? batchedWrite(db, whole.scope, step, (tables, shared) => open(db, tables, shared))
      : open(db, whole.scope, step, whole);
  const recovery = options.onFullDisk === 'fail' ? undefined : recoveries.get(db);
  const run = () => (recovery ? recovery(attempt) : attempt());
  // Only rows an answer can read need the guard: a write of read marks or of the outbox opens no write session.
  const deps = whole.refs.filter((ref) => ANSWER_TABLES.has(tableOfRef(ref)));
  return deps.length === 0 ? run() : db.firstAnswers.guard(deps, run);
}

/**
 * Opens one readwrite transaction over `tables` and runs `step` in it (a shared transaction of `batchedWrite`
 * passes the union of its writes' plans).
 */
function open<T>(
  db: CatalogueDatabase,
  tables: readonly string[],
  step: () => PromiseLike<T>,
  plan?: WritePlan,
): Promise<T> {
  const scope: Table[] = tables.map((name) => db.table(name));
  // A shared transaction has no one plan: no write joins it.
  const note = () => plan && running.set(Dexie.currentTransaction, plan);
  // Dexie keeps its zone across native awaits only when the scope function itself is async (it checks the
  // function's constructor), and costs zone switches when it is: the wrapper is async exactly when the step is.
  const body = isAsync(step)
    ? async () => {
        note();
        return step();
      }
    : () => {
        note();
        return step();
      };
  return db.transaction('rw', scope, body);
}

function joinRunning<T>(
  db: CatalogueDatabase,
  outer: Transaction,
  plan: WritePlan,
  body: () => PromiseLike<T>,
): Promise<T> {
  const held = running.get(outer);
  if (!held) throw new TypeError('writeThrough: called inside a transaction the write gate did not open');
  const covered = new Set(held.refs);
  const missing = plan.refs.filter((ref) => !covered.has(ref) && !covered.has(`${ref.slice(0, ref.indexOf('/'))}/*`));
  if (missing.length > 0)
    throw new TypeError(`writeThrough: a joining write names rows its transaction's plan does not: ${missing[0]}`);
  return db.transaction(
    'rw',
    plan.scope.map((name) => db.table(name)),
    body,
  );
}

const AsyncFunction = (async () => {}).constructor;

function isAsync(fn: () => unknown): boolean {
  return fn.constructor === AsyncFunction;
}
