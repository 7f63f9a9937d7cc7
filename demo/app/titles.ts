/**
 * Names for ids, from what the catalogue has stored: the public lists the demo syncs (trending, airing today,
 * discover, what popular people are known for) and the user's list and watchlist. Read with `catalogue.read`, which never
 * touches the network; an id none of them holds stays unnamed (the caller falls back to "movie #31").
 */
import type { Catalogue } from '../../src/index.js';
import { demoUserOf } from './demo-user.js';

export type TitleKey = `movie:${number}` | `tv:${number}`;

export const movieKey = (id: number): TitleKey => `movie:${id}`;
export const seriesKey = (id: number): TitleKey => `tv:${id}`;

interface Named {
  readonly id: number;
  readonly title?: string;
  readonly name?: string;
  /** A person's best-known movies and series. */
  readonly known_for?: readonly Named[];
}

/** The stored answers that name movies and series, most likely first (what a change was made from). */
function listReads(
  catalogue: Catalogue,
): Promise<{ results?: readonly Named[]; items?: readonly Named[] } | undefined>[] {
  const quiet = <T>(read: () => Promise<T>) => read().catch(() => undefined);
  const user = demoUserOf(catalogue);
  return [
    ...(user?.list_id === undefined
      ? []
      : [quiet(() => catalogue.read('listDetails', { list_id: user.list_id as number }))]),
    ...(user === undefined
      ? []
      : (['created_at.asc', 'created_at.desc'] as const).map((sort_by) =>
          quiet(() => catalogue.read('accountTvWatchlist', { account_id: user.account_id, sort_by })),
        )),
    ...(['day', 'week'] as const).flatMap((time_window) => [
      quiet(() => catalogue.read('trendingMovies', { time_window })),
      quiet(() => catalogue.read('trendingTv', { time_window })),
    ]),
    quiet(() => catalogue.read('airingToday')),
    // What popular people are known for: movies and series the lists above may not hold.
    ...[1, 2].map((page) => quiet(() => catalogue.read('popularPeople', { page }))),
    ...[1, 2, 3, 4, 5].map((page) => quiet(() => catalogue.read('discoverTv', { sort_by: 'popularity.desc', page }))),
  ];
}

/** Finds what it can of `wanted` in the stored answers: a map from key to name. */
export async function lookUpTitles(
  catalogue: Catalogue,
  wanted: ReadonlySet<TitleKey>,
): Promise<Map<TitleKey, string>> {
  const found = new Map<TitleKey, string>();
  if (wanted.size === 0) return found;
  for (const answer of await Promise.all(listReads(catalogue))) {
    const items = [...(answer?.results ?? []), ...(answer?.items ?? [])];
    for (const item of [...items, ...items.flatMap((person) => person.known_for ?? [])]) {
      if (item.title !== undefined && wanted.has(movieKey(item.id))) found.set(movieKey(item.id), item.title);
      if (item.name !== undefined && wanted.has(seriesKey(item.id))) found.set(seriesKey(item.id), item.name);
    }
  }
  return found;
}
