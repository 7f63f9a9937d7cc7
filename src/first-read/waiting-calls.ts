import type { CatalogueAuth, CatalogueMembers } from '../create-catalogue.js';
import type { CatalogueSync } from '../sync/catalogue-sync.js';
import type { EpisodeTracking } from '../sync/changes/change-feed.js';
import type { AccountMutations, ListMutations } from '../sync/mutations.js';
import type { CatalogueNews } from '../sync/news/news-types.js';

type Core = Omit<CatalogueMembers, 'view' | 'pages'>;

/** Calls the core: at once when it is there, else once it has arrived. */
export type WithCore = <R>(call: (core: Core) => R | Promise<R>) => Promise<R>;

/** Every member name of `T`, each once: a member left out (or one too many) does not compile. */
type Names<T> = { readonly [N in keyof T]-?: 1 };

type Group = 'sync' | 'track' | 'news' | 'auth' | 'lists' | 'account';

/** `group`'s members, each waiting for the core and then calling its own. */
function waiting<T>(withCore: WithCore, group: Group, names: Names<T>): T {
  return Object.fromEntries(
    Object.keys(names).map((name) => [
      name,
      (...args: unknown[]) =>
        withCore((core) => {
          const members = core[group] as unknown as Record<string, (...a: unknown[]) => unknown>;
          return (members[name] as (...a: unknown[]) => unknown).apply(members, args);
        }),
    ]),
  ) as T;
}

/**
 * The front door's calls made before its core has arrived: each waits for the core, then is the core's. The names
 * are typed by each group's interface, so a member left out of one does not compile.
 */
export function waitingCalls(withCore: WithCore) {
  return {
    sync: waiting<CatalogueSync>(withCore, 'sync', {
      pull: 1,
      pullList: 1,
      ensureFresh: 1,
      freshness: 1,
      refresh: 1,
      refreshChanges: 1,
      entries: 1,
    }),
    track: waiting<EpisodeTracking>(withCore, 'track', { episode: 1, series: 1 }),
    news: waiting<CatalogueNews>(withCore, 'news', { follow: 1, since: 1 }),
    auth: waiting<CatalogueAuth>(withCore, 'auth', {
      ready: 1,
      validate: 1,
      createRequestToken: 1,
      createSession: 1,
      createGuestSession: 1,
    }),
    lists: waiting<ListMutations>(withCore, 'lists', { removeItem: 1 }),
    account: waiting<AccountMutations>(withCore, 'account', {
      markFavorite: 1,
      addToWatchlist: 1,
      rateTvSeries: 1,
      deleteTvSeriesRating: 1,
      rateEpisode: 1,
      deleteEpisodeRating: 1,
    }),
  };
}
