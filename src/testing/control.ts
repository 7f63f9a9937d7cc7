import { buildRequest } from '../api/build-request.js';
import { endpoints, type OperationName, type ParamsOf } from '../api/endpoints.js';
import { parseParams } from '../api/parse-params.js';
import type { EpisodeFields } from './data/episodes.js';
import { episodeId } from './data/scale.js';
import { operationHandlers } from './routes/operations.js';
import type { FaultInjector, FaultOptions } from './service/faults.js';
import {
  applyEpisodePatch,
  currentFields,
  findEpisode,
  type MutatedEpisode,
  type MutateOptions,
  mutateEpisodes,
} from './service/mutations.js';
import type { Storm } from './service/pipeline.js';
import type { FakeContext, OperationRequest } from './service/request.js';
import type { Owner, Rated } from './service/state.js';
import { FakeFailure } from './service/status-codes.js';

/** Whose account state to set: a session or a guest session, and a series, one of its episodes, or a movie. */
export type AccountStateTarget = {
  session_id?: string;
  guest_session_id?: string;
} & (
  | {
      series_id: number;
      season_number?: number;
      episode_number?: number;
    }
  | { movie_id: number }
);

/** Drives the fake from a test (also over HTTP under `/__fake/…`). */
export interface FakeControl {
  /** The fake's current time. */
  now(): number;
  /** Moves time: advances the injected clock when it is a virtual clock, else shifts the fake's own time. */
  advanceTime(ms: number): Promise<void>;
  /** Mints a request token, unapproved unless `approved` (the user's step on the website). */
  createRequestToken(options?: { approved?: boolean }): string;
  approveRequestToken(token: string): void;
  /**
   * A ready session, as after the whole token flow: of a new account, or of `account_id` (its user signing in
   * again, say after `expireSession`).
   */
  createSession(options?: { account_id?: number }): { session_id: string; account_id: number };
  /**
   * Ends a session as its expiry or a revoke elsewhere would: every later use of it answers 401 code 3
   * ("Authentication failed"), as the service does for a session id it does not know.
   */
  expireSession(sessionId: string): void;
  createGuestSession(): { guest_session_id: string };
  /**
   * Sets favorite / rated of a series, an episode or a movie, and (sessions only) the watchlist flag of a series or
   * a movie. Joining a favorite or rated list (or the watchlist) dates the entry now: the lists' order.
   */
  setAccountState(target: AccountStateTarget, state: { favorite?: boolean; rated?: Rated; watchlist?: boolean }): void;
  /** Adds a series to the account's TV watchlist at the current time (or `added_at`). */
  addToWatchlist(entry: { session_id: string; series_id: number; added_at?: number }): void;
  /** A list owned by the session's account, holding `items` (movie ids). */
  createList(options: { session_id: string; items: readonly number[] }): { list_id: number };
  listItems(listId: number): number[] | undefined;
  /** Changes seeded-random episodes, recording change items at the current time. */
  mutateEpisodes(options?: MutateOptions): MutatedEpisode[];
  /** Changes one episode's fields. */
  mutateEpisode(episodeId: number, patch: Partial<EpisodeFields>): MutatedEpisode;
  /** The episode id at a position, or undefined. */
  episodeId(position: { series_id: number; season_number: number; episode_number: number }): number | undefined;
  /** An episode's current field values. */
  episode(episodeId: number): (EpisodeFields & { id: number; show_id: number }) | undefined;
  /** Moves every trending list to a new order. */
  reshuffleTrending(): void;
  setFaults(faults: FaultOptions | undefined): void;
  /** Answers every request (or those of `operations`) with 429 for `durationMs` from now (or `startAt`). */
  storm(options: { durationMs: number; startAt?: number; operations?: readonly OperationName[] }): void;
  /**
   * The body the service would serve now for a read operation, from the registry's parameters: no rate limit,
   * faults or log. Image URLs point at `baseUrl`, else at the origin of the last request. Throws when the
   * service would answer an error.
   */
  groundTruth<O extends OperationName>(operation: O, params: ParamsOf<O>): unknown;
  /** Every series summary (as discover lists them) including adult ones: for brute-force checks at small scale. */
  allSeries(): Record<string, unknown>[];
}

export interface ControlDeps {
  readonly ctx: FakeContext;
  readonly faults: FaultInjector;
  readonly storms: Storm[];
  readonly now: () => number;
  readonly shift: (ms: number) => void;
}

function target(ctx: FakeContext, t: AccountStateTarget): { owner: Owner; key: string; id: number; tv: boolean } {
  const query = new URLSearchParams();
  if (t.session_id !== undefined) query.set('session_id', t.session_id);
  if (t.guest_session_id !== undefined) query.set('guest_session_id', t.guest_session_id);
  let owner: Owner;
  try {
    owner = ctx.state.owner(query, true);
  } catch {
    throw new TypeError('setAccountState: unknown session_id or guest_session_id');
  }
  if ('movie_id' in t) {
    if (ctx.cat.movies.index(t.movie_id) === undefined) throw new TypeError(`unknown movie_id ${t.movie_id}`);
    return { owner, key: `movie:${t.movie_id}`, id: t.movie_id, tv: false };
  }
  const index = ctx.cat.series.index(t.series_id);
  if (index === undefined) throw new TypeError(`unknown series_id ${t.series_id}`);
  if (t.season_number === undefined) return { owner, key: `tv:${t.series_id}`, id: t.series_id, tv: true };
  const id = episodeId(index, t.season_number, t.episode_number ?? 1);
  if (!findEpisode(ctx, id)) throw new TypeError('setAccountState: no such episode');
  return { owner, key: `episode:${id}`, id: t.series_id, tv: true };
}

export function createControl(deps: ControlDeps): FakeControl {
  const { ctx } = deps;
  const accountOf = (sessionId: string): number => {
    const accountId = ctx.state.sessions.get(sessionId);
    if (accountId === undefined) throw new TypeError('unknown session_id');
    return accountId;
  };
  const control: FakeControl = {
    now: deps.now,
    async advanceTime(ms) {
      if (!(ms >= 0)) throw new TypeError('advanceTime: ms must be ≥ 0');
      const clock = ctx.options.clock as { advance?: (ms: number) => Promise<void> };
      if (typeof clock.advance === 'function') await clock.advance(ms);
      else deps.shift(ms);
    },
    createRequestToken: (options = {}) => ctx.state.createRequestToken(deps.now(), options.approved ?? false),
    approveRequestToken(token) {
      const entry = ctx.state.requestTokens.get(token);
      if (!entry) throw new TypeError('approveRequestToken: unknown request token');
      entry.approved = true;
    },
    createSession(options = {}) {
      const known = options.account_id;
      if (known !== undefined && !ctx.state.accounts.has(known)) {
        throw new TypeError('createSession: unknown account_id');
      }
      const { sessionId, accountId } = ctx.state.openSession(known);
      return { session_id: sessionId, account_id: accountId };
    },
    expireSession(sessionId) {
      if (!ctx.state.sessions.delete(sessionId)) throw new TypeError('expireSession: unknown session_id');
    },
    createGuestSession: () => ({ guest_session_id: ctx.state.openGuestSession() }),
    setAccountState(t, state) {
      const { owner, key, id, tv } = target(ctx, t);
      const { watchlist, ...flags } = state;
      ctx.state.setFlags(owner, key, flags, deps.now());
      if (watchlist === undefined) return;
      if (owner.kind !== 'account' || key.startsWith('episode:'))
        throw new TypeError('watchlist needs a session and a series or a movie');
      const list = tv ? ctx.state.watchlist(owner.accountId) : ctx.state.movieWatchlist(owner.accountId);
      if (watchlist) list.set(id, list.get(id) ?? deps.now());
      else list.delete(id);
    },
    addToWatchlist(entry) {
      if (ctx.cat.series.index(entry.series_id) === undefined)
        throw new TypeError(`unknown series_id ${entry.series_id}`);
      ctx.state.watchlist(accountOf(entry.session_id)).set(entry.series_id, entry.added_at ?? deps.now());
    },
    createList(options) {
      const listId = ctx.state.newListId();
      ctx.state.lists.set(listId, { accountId: accountOf(options.session_id), items: [...options.items] });
      return { list_id: listId };
    },
    listItems: (listId) => ctx.state.lists.get(listId)?.items.slice(),
    mutateEpisodes: (options = {}) => mutateEpisodes(ctx, options, deps.now()),
    mutateEpisode(id, patch) {
      const found = findEpisode(ctx, id);
      if (!found) throw new TypeError(`mutateEpisode: unknown episode ${id}`);
      return applyEpisodePatch(ctx, found, patch, deps.now());
    },
    episodeId(position) {
      const index = ctx.cat.series.index(position.series_id);
      if (index === undefined) return undefined;
      const id = episodeId(index, position.season_number, position.episode_number);
      return position.episode_number >= 1 && findEpisode(ctx, id) ? id : undefined;
    },
    episode(id) {
      const found = findEpisode(ctx, id);
      if (!found) return undefined;
      return { id, show_id: ctx.cat.series.id(found.seriesIndex), ...currentFields(ctx, found) };
    },
    reshuffleTrending() {
      ctx.state.trendingShuffles++;
    },
    setFaults: (faults) => deps.faults.set(faults),
    storm(options) {
      if (!(options.durationMs > 0)) throw new TypeError('storm: durationMs must be > 0');
      const from = options.startAt ?? deps.now();
      deps.storms.push({
        from,
        to: from + options.durationMs,
        operations: options.operations && new Set(options.operations),
      });
    },
    groundTruth(operation, params) {
      if (endpoints[operation].method !== 'GET') throw new TypeError('groundTruth: only read operations have one');
      const built = buildRequest(operation, parseParams(operation, params));
      const url = new URL(built.pathAndQuery, 'http://127.0.0.1');
      const template = endpoints[operation].path.split('/');
      const actual = url.pathname.split('/');
      const pathParams: Record<string, string> = {};
      template.forEach((part, i) => {
        const match = /^\{(\w+)\}$/.exec(part);
        if (match?.[1]) pathParams[match[1]] = decodeURIComponent(actual[i] ?? '');
      });
      const req: OperationRequest = {
        params: pathParams,
        query: url.searchParams,
        body: built.body === undefined ? undefined : JSON.parse(built.body),
        origin: ctx.options.baseUrl ?? ctx.state.lastOrigin ?? url.origin,
        now: deps.now(),
      };
      try {
        return operationHandlers[operation](ctx, req).body;
      } catch (error) {
        if (error instanceof FakeFailure)
          throw new Error(`groundTruth(${operation}): the service answers ${error.result.status}`);
        throw error;
      }
    },
    allSeries: () => Array.from({ length: ctx.cat.sizes.series }, (_, i) => ctx.cat.seriesSummary(i, false)),
  };
  return control;
}
