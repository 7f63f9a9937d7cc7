import type { CatalogueAuth, CatalogueMembers } from '../create-catalogue.js';
import type { CatalogueSync } from '../sync/catalogue-sync.js';
import type { EpisodeTracking } from '../sync/changes/change-feed.js';
import type { AccountMutations, ListMutations } from '../sync/mutations.js';

/** Calls the core: at once when it is there, else once it has arrived. */
export type WithCore = <R>(call: (core: Omit<CatalogueMembers, 'view' | 'pages'>) => R | Promise<R>) => Promise<R>;

/**
 * The front door's calls made before its core has arrived: each waits for the core, then is the core's. Each object
 * is typed by its interface, so a member left out of one does not compile (no list of names, no cast).
 */
export function waitingCalls(withCore: WithCore) {
  const sync: CatalogueSync = {
    pull: (...args) => withCore((c) => c.sync.pull(...args)),
    pullList: (...args) => withCore((c) => c.sync.pullList(...args)),
    ensureFresh: (...args) => withCore((c) => c.sync.ensureFresh(...args)),
    freshness: (...args) => withCore((c) => c.sync.freshness(...args)),
    refresh: (...args) => withCore((c) => c.sync.refresh(...args)),
    refreshChanges: (...args) => withCore((c) => c.sync.refreshChanges(...args)),
  };
  const track: EpisodeTracking = {
    episode: (...args) => withCore((c) => c.track.episode(...args)),
    series: (...args) => withCore((c) => c.track.series(...args)),
  };
  const auth: CatalogueAuth = {
    ready: () => withCore((c) => c.auth.ready()),
    validate: () => withCore((c) => c.auth.validate()),
    createRequestToken: () => withCore((c) => c.auth.createRequestToken()),
    createSession: (requestToken) => withCore((c) => c.auth.createSession(requestToken)),
    createGuestSession: () => withCore((c) => c.auth.createGuestSession()),
  };
  const lists: ListMutations = { removeItem: (params) => withCore((c) => c.lists.removeItem(params)) };
  const account: AccountMutations = {
    markFavorite: (params) => withCore((c) => c.account.markFavorite(params)),
    addToWatchlist: (params) => withCore((c) => c.account.addToWatchlist(params)),
    rateTvSeries: (params) => withCore((c) => c.account.rateTvSeries(params)),
    deleteTvSeriesRating: (params) => withCore((c) => c.account.deleteTvSeriesRating(params)),
    rateEpisode: (params) => withCore((c) => c.account.rateEpisode(params)),
    deleteEpisodeRating: (params) => withCore((c) => c.account.deleteEpisodeRating(params)),
  };
  return { sync, track, auth, lists, account };
}
