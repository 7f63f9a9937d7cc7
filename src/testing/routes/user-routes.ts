import { KIND } from '../data/kinds.js';
import { recordRandom } from '../data/random.js';
import { episodeId as toEpisodeId } from '../data/scale.js';
import { serviceTime } from '../data/text.js';
import { languageOf, localizeMovie } from '../data/translations.js';
import {
  type FakeContext,
  type OperationHandler,
  type OperationRequest,
  pathId,
  pathIndex,
  pathNumber,
} from '../service/request.js';
import type { Owner } from '../service/state.js';
import { fail, type HandlerResult, statusResult } from '../service/status-codes.js';

const GUEST_LIFETIME_MS = 24 * 60 * 60 * 1000;
const TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/** A write's answer: HTTP 201 with code 1 (created) or 12 (updated), as the real service answers (FACTS §1a). */
function written(code: 1 | 12): HandlerResult {
  const { body } = statusResult(code);
  return { status: 201, body: { ...(body as object), success: true } };
}

function bodyOf(req: OperationRequest): Record<string, unknown> {
  const body = req.body;
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

function accountOwner(ctx: FakeContext, req: OperationRequest): Extract<Owner, { kind: 'account' }> {
  const owner = ctx.state.owner(req.query, false);
  return owner.kind === 'account' ? owner : fail(3);
}

export const createRequestToken: OperationHandler = ({ state }, req) => ({
  status: 200,
  body: {
    success: true,
    expires_at: serviceTime(req.now + TOKEN_LIFETIME_MS),
    request_token: state.createRequestToken(req.now, false),
  },
});

export const createGuestSession: OperationHandler = ({ state }, req) => ({
  status: 200,
  body: {
    success: true,
    guest_session_id: state.openGuestSession(),
    expires_at: serviceTime(req.now + GUEST_LIFETIME_MS),
  },
});

/**
 * `GET /3/account?session_id=` and `GET /3/account/{account_id}?session_id=` (OpenAPI `account-details`): the
 * session's account. An `account_id` that is not the session's answers 401 code 3, as every other account route of
 * the fake does (FACTS §1b: code 3 is what the service answered for a session it would not honour).
 */
export const accountDetails: OperationHandler = (ctx, req) => {
  const { accountId } = accountOwner(ctx, req);
  if (req.params.account_id !== undefined && pathId(req, 'account_id') !== accountId) fail(3);
  // Gravatar's hash is an md5 of the e-mail address: 32 hex digits, for every account (OpenAPI example).
  const hash = recordRandom(ctx.cat.seed, KIND.session, accountId).hex(32);
  return {
    status: 200,
    body: {
      avatar: { gravatar: { hash }, tmdb: { avatar_path: null } },
      id: accountId,
      iso_639_1: 'en',
      iso_3166_1: 'US',
      name: '',
      include_adult: false,
      username: `user${accountId}`,
    },
  };
};

/** Revokes a session; an unknown one answers 404 code 37 ("The requested session could not be found"). */
export const deleteSession: OperationHandler = ({ state }, req) => {
  const sessionId = bodyOf(req).session_id;
  if (typeof sessionId !== 'string' || !state.sessions.delete(sessionId)) fail(37);
  return { status: 200, body: { success: true } };
};

/**
 * A list with its movies; ids the catalogue does not know are left out of `items` (never of `item_count`). The path
 * id is a number (OpenAPI: `list_id` int32) and the answer's `id` its decimal string (OpenAPI example `"id":"1"`).
 */
export const listDetails: OperationHandler = ({ cat, state }, req) => {
  const listId = pathId(req, 'list_id');
  const list = state.lists.get(listId) ?? fail(34);
  const language = languageOf(req.query);
  const items = list.items
    .map((id) => cat.movies.index(id))
    .filter((index): index is number => index !== undefined)
    .map((index) => localizeMovie(cat, cat.movieSummary(index, true), language));
  return {
    status: 200,
    body: {
      created_by: `user${list.accountId}`,
      description: '',
      favorite_count: 0,
      id: String(listId),
      items,
      item_count: list.items.length,
      iso_639_1: 'en',
      name: `List ${listId}`,
      poster_path: null,
    },
  };
};

function mediaTarget(ctx: FakeContext, body: Record<string, unknown>): { key: string; id: number; tv: boolean } {
  const { media_type: type, media_id: id } = body;
  if ((type !== 'movie' && type !== 'tv') || typeof id !== 'number' || !Number.isInteger(id)) fail(47);
  const codec = type === 'tv' ? ctx.cat.series : ctx.cat.movies;
  if (codec.index(id) === undefined) fail(34);
  return { key: `${type}:${id}`, id, tv: type === 'tv' };
}

function checkAccount(req: OperationRequest, owner: Extract<Owner, { kind: 'account' }>): void {
  if (Number(req.params.account_id) !== owner.accountId) fail(3);
}

export const markFavorite: OperationHandler = (ctx, req) => {
  const owner = accountOwner(ctx, req);
  checkAccount(req, owner);
  const body = bodyOf(req);
  const target = mediaTarget(ctx, body);
  if (typeof body.favorite !== 'boolean') fail(47);
  const before = ctx.state.flagsOf(owner, target.key).favorite;
  ctx.state.setFlags(owner, target.key, { favorite: body.favorite }, req.now);
  if (!body.favorite) return statusResult(13);
  return written(before ? 12 : 1);
};

/** Adds to or removes from the TV or movie watchlist (served back by `accountTvWatchlist` / `accountMovieWatchlist`). */
export const addToWatchlist: OperationHandler = (ctx, req) => {
  const owner = accountOwner(ctx, req);
  checkAccount(req, owner);
  const body = bodyOf(req);
  const target = mediaTarget(ctx, body);
  if (typeof body.watchlist !== 'boolean') fail(47);
  const list = target.tv ? ctx.state.watchlist(owner.accountId) : ctx.state.movieWatchlist(owner.accountId);
  const had = list.has(target.id);
  if (!body.watchlist) {
    list.delete(target.id);
    return statusResult(13);
  }
  if (!had) list.set(target.id, req.now);
  return written(had ? 12 : 1);
};

function ratingValue(req: OperationRequest): number {
  const value = bodyOf(req).value;
  if (typeof value !== 'number' || value < 0.5 || value > 10 || !Number.isInteger(value * 2)) fail(18);
  return value;
}

function rate(ctx: FakeContext, req: OperationRequest, key: string): HandlerResult {
  const owner = ctx.state.owner(req.query, true);
  const value = ratingValue(req);
  const before = ctx.state.flagsOf(owner, key).rated;
  ctx.state.setFlags(owner, key, { rated: { value } }, req.now);
  return written(before === false ? 1 : 12);
}

/** Deleting a rating that is not there answers 404 code 34, like the service's "resource not found". */
function unrate(ctx: FakeContext, req: OperationRequest, key: string): HandlerResult {
  const owner = ctx.state.owner(req.query, true);
  if (ctx.state.flagsOf(owner, key).rated === false) fail(34);
  ctx.state.setFlags(owner, key, { rated: false }, req.now);
  return statusResult(13);
}

function seriesKey(ctx: FakeContext, req: OperationRequest): string {
  const index = pathIndex(req, 'series_id', ctx.cat.series);
  return `tv:${ctx.cat.series.id(index)}`;
}

function episodeKey(ctx: FakeContext, req: OperationRequest): string {
  const index = pathIndex(req, 'series_id', ctx.cat.series);
  const seasonNumber = pathNumber(req, 'season_number');
  const episodeNumber = pathNumber(req, 'episode_number');
  const season = ctx.cat.seasons(index).find((s) => s.seasonNumber === seasonNumber);
  if (!season || episodeNumber < 1 || episodeNumber > season.episodeCount) fail(34);
  return `episode:${toEpisodeId(index, seasonNumber, episodeNumber)}`;
}

export const rateTvSeries: OperationHandler = (ctx, req) => rate(ctx, req, seriesKey(ctx, req));
export const deleteTvSeriesRating: OperationHandler = (ctx, req) => unrate(ctx, req, seriesKey(ctx, req));
export const rateEpisode: OperationHandler = (ctx, req) => rate(ctx, req, episodeKey(ctx, req));
export const deleteEpisodeRating: OperationHandler = (ctx, req) => unrate(ctx, req, episodeKey(ctx, req));
