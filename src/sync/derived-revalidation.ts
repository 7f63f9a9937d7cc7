import { MAX_PAGE } from '../api/schemas/params.js';
import type { CatalogueDatabase } from '../store/database/catalogue-database.js';
import { DERIVED_TABLES, readWholeLists, type WholeList } from '../store/optimistic/derived-account-state.js';
import { pageRequestKey } from '../store/page-request-key.js';
import { dexieReader } from '../store/records/read-stored.js';
import type { WriteResult } from '../store/records/write-response.js';
import { withoutPage } from '../store/store-keys.js';
import { untilAborted } from './until-aborted.js';

export interface DerivedRevalidationDeps {
  readonly db: CatalogueDatabase;
  /** The clock's time. */
  now(): number;
  readonly userScope: string;
  /** Pulls one page of a list for the current user (shared with every other pull of that page). */
  pull(operation: WholeList['operation'], params: Record<string, unknown>): Promise<WriteResult>;
}

/**
 * Pulls every page of one list: the later pages first, then page 1 (it tells how many there are now), then the pages
 * the list grew to. Later pages first because the store's pages stay whole meanwhile when the list grew at its end
 * (the usual order, `created_at.asc`): new later pages beside the old page 1 still know every member, where a new
 * page 1 beside old later pages would not, and the state would read as unknown until they came. A page fetched since
 * the run began (by a refresh or a view of that page, meanwhile) and still fresh is not fetched twice.
 */
async function refreshList(deps: DerivedRevalidationDeps, list: WholeList, now: number): Promise<WriteResult[]> {
  const { db, userScope } = deps;
  const params = withoutPage(list.metas[0]?.params ?? {});
  const due = async (pages: readonly number[]) => {
    const metas = await db.syncMeta.bulkGet(pages.map((page) => pageRequestKey(list.listKey, page, userScope)));
    return pages.filter((_, i) => {
      const meta = metas[i];
      return !(meta !== undefined && meta.fetchedAt >= now && meta.expiresAt > now);
    });
  };
  const pull = (page: number) => deps.pull(list.operation, { ...params, page });
  const pullAll = async (pages: readonly number[]) => Promise.all((await due(pages)).map(pull));
  const later = list.pages.slice(1).map((page) => page.page);
  const results = [...(await pullAll(later)), ...(await pullAll([1]))];
  const first = await db.watchlistPages.get([userScope, list.listKey, 1]);
  const total = Math.min(MAX_PAGE, Math.max(1, first?.total_pages ?? 1));
  const grown = Array.from({ length: total - 1 }, (_, i) => i + 2).filter((page) => !later.includes(page));
  return [...results, ...(await pullAll(grown))];
}

/** What a run did: pulled pages and something changed, found nothing changed, or found a list not whole. */
type Outcome = 'stored' | 'unchanged' | undefined;

/** Rounds of one run: lists marked stale while they were fetched are fetched again, a bounded number of times. */
const MAX_ROUNDS = 3;

/**
 * Reads the user's lists and, when they are whole and stale, pulls them all; undefined when they are not whole. A
 * change the service took while they were fetched marks its list stale again (`completeMutation`): then they are
 * read and pulled again, so that the run ends with them fresh (nothing else would ask: they were stale before).
 */
async function revalidateLists(deps: DerivedRevalidationDeps): Promise<Outcome> {
  const { db, userScope } = deps;
  let outcome: Outcome = 'unchanged';
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = deps.now();
    const whole = await db.transaction('r', [...DERIVED_TABLES], () => readWholeLists(dexieReader(db), userScope));
    if (!whole) return round === 0 ? undefined : outcome;
    if (whole.expiresAt > now) return outcome;
    const results = (await Promise.all(whole.lists.map((list) => refreshList(deps, list, now)))).flat();
    if (results.some((result) => result.outcome === 'stored')) outcome = 'stored';
  }
  return outcome;
}

/**
 * Revalidates `tvAccountStates` answers that the user's whole TV lists give (`derived-account-state.ts`) by
 * revalidating those lists instead of the series' own `account_states`: once any of their pages is stale, every page
 * of the three lists is pulled (conditionally: an unchanged page costs a 304), and the pages a list grew to. All of
 * them, not only the stale ones, so that they expire together and the answer is fresh again whole (a page expiring
 * while another is fetched would leave it stale with nobody to ask again).
 *
 * Every series shown asks at once when the lists expire: one run per user does the work, and the others wait for it
 * and share its outcome, so a screen of 20 hearts costs the lists' pages, not 20 requests, and no series sees the
 * lists half-revalidated (page 1 new, page 2 not yet: not whole). While the lists are fresh there is nothing to
 * fetch (`derived`). `undefined` when a list is not stored whole: the caller then fetches the series itself.
 *
 * A run does not take a caller's signal (others wait for it): an abort only stops that caller waiting.
 */
export class DerivedRevalidation {
  readonly #runs = new Map<string, { readonly id: number; readonly outcome: Promise<Outcome> }>();
  /** Runs started so far: a run's id is its rank. */
  #started = 0;

  async revalidate(
    deps: DerivedRevalidationDeps,
    requestKey: string,
    signal: AbortSignal | undefined,
  ): Promise<WriteResult | undefined> {
    const { userScope } = deps;
    const asked = this.#started;
    for (;;) {
      let run = this.#runs.get(userScope);
      if (!run) {
        const started = { id: ++this.#started, outcome: revalidateLists(deps) };
        started.outcome.then(
          () => this.#end(userScope, started),
          () => this.#end(userScope, started),
        );
        this.#runs.set(userScope, started);
        run = started;
      }
      const outcome = await untilAborted(run.outcome, signal);
      // A run that began before this call read the lists before whatever made this call (a page marked stale since,
      // by a change the service took): the lists are read again, by a run of its own or one begun since.
      if (run.id <= asked) continue;
      if (outcome === undefined) return undefined;
      return outcome === 'stored'
        ? { outcome: 'stored', requestKey, rows: {} }
        : { outcome: 'not-modified', requestKey, reason: 'derived' };
    }
  }

  #end(userScope: string, run: { readonly id: number }): void {
    if (this.#runs.get(userScope) === run) this.#runs.delete(userScope);
  }
}
