import { languageOf, localizeMovie, localizeSeries } from '../data/translations.js';
import { type FakeContext, type OperationHandler, PAGE_SIZE, paged, pageOf, pathId } from '../service/request.js';
import type { AccountListEntry } from '../service/state.js';
import { FakeFailure, fail, validationResult } from '../service/status-codes.js';

type Kind = 'tv' | 'movie';
type List = 'favorite' | 'watchlist' | 'rated';

/** The entries of one account list, in the fake's state (the same state the writes and `account_states` use). */
function entriesOf(ctx: FakeContext, accountId: number, kind: Kind, list: List): AccountListEntry[] {
  if (list !== 'watchlist') return ctx.state.accountList(accountId, kind, list);
  const watchlist = kind === 'tv' ? ctx.state.watchlist(accountId) : ctx.state.movieWatchlist(accountId);
  return [...watchlist].map(([id, at]) => ({ id, at }));
}

/** The summary an account list serves: as discover lists series and movies (no `media_type`), plus a `rating`. */
function itemOf(ctx: FakeContext, kind: Kind, entry: AccountListEntry, language: string): Record<string, unknown> {
  const { cat } = ctx;
  const summary =
    kind === 'tv'
      ? localizeSeries(cat, cat.seriesSummary(cat.series.index(entry.id) as number, false), language)
      : localizeMovie(cat, cat.movieSummary(cat.movies.index(entry.id) as number, false), language);
  return entry.rating === undefined ? summary : { ...summary, rating: entry.rating };
}

/**
 * `GET /3/account/{account_id}/favorite|watchlist|rated/tv|movies`: the session's own lists only (another account's
 * id answers 401 code 3, as the fake's other account routes do), 20 a page, by the time each entry joined the list
 * (`sort_by` `created_at.asc`, the default, or `created_at.desc`; equal times in the order the fake first saw them).
 */
function accountList(kind: Kind, list: List): OperationHandler {
  return (ctx, req) => {
    const accountId = pathId(req, 'account_id');
    const owner = ctx.state.owner(req.query, false);
    if (owner.kind !== 'account' || owner.accountId !== accountId) fail(3);
    const sortBy = req.query.get('sort_by') ?? 'created_at.asc';
    if (sortBy !== 'created_at.asc' && sortBy !== 'created_at.desc') {
      throw new FakeFailure(validationResult('sort_by must be one of created_at.asc, created_at.desc'));
    }
    const page = pageOf(req);
    const language = languageOf(req.query);
    const sign = sortBy === 'created_at.asc' ? 1 : -1;
    const entries = entriesOf(ctx, accountId, kind, list)
      .map((entry, order) => ({ entry, order }))
      .sort((a, b) => sign * (a.entry.at - b.entry.at || a.order - b.order))
      .map(({ entry }) => entry);
    const results = entries
      .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
      .map((entry) => itemOf(ctx, kind, entry, language));
    return paged(page, results, entries.length);
  };
}

export const accountTvWatchlist = accountList('tv', 'watchlist');
export const accountMovieWatchlist = accountList('movie', 'watchlist');
export const accountTvFavorites = accountList('tv', 'favorite');
export const accountMovieFavorites = accountList('movie', 'favorite');
export const accountTvRated = accountList('tv', 'rated');
export const accountMovieRated = accountList('movie', 'rated');
