import type { Mutation } from '../tables/outbox-rows.js';

/** The account lists that outbox changes act on (no change of the library rates a movie: `accountMovieRated` is not one). */
export type AccountListOperation =
  | 'accountTvWatchlist'
  | 'accountTvFavorites'
  | 'accountTvRated'
  | 'accountMovieWatchlist'
  | 'accountMovieFavorites';

/** What a change does to one list: the item it acts on, whether it is on the list after it, and its item fields. */
export interface ListEffect {
  readonly id: number;
  readonly listed: boolean;
  /** The user's fields the list shows with the item (a rated list's `rating`). */
  readonly fields?: Readonly<Record<string, unknown>>;
}

export interface AccountListSpec {
  readonly operation: AccountListOperation;
  /** Where the listed records live (an addition is listed only when its record is stored). */
  readonly table: 'tvSeries' | 'movies';
  /** The change's effect on this list, or undefined when it does not act on it. */
  effect(mutation: Mutation): ListEffect | undefined;
}

function flagList(
  operation: AccountListOperation,
  table: 'tvSeries' | 'movies',
  flag: 'favorite' | 'watchlist',
): AccountListSpec {
  const mediaType = table === 'tvSeries' ? 'tv' : 'movie';
  const write = flag === 'favorite' ? 'markFavorite' : 'addToWatchlist';
  return {
    operation,
    table,
    effect(mutation) {
      if (mutation.operation !== write || mutation.params.media_type !== mediaType) return undefined;
      const params = mutation.params as unknown as { media_id: number } & Record<typeof flag, boolean>;
      return { id: params.media_id, listed: params[flag] };
    },
  };
}

export const ACCOUNT_LISTS: { readonly [O in AccountListOperation]: AccountListSpec } = {
  accountTvWatchlist: flagList('accountTvWatchlist', 'tvSeries', 'watchlist'),
  accountTvFavorites: flagList('accountTvFavorites', 'tvSeries', 'favorite'),
  accountMovieWatchlist: flagList('accountMovieWatchlist', 'movies', 'watchlist'),
  accountMovieFavorites: flagList('accountMovieFavorites', 'movies', 'favorite'),
  accountTvRated: {
    operation: 'accountTvRated',
    table: 'tvSeries',
    effect(mutation) {
      if (mutation.operation === 'rateTvSeries') {
        return { id: mutation.params.series_id, listed: true, fields: { rating: mutation.params.value } };
      }
      if (mutation.operation === 'deleteTvSeriesRating') return { id: mutation.params.series_id, listed: false };
      return undefined;
    },
  },
};

const OPERATIONS = Object.keys(ACCOUNT_LISTS) as AccountListOperation[];

export function isAccountListOperation(operation: string): operation is AccountListOperation {
  return Object.hasOwn(ACCOUNT_LISTS, operation);
}

/**
 * The optimistic-state group of one user's list (every sort order of it): `watchlist|<scope>` for the TV watchlist
 * (the name schema version 8 gave it, kept for rows written then), `<operation>|<scope>` for the others.
 */
export function accountListGroup(operation: AccountListOperation, userScope: string): string {
  return operation === 'accountTvWatchlist' ? `watchlist|${userScope}` : `${operation}|${userScope}`;
}

/** The list and user scope of a list group, or undefined for another kind of group. */
export function accountListOfGroup(group: string): { spec: AccountListSpec; userScope: string } | undefined {
  const bar = group.indexOf('|');
  const kind = group.slice(0, bar);
  const operation = kind === 'watchlist' ? 'accountTvWatchlist' : kind;
  if (bar < 0 || !isAccountListOperation(operation)) return undefined;
  return { spec: ACCOUNT_LISTS[operation], userScope: group.slice(bar + 1) };
}

/** The list groups a change acts on. */
export function accountListGroupsOf(userScope: string, mutation: Mutation): string[] {
  return OPERATIONS.filter((operation) => ACCOUNT_LISTS[operation].effect(mutation) !== undefined).map((operation) =>
    accountListGroup(operation, userScope),
  );
}

/** The operation a stored list page belongs to: its list key starts with it (`accountTvRated?…`). */
export function operationOfListKey(listKey: string): string {
  const query = listKey.indexOf('?');
  return query < 0 ? listKey : listKey.slice(0, query);
}
