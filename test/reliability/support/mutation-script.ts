import type { Catalogue } from '../../../src/create-catalogue.js';
import type { MutationReceipt } from '../../../src/sync/mutations.js';

/** A user of the outbox test: an account (all writes) or a guest session (ratings only). */
export interface ScriptUser {
  readonly label: string;
  readonly credentials: { account_id: number; session_id: string } | { guest_session_id: string };
  /** The account's list (accounts only) and its items on the service at the start. */
  readonly list?: { readonly list_id: number; readonly items: readonly number[] };
}

export type Rated = false | { value: number };

/** What the user means the service to hold in the end, from every change call in order. */
export class Intent {
  readonly favorite = new Map<string, boolean>();
  readonly watchlist = new Map<string, boolean>();
  readonly seriesRating = new Map<string, Rated>();
  readonly episodeRating = new Map<string, Rated>();
  readonly removed = new Map<string, Set<number>>();

  static key(user: ScriptUser, id: number | string): string {
    return `${user.label}|${id}`;
  }
}

export interface ScriptPools {
  readonly series: readonly number[];
  /** Episode numbers of season 1 of `series[0]`. */
  readonly episodes: readonly number[];
}

/** One random change call for `user`, applied to the intent too. Pools are small so that changes coalesce. */
export function randomMutation(
  catalogue: Catalogue,
  user: ScriptUser,
  pools: ScriptPools,
  intent: Intent,
  random: () => number,
): Promise<MutationReceipt> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const value = (1 + Math.floor(random() * 19)) / 2;
  const series = pick(pools.series);
  const episode = { series_id: pools.series[0] as number, season_number: 1, episode_number: pick(pools.episodes) };
  const episodeKey = Intent.key(user, `${episode.series_id}x${episode.episode_number}`);
  const isAccount = 'session_id' in user.credentials;
  const kinds = isAccount
    ? ['favorite', 'watchlist', 'rate', 'unrate', 'rateEpisode', 'unrateEpisode', 'remove']
    : ['rate', 'unrate', 'rateEpisode', 'unrateEpisode'];
  switch (pick(kinds)) {
    case 'favorite': {
      const favorite = random() < 0.5;
      intent.favorite.set(Intent.key(user, series), favorite);
      return catalogue.account.markFavorite({ media_type: 'tv', media_id: series, favorite });
    }
    case 'watchlist': {
      const watchlist = random() < 0.5;
      intent.watchlist.set(Intent.key(user, series), watchlist);
      return catalogue.account.addToWatchlist({ media_type: 'tv', media_id: series, watchlist });
    }
    case 'rate':
      intent.seriesRating.set(Intent.key(user, series), { value });
      return catalogue.account.rateTvSeries({ series_id: series, value });
    case 'unrate':
      intent.seriesRating.set(Intent.key(user, series), false);
      return catalogue.account.deleteTvSeriesRating({ series_id: series });
    case 'rateEpisode':
      intent.episodeRating.set(episodeKey, { value });
      return catalogue.account.rateEpisode({ ...episode, value });
    case 'unrateEpisode':
      intent.episodeRating.set(episodeKey, false);
      return catalogue.account.deleteEpisodeRating(episode);
    default: {
      const list = user.list as NonNullable<ScriptUser['list']>;
      const media_id = pick(list.items);
      const removed = intent.removed.get(user.label) ?? new Set<number>();
      removed.add(media_id);
      intent.removed.set(user.label, removed);
      return catalogue.lists.removeItem({ list_id: list.list_id, media_id });
    }
  }
}
