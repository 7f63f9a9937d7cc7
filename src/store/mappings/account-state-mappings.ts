import type { ResponseOf } from '../../api/index.js';
import type { EpisodeAccountStateRow, TvAccountStateRow } from '../tables/rows.js';
import type { MappingContext, ResourceMapping } from './store-mapping.js';

/** The user scope of a user-scoped call; the writer and reader check it is there before a mapping runs. */
function scopeOf(context: MappingContext<'tvAccountStates' | 'episodeAccountStates'>): string {
  return context.userScope as string;
}

/** A series' account state for one user scope, keyed `[userScope+series_id]`. */
export const tvAccountStatesMapping: ResourceMapping<'tvAccountStates'> = {
  kind: 'resource',
  userScoped: true,
  tables: ['tvAccountStates'],
  toRows(data: ResponseOf<'tvAccountStates'>, context) {
    const row: TvAccountStateRow = { ...data, userScope: scopeOf(context), series_id: context.params.series_id };
    return { records: [{ table: 'tvAccountStates', rows: [row as unknown as Record<string, unknown>] }] };
  },
  async read(context) {
    const row = await context.record<TvAccountStateRow>('tvAccountStates', [
      scopeOf(context),
      context.params.series_id,
    ]);
    if (!row) return undefined;
    const { userScope: _scope, series_id: _series, ...state } = row;
    return state;
  },
};

/** An episode's account state for one user scope, keyed by user scope, series, season and episode number. */
export const episodeAccountStatesMapping: ResourceMapping<'episodeAccountStates'> = {
  kind: 'resource',
  userScoped: true,
  tables: ['episodeAccountStates'],
  toRows(data: ResponseOf<'episodeAccountStates'>, context) {
    const { series_id, season_number, episode_number } = context.params;
    const row: EpisodeAccountStateRow = {
      ...data,
      userScope: scopeOf(context),
      series_id,
      season_number,
      episode_number,
    };
    return { records: [{ table: 'episodeAccountStates', rows: [row as unknown as Record<string, unknown>] }] };
  },
  async read(context) {
    const { series_id, season_number, episode_number } = context.params;
    const row = await context.record<EpisodeAccountStateRow>('episodeAccountStates', [
      scopeOf(context),
      series_id,
      season_number,
      episode_number,
    ]);
    if (!row) return undefined;
    const { userScope: _u, series_id: _s, season_number: _n, episode_number: _e, ...state } = row;
    return state;
  },
};
