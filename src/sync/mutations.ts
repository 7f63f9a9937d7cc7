import type { EnqueueResult } from '../store/outbox/outbox-store.js';
import type { MutationOperation, MutationParams } from '../store/tables/outbox-rows.js';
import type { LazyOutbox } from './lazy-outbox.js';
import { type CatalogueParams, prepareCall } from './prepare-call.js';
import type { SyncEngine } from './sync-engine.js';
import type { UserSessions } from './user-sessions.js';

/** What a change call resolves to once its row (and optimistic change) is stored: before anything is sent. */
export type MutationReceipt = EnqueueResult;

/** A change's parameters as a caller passes them: the service's names; `account_id` defaults to the user's. */
export type MutationInput<O extends MutationOperation> = CatalogueParams<O>;

export interface ListMutations {
  /** Removes a movie from a list: optimistic in the stored list, then sent when online. */
  removeItem(params: MutationInput<'removeListItem'>): Promise<MutationReceipt>;
}

export interface AccountMutations {
  /**
   * `POST /3/account/{account_id}/favorite`: setting it back to the stored value before any attempt to send it
   * cancels it (with nothing stored about the series, the last value is sent).
   */
  markFavorite(params: MutationInput<'markFavorite'>): Promise<MutationReceipt>;
  /** `POST /3/account/{account_id}/watchlist`: cancelled like `markFavorite` when set back before any attempt. */
  addToWatchlist(params: MutationInput<'addToWatchlist'>): Promise<MutationReceipt>;
  /** `POST /3/tv/{series_id}/rating`: rating again before it is sent sends only the last value. */
  rateTvSeries(params: MutationInput<'rateTvSeries'>): Promise<MutationReceipt>;
  deleteTvSeriesRating(params: MutationInput<'deleteTvSeriesRating'>): Promise<MutationReceipt>;
  rateEpisode(params: MutationInput<'rateEpisode'>): Promise<MutationReceipt>;
  deleteEpisodeRating(params: MutationInput<'deleteEpisodeRating'>): Promise<MutationReceipt>;
}

export interface MutationsDeps {
  readonly engine: SyncEngine;
  /** Loaded by a sign-in or the first change (`lazy-outbox.ts`): a change call awaits it. */
  readonly outbox: Pick<LazyOutbox, 'enqueue'>;
  readonly sessions: UserSessions;
  readonly language: string;
}

/**
 * The change calls. Each validates its parameters like a request (`InvalidParamsError`, and a signed-in user the
 * operation allows), then hands the credential-free parameters to the outbox.
 */
export function createMutations(deps: MutationsDeps): { lists: ListMutations; account: AccountMutations } {
  /** `member`: the call a failed load of the outbox's chunk rejects (`NetworkError.operation`). */
  async function submit<O extends MutationOperation>(
    member: string,
    operation: O,
    params: MutationInput<O>,
  ): Promise<MutationReceipt> {
    await deps.sessions.ready;
    const call = prepareCall(operation, params, { language: deps.language, user: deps.engine.user });
    const userScope = call.userScope as string;
    const mutation = { operation, params: call.storeParams as unknown as MutationParams<O> };
    return deps.outbox.enqueue(member, userScope, mutation as never);
  }
  return {
    lists: { removeItem: (params) => submit('lists.removeItem', 'removeListItem', params) },
    account: {
      markFavorite: (params) => submit('account.markFavorite', 'markFavorite', params),
      addToWatchlist: (params) => submit('account.addToWatchlist', 'addToWatchlist', params),
      rateTvSeries: (params) => submit('account.rateTvSeries', 'rateTvSeries', params),
      deleteTvSeriesRating: (params) => submit('account.deleteTvSeriesRating', 'deleteTvSeriesRating', params),
      rateEpisode: (params) => submit('account.rateEpisode', 'rateEpisode', params),
      deleteEpisodeRating: (params) => submit('account.deleteEpisodeRating', 'deleteEpisodeRating', params),
    },
  };
}
