import type { ParamsOf } from '../../api/index.js';

/** The writes the outbox carries: registry operation names. */
export type MutationOperation =
  | 'removeListItem'
  | 'markFavorite'
  | 'addToWatchlist'
  | 'rateTvSeries'
  | 'deleteTvSeriesRating'
  | 'rateEpisode'
  | 'deleteEpisodeRating';

/** A write's parameters without credentials (the engine injects them at send time from the user's row). */
export type MutationParams<O extends MutationOperation> = Omit<ParamsOf<O>, 'session_id' | 'guest_session_id'>;

/** One write, as the outbox stores it: the operation and its credential-free parameters (the service's names). */
export type Mutation = {
  [O in MutationOperation]: { readonly operation: O; readonly params: MutationParams<O> };
}[MutationOperation];

/** A plain copy of an error: never a credential, a URL or the token. */
export interface OutboxError {
  readonly name: string;
  readonly message: string;
  readonly status?: number;
  readonly statusCode?: number;
  readonly at: number;
}

/**
 * Who is sending a row: the instance (a tab, the worker) that claimed it, which attempt, and until when. Every
 * instance on the database sees it, so none cancels, rewrites or sends again a row that may be on the wire.
 */
export interface OutboxClaim {
  /** The claiming catalogue instance's id (random per instance). */
  readonly instance: string;
  /** The row's `attempts` when claimed: completing the row is conditional on the claim still being this one. */
  readonly attempt: number;
  /** Clock time when the claim lapses (its tab died): the row is sendable again, and the sender has aborted. */
  readonly leaseUntil: number;
  /**
   * 1 when the claiming instance holds a liveness lock for its life (`sync/sender-liveness.ts`): the others judge the
   * claim by that lock. Absent on claims of instances without one, and of releases from before the lock (a tab of
   * such a release may still be open beside this one): those are judged by their lease.
   */
  readonly live?: 1;
}

/**
 * One mutation waiting for the service (`pending`), claimed by an instance sending it (`sending`), or refused by
 * the service (`failed`, kept so an app can show it until dismissed). `seq` orders a user's rows: they are sent
 * first in, first out, each only after the one before it is settled (sent, or failed).
 */
export interface OutboxRow {
  seq?: number;
  userScope: string;
  /** Unique per row: names the delivery in events and logs (the service itself has no idempotency keys). */
  idempotencyKey: string;
  /** The target a later change of the same kind coalesces with (`favorite:tv:1399`, `rating:tv:1399`, …). */
  coalesceKey: string;
  mutation: Mutation;
  /** The target's value before the first pending change (coalescing back to it sends nothing); undefined = unknown. */
  baseline?: unknown;
  state: 'pending' | 'sending' | 'failed';
  /** How many times the row was claimed for sending: above 0, it may have reached the service. */
  attempts: number;
  /** Set while `sending`. */
  claim?: OutboxClaim;
  /** After a transient failure: not claimed again before this clock time (backoff; `sync.refresh()` ignores it). */
  notBefore?: number;
  /**
   * Adopted from an earlier release's database (or superseding such a change): not claimed before this clock time,
   * `sync.refresh()` included, so it lands after any send of the earlier change still under way there.
   */
  heldUntil?: number;
  createdAt: number;
  updatedAt: number;
  lastError?: OutboxError;
  /** Set while the row waits for its user to sign in again: the service refused their session as expired. */
  waitingFor?: 'sign-in';
}

/** A signed-in user: the one table a session id is written to, deleted on sign-out. */
export interface UserRow {
  /** The user-scope id (`account:<id>` / `guest:<hash>`). */
  id: string;
  accountId?: number;
  credentials: { account_id: number; session_id: string } | { guest_session_id: string };
  /** When this user was last selected. */
  selectedAt: number;
  /** 1 for the user selected now (restored by a new instance on this database), else 0. */
  current: 0 | 1;
  /**
   * 1 once the service refused these credentials as a session that expired or was revoked (code 3 or 17): the
   * user's changes wait, unsent, until the same user signs in again (a new row without it).
   */
  needsSignIn?: 1;
}

/**
 * What a sign-out leaves of the user's row while it deletes their data: no credentials, never current, so a start
 * restores nobody from it and finishes the deletion first. Smaller than the row it replaces (a full disk may still
 * refuse it: then the row is deleted instead).
 */
export interface SigningOutRow {
  id: string;
  signingOut: 1;
  current: 0;
  selectedAt: number;
}

/** A row of the `users` table: a signed-in user, or the mark of a sign-out not finished yet. */
export type StoredUserRow = UserRow | SigningOutRow;

/** Whether a `users` row is a signed-in user (with credentials), not a sign-out's mark. */
export function isSignedIn(row: StoredUserRow | undefined): row is UserRow {
  return row !== undefined && !('signingOut' in row);
}

/** A stored list (`GET /3/list/{list_id}`), keyed by the requested list id. */
export type ListRow = Record<string, unknown> & { list_id: number; items: { id: number }[]; item_count: number };

/** The tables whose rows pending changes act on. */
export type BaseTable = 'lists' | 'tvAccountStates' | 'episodeAccountStates' | 'watchlistPages';
export type BaseKey = number | (string | number)[];

/**
 * What the service confirmed of one stored row that pending changes act on (its last answer, plus the changes it
 * took since). Kept while any unsettled row touches the row's group; the stored row itself is then this base with
 * the unsettled rows applied in order (`materialize`), so views read the optimistic state directly.
 */
export interface OutboxBaseRow {
  /** `table|JSON key`. */
  ref: string;
  /**
   * What it belongs to: `tv|scope|id`, `episode|scope|s|n|e`, `list|id`, or an account list's (`watchlist|scope` for
   * the TV watchlist, `<operation>|scope` for the others: see `accountListGroup`).
   */
  group: string;
  /** The user scope of a user-scoped row (purged with the user). */
  userScope?: string;
  table: BaseTable;
  key: BaseKey;
  row: Record<string, unknown>;
}

/**
 * What this release keeps of a row it adopted from the earlier database: the change as it was adopted. A row read
 * again unchanged (the earlier database's delete did not happen: the page closed, or an older tab of a release
 * with claims claimed it meanwhile) is not adopted twice; one an older tab rewrote since (a later value folded into
 * it) is a later change and is adopted again. Kept until the earlier database is deleted, or with its user.
 */
export interface AdoptedRow {
  /** The row's `idempotencyKey` in the earlier database (random per row in every earlier release). */
  id: string;
  userScope: string;
  /** The change as adopted (JSON of its mutation). */
  change: string;
}
