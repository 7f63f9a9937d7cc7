import type { Clock } from '../env.js';
import { unfinishedSignOuts } from '../store/auth/sign-out-mark.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { noFirstAnswers } from '../store/first-answers/first-answers.js';
import type { FirstAnswerRow } from '../store/first-answers/first-answers-db.js';
import type { StoredOperation } from '../store/mappings/store-mappings.js';
import { readStoredWithMeta } from '../store/records/read-stored.js';
import type { PreparedCall } from './prepare-call.js';

/** How long to wait before asking again while another tab's write is pending. */
const RETRY_MS = 500;
/** Tries per change shown: past them the key waits for its next change (a miss, never a wrong answer). */
const TRIES = 8;

/**
 * Writes the answers views show into the first answers (`store/first-answers/first-answers.ts`), so the next page load can show
 * them before the library has loaded. Only public calls: a user's answers depend on who is signed in, which the
 * first-read path cannot know. An answer is written from a read of its own, made after a mark: the view's live
 * read may predate a write, and `put` refuses an answer whose read a write could have overtaken.
 */
export class FirstAnswerKeeper {
  readonly #db: CatalogueDatabase;
  readonly #clock: Clock;
  /** Keys being written; true when they changed again meanwhile (written once more after). */
  readonly #running = new Map<string, boolean>();
  /** The writes under way, so closing can let them finish: an answer shown just before a close is kept. */
  readonly #writes = new Set<Promise<void>>();
  /** Ends the waits of writes that sleep while another tab writes: closing does not wait for them. */
  readonly #wakers = new Set<() => void>();
  #closed = false;

  constructor(db: CatalogueDatabase, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  /** A view showed `call`'s answer (new or changed): keep it as the key's first answer. */
  shown(call: PreparedCall<StoredOperation>): void {
    if (call.userScope !== undefined || this.#closed || this.#db.firstAnswers === noFirstAnswers) return;
    const key = call.requestKey;
    if (this.#running.has(key)) {
      this.#running.set(key, true);
      return;
    }
    this.#running.set(key, false);
    const write: Promise<void> = this.#keep(call)
      .catch(() => {
        // A first answer not kept is a miss on the next load, never an error of the view that showed it.
      })
      .finally(() => {
        this.#writes.delete(write);
        const again = this.#running.get(key) === true;
        this.#running.delete(key);
        if (again) this.shown(call);
      });
    this.#writes.add(write);
  }

  /** Takes no more answers; resolves when the writes under way have ended (before the databases close). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const wake of [...this.#wakers]) wake();
    this.#wakers.clear();
    while (this.#writes.size > 0) await Promise.all([...this.#writes]);
  }

  async #keep(call: PreparedCall<StoredOperation>): Promise<void> {
    const answers = this.#db.firstAnswers;
    let waitedAtClose = false;
    for (let attempt = 0; attempt < TRIES; attempt += 1) {
      const mark = await answers.mark(call.requestKey);
      if (!mark) {
        // A write is pending. Closing waits for this instance's own (it ends in `settled()`, within moments), once;
        // another tab's is waited for only while open.
        if (this.#closed) {
          if (waitedAtClose) return;
          waitedAtClose = true;
          await answers.settled();
        } else {
          await Promise.race([answers.settled(), this.#sleep(RETRY_MS)]);
        }
        continue;
      }
      // Stored already, so exact: a page load showing what the last one kept writes nothing.
      if (mark.stored) return;
      // A sign-out began and is not finished (its page died before the purge): the shared rows may still show the
      // user's unsent changes, and the first-read path, which cannot see the mark, would show them to the next
      // person. Read after the mark: a sign-out that begins later changes the epoch first, and `put` refuses.
      if ((await unfinishedSignOuts(this.#db)).length > 0) return;
      const { operation, storeParams, requestKey, listKey } = call;
      const { entry, meta } = await readStoredWithMeta(
        this.#db,
        operation,
        storeParams,
        undefined,
        requestKey,
        listKey,
      );
      if (!entry) return;
      const stored = meta !== undefined && meta.fetchedAt > 0;
      const row: FirstAnswerRow = {
        data: entry.data,
        updatedAt: stored ? meta.fetchedAt : undefined,
        expiresAt: stored ? meta.expiresAt : undefined,
      };
      // The read's own refs name every row it was rebuilt from (the freshness row first).
      if (await answers.put(mark, requestKey, row, entry.refs)) return;
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = this.#clock.setTimeout(() => {
        this.#wakers.delete(wake);
        resolve();
      }, ms);
      const wake = () => {
        this.#clock.clearTimeout(timer);
        resolve();
      };
      this.#wakers.add(wake);
    });
  }
}
