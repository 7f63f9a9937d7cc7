import { getOrCreate } from '../data/get-or-create.js';
import { hash32, RecordRandom } from '../data/random.js';
import { fail } from './status-codes.js';

export type Rated = false | { value: number };

/** One change of one episode field, stored as it will be served (FACTS §6). */
export interface ChangeEntry {
  readonly key: string;
  readonly id: string;
  readonly action: 'added' | 'updated' | 'deleted';
  readonly time: number;
  readonly iso_639_1?: string;
  readonly iso_3166_1?: string;
  readonly value?: unknown;
  readonly original_value?: unknown;
}

/** Who a user-scoped request acts for: an account (session) or a guest session. */
export type Owner =
  | { readonly kind: 'account'; readonly accountId: number }
  | { readonly kind: 'guest'; readonly id: string };

interface Flags {
  favorite: boolean;
  rated: Rated;
  /** When the target became a favorite (the favorite lists' `created_at` order). */
  favoriteAt?: number;
  /** When the target was first rated (the rated lists' order; rating again keeps its place). */
  ratedAt?: number;
}

/** One entry of an account list: the target's id, when it joined the list, and the rating of a rated list. */
export interface AccountListEntry {
  readonly id: number;
  readonly at: number;
  readonly rating?: number;
}

const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Everything that changes while the fake runs: credentials, user state, lists, episode change records and the
 * trending shuffle count. Ids and tokens come from a seeded stream, so runs are reproducible.
 */
export class FakeState {
  readonly requestTokens = new Map<string, { approved: boolean; expiresAt: number }>();
  readonly sessions = new Map<string, number>();
  /** Every account a session was opened for (a session may end; its account stays). */
  readonly accounts = new Set<number>();
  readonly guestSessions = new Set<string>();
  /** Favorites and ratings by owner key (`a:<account>` / `g:<guest>`) then target key (`tv:<id>`, `episode:<id>`). */
  readonly flags = new Map<string, Map<string, Flags>>();
  /** TV watchlist per account: series id → time added. */
  readonly watchlists = new Map<number, Map<number, number>>();
  /** Movie watchlist per account: movie id → time added. */
  readonly movieWatchlists = new Map<number, Map<number, number>>();
  readonly lists = new Map<number, { accountId: number; items: number[] }>();
  /** Change records per episode id, oldest first. */
  readonly changes = new Map<number, ChangeEntry[]>();
  trendingShuffles = 0;
  /** Origin of the last request: where `groundTruth`'s image URLs point when no `baseUrl` is set. */
  lastOrigin: string | undefined;
  mutationRounds = 0;
  #random: RecordRandom;
  #nextAccountId: number;
  #nextListId: number;

  constructor(seed: number) {
    this.#random = new RecordRandom(hash32(seed, 0x5e55));
    this.#nextAccountId = 10_000 + (hash32(seed, 1) % 10_000);
    this.#nextListId = 8_000_000 + (hash32(seed, 2) % 100_000);
  }

  /** A 24-hex id like the service's object ids: its first 8 digits are the creation time in seconds. */
  objectId(time: number): string {
    return (
      Math.floor(time / 1000)
        .toString(16)
        .padStart(8, '0')
        .slice(-8) + this.#random.hex(16)
    );
  }

  createRequestToken(now: number, approved: boolean): string {
    const token = this.#random.hex(40);
    this.requestTokens.set(token, { approved, expiresAt: now + TOKEN_LIFETIME_MS });
    return token;
  }

  /** Opens a session for an approved token (it is consumed), or fails like the service: 17 or 33. */
  createSession(token: string, now: number): { sessionId: string; accountId: number } {
    const entry = this.requestTokens.get(token);
    if (!entry || entry.expiresAt <= now) fail(33);
    if (!entry.approved) fail(17);
    this.requestTokens.delete(token);
    return this.openSession();
  }

  /** A new session, of a new account or (signing in again) of `accountId`. */
  openSession(accountId: number = this.#nextAccountId++): { sessionId: string; accountId: number } {
    const sessionId = this.#random.hex(40);
    this.sessions.set(sessionId, accountId);
    this.accounts.add(accountId);
    return { sessionId, accountId };
  }

  openGuestSession(): string {
    const id = this.#random.hex(32);
    this.guestSessions.add(id);
    return id;
  }

  newListId(): number {
    return this.#nextListId++;
  }

  /** The owner of `session_id` or `guest_session_id`; an unknown credential fails with code 3. */
  owner(query: URLSearchParams, allowGuest: boolean): Owner {
    const sessionId = query.get('session_id');
    const guestId = query.get('guest_session_id');
    if (sessionId !== null) {
      const accountId = this.sessions.get(sessionId);
      if (accountId === undefined) fail(3);
      return { kind: 'account', accountId };
    }
    if (guestId !== null && allowGuest && this.guestSessions.has(guestId)) return { kind: 'guest', id: guestId };
    return fail(3);
  }

  flagsOf(owner: Owner, target: string): Flags {
    const key = owner.kind === 'account' ? `a:${owner.accountId}` : `g:${owner.id}`;
    return this.flags.get(key)?.get(target) ?? { favorite: false, rated: false };
  }

  /** Sets flags at `now`, which dates a target's joining the favorite or rated list (not a change within it). */
  setFlags(owner: Owner, target: string, flags: Partial<Pick<Flags, 'favorite' | 'rated'>>, now: number): void {
    const key = owner.kind === 'account' ? `a:${owner.accountId}` : `g:${owner.id}`;
    const before = this.flagsOf(owner, target);
    const next: Flags = { ...before, ...flags };
    if (next.favorite && !before.favorite) next.favoriteAt = now;
    if (!next.favorite) delete next.favoriteAt;
    if (next.rated !== false && before.rated === false) next.ratedAt = now;
    if (next.rated === false) delete next.ratedAt;
    getOrCreate(this.flags, key, () => new Map<string, Flags>()).set(target, next);
  }

  /**
   * An account's favorites or rated items of one kind (`tv` or `movie`), oldest first: by the time each joined the
   * list, then by the order the fake first saw the target (a map keeps insertion order).
   */
  accountList(accountId: number, kind: 'tv' | 'movie', list: 'favorite' | 'rated'): AccountListEntry[] {
    const entries: AccountListEntry[] = [];
    for (const [target, flags] of this.flags.get(`a:${accountId}`) ?? []) {
      const [type, id] = target.split(':');
      if (type !== kind) continue;
      if (list === 'favorite' && flags.favorite) entries.push({ id: Number(id), at: flags.favoriteAt ?? 0 });
      if (list === 'rated' && flags.rated !== false) {
        entries.push({ id: Number(id), at: flags.ratedAt ?? 0, rating: flags.rated.value });
      }
    }
    return entries;
  }

  watchlist(accountId: number): Map<number, number> {
    return getOrCreate(this.watchlists, accountId, () => new Map<number, number>());
  }

  movieWatchlist(accountId: number): Map<number, number> {
    return getOrCreate(this.movieWatchlists, accountId, () => new Map<number, number>());
  }

  recordChange(episodeId: number, entry: ChangeEntry): void {
    getOrCreate(this.changes, episodeId, (): ChangeEntry[] => []).push(entry);
  }
}
