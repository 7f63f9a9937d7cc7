import { defaultOutboxLeaseMs } from '../defaults.js';
import type { Clock, Logger } from '../env.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { deleteEarlierDatabase, openEarlierDatabase } from '../store/database/earlier-database.js';
import { adoptOutboxRow, adoptUserRow, forgetAdoptedRows } from '../store/outbox/adopt-earlier-rows.js';

export interface EarlierDatabaseAdoptionDeps {
  readonly db: CatalogueDatabase;
  /** The IndexedDB factory both names live in. */
  readonly indexedDB: IDBFactory;
  /** The earlier releases' name of this database (without this release's protocol suffix). */
  readonly name: string;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How long an adopted change is held back (`earlierReleaseLongestSendMs`). */
  readonly holdMs: number;
  /** Told when a pass not waited for (`beforeDrain`) adopted changes: the outbox drains again. @default nothing */
  readonly onAdopted?: () => void;
}

/** What one adoption pass did (for tests and logs). */
export interface AdoptionPass {
  readonly found: boolean;
  readonly users: number;
  readonly changes: number;
  readonly deleted: boolean;
}

/**
 * The longest an earlier release can still be sending a change it wrote: every attempt's timeout and the longest
 * backoff after each (releases before the shared outbox: 4 × 30 s timeouts and capped 30 s backoffs; releases with
 * claims abort their send when the lease ends, which is this same figure at its defaults, `defaultOutboxLeaseMs`).
 * An adopted change waits this long after its adoption, so it lands after any late send of it from an older tab.
 * Computed from this page's options: an older tab of the same app runs with the same ones.
 */
export function earlierReleaseLongestSendMs(attempts: number, timeoutMs: number): number {
  return defaultOutboxLeaseMs(attempts, timeoutMs);
}

const NOTHING: AdoptionPass = { found: false, users: 0, changes: 0, deleted: false };

/**
 * Adopts the earlier releases' database into this release's: at start (before any user is restored and before the
 * outbox drains) and on each drain trigger, for as long as older tabs may write there. Each pass:
 * 1. signed-in users: written here, then deleted there. Earlier releases read their users' sessions from that
 *    table before each send, so from then on no older tab starts a send; only a send already under way can land,
 *    which is what the hold on adopted changes waits out;
 * 2. outbox rows, oldest first, each in one step (written here with its adoption record, then deleted there if
 *    still as read); rows of a user whose sign-out began there go with that sign-out;
 * 3. when nothing is left there, the earlier database (and its first answers) is deleted. An older tab that writes
 *    again reopens a fresh one, which the next pass takes.
 * The catalogue (browse data) is not copied: it is a cache, fetched again.
 */
export class EarlierDatabaseAdoption {
  readonly #deps: EarlierDatabaseAdoptionDeps;
  #running: Promise<AdoptionPass> | undefined;
  /** Whether this instance has met the earlier database (then every drain waits for its pass). */
  #found = false;

  constructor(deps: EarlierDatabaseAdoptionDeps) {
    this.#deps = deps;
  }

  /** One pass (joins the one running). Never rejects: a failure is logged and the next trigger tries again. */
  adopt(): Promise<AdoptionPass> {
    this.#running ??= this.#pass()
      .catch((error: unknown) => {
        this.#deps.logger.warn('catalogue-sync: adoption failed', { error: (error as Error)?.name });
        return NOTHING;
      })
      .then((pass) => {
        if (pass.found) this.#found = true;
        return pass;
      })
      .finally(() => {
        this.#running = undefined;
      });
    return this.#running;
  }

  /**
   * A drain's pass. Once this instance has met the earlier database, the drain waits for it: an earlier change is
   * then folded with this release's changes before any of them is claimed. Otherwise (a fresh install, or one
   * whose move is over) the pass runs beside the drain, which claims at once, and a pass that finds and adopts
   * changes starts a drain again (`onAdopted`): an older tab can only write there again if it was open before
   * the move and kept its user in memory.
   */
  beforeDrain(): Promise<AdoptionPass> | undefined {
    const pass = this.adopt();
    if (this.#found) return pass;
    void pass.then((done) => {
      if (done.changes > 0 || done.users > 0) this.#deps.onAdopted?.();
    });
    return undefined;
  }

  async #pass(): Promise<AdoptionPass> {
    const { db, indexedDB, name, clock, holdMs } = this.#deps;
    const earlier = await openEarlierDatabase(indexedDB, name);
    if (!earlier) return NOTHING;
    let users = 0;
    let changes = 0;
    // Left there: a row rewritten since it was read, or a sign-out the earlier release began (left for it to finish).
    let left = 0;
    const signingOut = new Set<unknown>();
    try {
      // Users first: once their rows are gone there, no older tab starts a send.
      for (const row of earlier.users) {
        if ('signingOut' in row.value) {
          signingOut.add(row.value.id);
          left += 1;
          continue;
        }
        if (await adoptUserRow(db, row.value)) users += 1;
        if (!(await earlier.deleteIfUnchanged('users', row))) left += 1;
      }
      for (const row of earlier.outbox) {
        // A user signing out there: their changes go with that sign-out.
        if (signingOut.has(row.value.userScope)) {
          left += 1;
          continue;
        }
        if ((await adoptOutboxRow(db, row.value, { now: clock.now(), holdMs })) === 'adopted') changes += 1;
        if (!(await earlier.deleteIfUnchanged('outbox', row))) left += 1;
      }
    } finally {
      earlier.close();
    }
    if (left > 0) return { found: true, users, changes, deleted: false };
    // Not awaited: the deletion completes only once every older tab's connection has closed.
    deleteEarlierDatabase(indexedDB, name).catch(() => {});
    await forgetAdoptedRows(db);
    return { found: true, users, changes, deleted: true };
  }
}
