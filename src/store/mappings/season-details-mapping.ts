import type { ResponseOf } from '../../api/index.js';
import type { SeasonRow } from '../tables/rows.js';
import type { ResourceMapping } from './store-mapping.js';

/**
 * Season details: the episodes go to `episodes` (complete rows, merged with what tagged images brought), the
 * season's own fields and the episode ids in served order to the season row, beside its credits and images.
 */
export const seasonDetailsMapping: ResourceMapping<'seasonDetails'> = {
  kind: 'resource',
  userScoped: false,
  tables: ['seasons', 'episodes'],
  toRows(data: ResponseOf<'seasonDetails'>, { params }) {
    const { episodes, ...details } = data;
    const row: SeasonRow = {
      series_id: params.series_id,
      season_number: params.season_number,
      details: { ...details, episode_ids: episodes.map((episode) => episode.id) },
    };
    return {
      records: [
        { table: 'episodes', rows: episodes },
        { table: 'seasons', rows: [row as unknown as Record<string, unknown>] },
      ],
    };
  },
  async read(context) {
    const { series_id, season_number } = context.params;
    const row = await context.record<SeasonRow>('seasons', [series_id, season_number]);
    if (!row?.details) return undefined;
    const { episode_ids, ...details } = row.details;
    const episodes = await context.records<Record<string, unknown>>('episodes', episode_ids);
    return episodes ? { ...details, episodes } : undefined;
  },
};
